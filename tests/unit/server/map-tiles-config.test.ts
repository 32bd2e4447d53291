/**
 * The locator's tile server by configuration (docs/decisions/storefront.md "Dealer locator: a tile
 * server by configuration"): MAP_TILE_URL is a template on one fixed origin, with its attribution;
 * the CSP's img-src gains exactly that origin, nothing wider, and nothing when unset. Also: the
 * locator page's first read, as the client writes it, is the path the server embeds.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig, mapTilesOf } from '../../../server/config';
import { contentSecurityPolicy } from '../../../server/http/security-headers';
import { locatorPath } from '../../../src/api/dealer-locator';
import { LOCATOR_SOURCE } from '../../../src/contracts/dealer-locator';
import { LOCATOR_FIRST_PATH } from '../../../src/contracts/first-screen';

const directive = (csp: string, name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `)) ?? '';

describe('map tiles configuration', () => {
  it('is off by default', () => {
    expect(loadConfig({}).mapTiles).toBeNull();
    expect(directive(contentSecurityPolicy([]), 'img-src')).toBe("img-src 'self' data: blob:");
  });

  it('reads the template, its origin and the attribution', () => {
    expect(
      loadConfig({
        MAP_TILE_URL: 'https://tiles.example:8443/osm/{z}/{x}/{y}.png?key=abc',
        MAP_TILE_ATTRIBUTION: ' © OpenStreetMap contributors ',
      }).mapTiles,
    ).toEqual({
      url: 'https://tiles.example:8443/osm/{z}/{x}/{y}.png?key=abc',
      origin: 'https://tiles.example:8443',
      attribution: '© OpenStreetMap contributors',
    });
    expect(mapTilesOf('http://127.0.0.1:9999/{z}/{x}/{y}.png', 'Test tiles')?.origin).toBe('http://127.0.0.1:9999');
  });

  it('refuses a template it cannot name one origin for, or without its credit', () => {
    const credit = 'Tiles';
    for (const bad of [
      'tiles.example/{z}/{x}/{y}.png',
      'ftp://tiles.example/{z}/{x}/{y}.png',
      'https://{s}.tiles.example/{z}/{x}/{y}.png',
      'https://user:pw@tiles.example/{z}/{x}/{y}.png',
      'https://tiles.example/{z}/{x}.png',
      'https://tiles.example/{z}/{x}/{y}{r}.png',
      'javascript:alert(1)//{z}/{x}/{y}',
    ])
      expect(() => mapTilesOf(bad, credit), bad).toThrow(/MAP_TILE_URL/);
    expect(() => mapTilesOf('https://tiles.example/{z}/{x}/{y}.png', '')).toThrow(/MAP_TILE_ATTRIBUTION/);
    expect(() => mapTilesOf('https://tiles.example/{z}/{x}/{y}.png', '<a href=x>')).toThrow(/MAP_TILE_ATTRIBUTION/);
    expect(() => mapTilesOf(undefined, 'Tiles')).toThrow(/MAP_TILE_URL/);
  });

  it('allows images from exactly that origin', () => {
    const csp = contentSecurityPolicy(["'sha256-x'"], false, 'https://tiles.example:8443');
    expect(directive(csp, 'img-src')).toBe("img-src 'self' data: blob: https://tiles.example:8443");
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self'");
    expect(directive(csp, 'default-src')).toBe("default-src 'self'");
    expect(directive(csp, 'script-src')).toBe("script-src 'self' 'sha256-x'");
  });

  it("has the locator page's first read written as the client asks for it", () => {
    expect(locatorPath(LOCATOR_SOURCE, 'list', { filter: undefined })).toBe(LOCATOR_FIRST_PATH);
  });
});

/**
 * The locator tile map's Web Mercator arithmetic (src/features/dealer-locator/tile-math.ts;
 * docs/decisions/storefront.md "Dealer locator: a tile server by configuration"): known tile
 * numbers, the inverse, the fit to the results, the tiles that cover a box, and the template.
 */
import { describe, expect, it } from 'vitest';
import {
  FIT_MAX_ZOOM,
  fitView,
  panBy,
  project,
  screenPoint,
  TILE_SIZE,
  tileUrl,
  unproject,
  US_CENTER,
  visibleTiles,
  zoomBy,
} from '../../../src/features/dealer-locator/tile-math';

const AUSTIN = { lat: 30.2672, lng: -97.7431 };
const DENVER = { lat: 39.7392, lng: -104.9903 };
const PHOENIX = { lat: 33.4484, lng: -112.074 };

describe('tile math', () => {
  it('projects to the tile numbers slippy maps use', () => {
    expect(project({ lat: 0, lng: 0 }, 0)).toEqual({ x: 128, y: 128 });
    expect(project({ lat: 85.0511287798066, lng: -180 }, 1).y).toBeCloseTo(0, 6);
    // Austin at zoom 10 is tile 233/421 (OpenStreetMap's numbering).
    const p = project(AUSTIN, 10);
    expect([Math.floor(p.x / TILE_SIZE), Math.floor(p.y / TILE_SIZE)]).toEqual([233, 421]);
    const back = unproject(p, 10);
    expect(back.lat).toBeCloseTo(AUSTIN.lat, 9);
    expect(back.lng).toBeCloseTo(AUSTIN.lng, 9);
    // Beyond Mercator's square a point sits on its edge, not at infinity.
    expect(project({ lat: 90, lng: 0 }, 2).y).toBeCloseTo(0, 6);
  });

  it('fits the results: the spec zoom for one store, closer stores closer, all inside the box', () => {
    expect(fitView([AUSTIN], 390, 244).zoom).toBe(FIT_MAX_ZOOM);
    const one = fitView([AUSTIN], 390, 244);
    expect(screenPoint(AUSTIN, one, 390, 244)).toEqual({ x: 195, y: 122 });
    const three = fitView([AUSTIN, DENVER, PHOENIX], 390, 244);
    expect(three.zoom).toBeLessThan(FIT_MAX_ZOOM);
    for (const p of [AUSTIN, DENVER, PHOENIX]) {
      const s = screenPoint(p, three, 390, 244);
      expect(s.x).toBeGreaterThanOrEqual(32);
      expect(s.x).toBeLessThanOrEqual(390 - 32);
      expect(s.y).toBeGreaterThanOrEqual(32);
      expect(s.y).toBeLessThanOrEqual(244 - 32);
    }
    // One zoom closer would not fit them.
    const closer = zoomBy(three, 1);
    const xs = [AUSTIN, DENVER, PHOENIX].map((p) => screenPoint(p, closer, 390, 244));
    expect(
      Math.max(...xs.map((s) => s.x)) - Math.min(...xs.map((s) => s.x)) > 390 - 64 ||
        Math.max(...xs.map((s) => s.y)) - Math.min(...xs.map((s) => s.y)) > 244 - 64,
    ).toBe(true);
    // No store: the United States.
    const none = fitView([], 390, 244);
    expect(unproject(none.center, none.zoom).lat).toBeCloseTo(US_CENTER.lat, 6);
  });

  it('zooms about the centre and pans within the world', () => {
    const v = fitView([AUSTIN], 390, 244);
    const inOut = zoomBy(zoomBy(v, 1), -1);
    expect(inOut.zoom).toBe(v.zoom);
    expect(inOut.center.x).toBeCloseTo(v.center.x, 6);
    expect(zoomBy({ zoom: 18, center: { x: 0, y: 0 } }, 1).zoom).toBe(18);
    expect(zoomBy({ zoom: 2, center: { x: 0, y: 0 } }, -1).zoom).toBe(2);
    const moved = panBy(v, 80, -80, 244);
    expect(moved.center.x - v.center.x).toBeCloseTo(80, 6);
    expect(moved.center.y - v.center.y).toBeCloseTo(-80, 6);
    // The top of the world stops the map; east and west wrap around.
    expect(panBy({ zoom: 2, center: { x: 10, y: 200 } }, -20, -1000, 244).center).toEqual({ x: 1014, y: 122 });
  });

  it('lists the tiles that cover the box, wrapped across 180°, none past the poles', () => {
    // Zoom 1 (a 512-pixel world) in a 300x200 box centred on (0, 0): four tiles around it.
    const tiles = visibleTiles({ zoom: 1, center: { x: 256, y: 256 } }, 300, 200);
    expect(tiles.map((t) => [t.x, t.y, t.left, t.top])).toEqual([
      [0, 0, -106, -156],
      [1, 0, 150, -156],
      [0, 1, -106, 100],
      [1, 1, 150, 100],
    ]);
    const wrapped = visibleTiles({ zoom: 1, center: { x: 0, y: 256 } }, 100, 100);
    expect(wrapped.map((t) => t.x)).toEqual([1, 0, 1, 0]);
    expect(new Set(wrapped.map((t) => t.key)).size).toBe(4);
    const top = visibleTiles({ zoom: 2, center: { x: 512, y: 50 } }, 256, 256);
    expect(top.every((t) => t.y >= 0)).toBe(true);
  });

  it('fills the template', () => {
    expect(tileUrl('https://tiles.example/{z}/{x}/{y}.png?k={z}', { z: 10, x: 233, y: 421 })).toBe(
      'https://tiles.example/10/233/421.png?k=10',
    );
  });
});

/**
 * The tag manager's hosts enter the CSP only when TAG_MANAGER_ID is set (docs/decisions/storefront.md
 * "Marketing events"), and the id must look like a container id.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import { contentSecurityPolicy } from '../../../server/http/security-headers';

const directive = (csp: string, name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `)) ?? '';

describe('tag manager and the CSP', () => {
  it('allows no outside script unless a tag manager is configured', () => {
    const plain = contentSecurityPolicy([]);
    expect(plain).not.toContain('googletagmanager');
    const tm = contentSecurityPolicy(["'sha256-x'"], true);
    expect(directive(tm, 'script-src')).toBe("script-src 'self' https://www.googletagmanager.com 'sha256-x'");
    expect(directive(tm, 'connect-src')).toContain('https://*.google-analytics.com');
    expect(directive(tm, 'img-src')).toContain('https://www.googletagmanager.com');
    expect(directive(tm, 'frame-ancestors')).toBe("frame-ancestors 'none'");
  });

  it('reads TAG_MANAGER_ID as a container id', () => {
    expect(loadConfig({}).tagManagerId).toBeNull();
    expect(loadConfig({ TAG_MANAGER_ID: 'GTM-AB12CD3' }).tagManagerId).toBe('GTM-AB12CD3');
    expect(() => loadConfig({ TAG_MANAGER_ID: 'GTM-x"><script>' })).toThrow(/TAG_MANAGER_ID/);
  });
});

import { describe, expect, it } from 'vitest';
import { cookieSecurity, loadConfig } from '../../../server/config';

// docs/security.md "Cookies": Secure on HTTPS replies by default, forced on or off by choice.
describe('SECURE_COOKIES', () => {
  it("defaults to 'auto' (Secure on HTTPS requests only)", () => {
    expect(loadConfig({}).secureCookies).toBe('auto');
    expect(cookieSecurity('')).toBe('auto');
    expect(cookieSecurity('AUTO')).toBe('auto');
  });

  it('forces the flag on or off', () => {
    for (const on of ['1', 'true', 'yes', 'on']) expect(cookieSecurity(on), on).toBe(true);
    for (const off of ['0', 'false', 'no', 'off']) expect(cookieSecurity(off), off).toBe(false);
  });
});

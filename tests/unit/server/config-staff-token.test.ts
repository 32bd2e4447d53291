/** STAFF_TOKEN_SECRET (server/config.ts): unset means the database's own key; a short one stops the start. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import { readStaffToken, signStaffToken } from '../../../server/services/session/staff-tokens';

describe('STAFF_TOKEN_SECRET', () => {
  it('is optional and must be 32 characters or more', () => {
    expect(loadConfig({}, '/tmp').staffTokenSecret).toBeUndefined();
    expect(loadConfig({ STAFF_TOKEN_SECRET: 'x'.repeat(32) }, '/tmp').staffTokenSecret).toBe('x'.repeat(32));
    expect(() => loadConfig({ STAFF_TOKEN_SECRET: 'short' }, '/tmp')).toThrow(/at least 32/);
  });
});

describe('staff token signature (server/services/session/staff-tokens.ts)', () => {
  const key = 'k'.repeat(32);
  const payload = { staffId: '7', deviceId: 'd', issuedAt: 1, expiresAt: 2 };

  it('reads back what it signed, and nothing altered or signed with another key', () => {
    const token = signStaffToken(key, payload);
    expect(readStaffToken(key, token)).toEqual(payload);
    const [v, body, mac] = token.split('.');
    const other = Buffer.from(JSON.stringify({ ...payload, staffId: '1' })).toString('base64url');
    expect(readStaffToken(key, `${v}.${other}.${mac}`)).toBeNull();
    expect(readStaffToken(key, `v2.${body}.${mac}`)).toBeNull();
    expect(readStaffToken('o'.repeat(32), token)).toBeNull();
    expect(readStaffToken(key, 'garbage')).toBeNull();
  });
});

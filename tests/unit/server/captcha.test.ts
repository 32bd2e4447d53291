/**
 * The proof-of-work captcha's refusals that need no database (server/adapters/captcha/altcha.ts;
 * the spent list and two processes: tests/integration/server/shared-state.test.ts), and the
 * per-address window.
 */
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { AltchaCaptcha } from '../../../server/adapters/captcha/altcha';
import type { DB } from '../../../server/db/schema';
import { WindowLimiter } from '../../../server/services/catalog/product-rate-limit';
import { MemoryHitCounter } from '../../../server/services/session/hit-counter';

const SECRET = 'a-test-secret-of-at-least-32-characters';
/** No query may run for these inputs: any use of the database fails the test. */
const noDb = new Proxy(
  {},
  {
    get: () => () => {
      throw new Error('database used');
    },
  },
) as unknown as Kysely<DB>;
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64');

describe('AltchaCaptcha', () => {
  const c = new AltchaCaptcha(noDb, { secret: SECRET, cost: 1, counterMin: 1, counterMax: 5 });

  it('issues a signed PBKDF2 challenge that expires within ten minutes and names no answer', async () => {
    const ch = await c.issue();
    const p = ch.parameters;
    expect(p.algorithm).toBe('PBKDF2/SHA-256');
    expect(ch.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(Number(p.expiresAt) * 1000 - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    expect(JSON.stringify(ch)).not.toMatch(/"counter"/);
  });

  it('calls malformed, forged and wrong payloads invalid, never throwing', async () => {
    const ch = await c.issue();
    const bad = [
      '',
      'not base64',
      b64(null),
      b64([]),
      b64({ challenge: ch }),
      b64({ challenge: ch, solution: { counter: 'x', derivedKey: 'ab' } }),
      b64({ challenge: { ...ch, signature: 'zz' }, solution: { counter: 1, derivedKey: 'ab' } }),
      b64({
        challenge: { ...ch, parameters: { ...ch.parameters, algorithm: 'SHA-1' } },
        solution: { counter: 1, derivedKey: 'ab' },
      }),
      b64({
        challenge: { ...ch, parameters: { ...ch.parameters, cost: 9e9 } },
        solution: { counter: 1, derivedKey: 'ab' },
      }),
      b64({ challenge: ch, solution: { counter: 1, derivedKey: '00'.repeat(32) } }),
      'A'.repeat(5000),
    ];
    for (const payload of bad) expect(await c.check(payload)).toBe('invalid');
    for (const payload of bad) expect(await c.consume(payload)).toBe(false);
  });

  it('calls a payload past its time expired', async () => {
    const ch = await c.issue();
    const old = { ...ch, parameters: { ...ch.parameters, expiresAt: 1 } };
    expect(await c.check(b64({ challenge: old, solution: { counter: 1, derivedKey: 'ab' } }))).toBe('expired');
  });
});

describe('WindowLimiter', () => {
  it('refuses the call over the limit with 429 and allows again in the next window', async () => {
    let now = 0;
    const l = new WindowLimiter('test', 2, 1000, new MemoryHitCounter(() => now));
    await l.take('a');
    await l.take('a');
    await expect(l.take('a')).rejects.toMatchObject({ kind: 'rate_limited' });
    await l.take('b');
    now = 1000;
    await expect(l.take('a')).resolves.toBeUndefined();
  });
});

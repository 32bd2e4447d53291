import { describe, expect, it } from 'vitest';
import { SimulatedCaptcha } from '../../../server/adapters/captcha/simulator';
import { CAPTCHA_MAX_ATTEMPTS, CAPTCHA_TTL_MS } from '../../../server/adapters/captcha/types';
import { WindowLimiter } from '../../../server/services/catalog/product-rate-limit';
import { MemoryHitCounter } from '../../../server/services/session/hit-counter';

describe('SimulatedCaptcha', () => {
  it('accepts the answer in any case once, and one solve is consumed by one message', () => {
    const c = new SimulatedCaptcha();
    const { id, image } = c.issue();
    expect(image.contentType).toBe('image/svg+xml');
    const answer = c.answerOf(id)!;
    expect(answer).toMatch(/^[A-HJ-NP-Z2-9]{5}$/);
    expect(c.consume(id)).toBe(false);
    expect(c.check(id, answer.toLowerCase())).toBe('ok');
    expect(c.consume(id)).toBe(true);
    expect(c.consume(id)).toBe(false);
  });

  it('spends a challenge after the maximum wrong answers, even for the right one after', () => {
    const c = new SimulatedCaptcha();
    const { id } = c.issue();
    for (let i = 1; i < CAPTCHA_MAX_ATTEMPTS; i++) expect(c.check(id, 'xxxxx')).toBe('mismatch');
    expect(c.check(id, 'xxxxx')).toBe('spent');
    expect(c.check(id, c.answerOf(id)!)).toBe('spent');
  });

  it('expires challenges and drops the previous one of the same visitor', () => {
    let now = 1_000;
    const c = new SimulatedCaptcha(() => now);
    const first = c.issue();
    const second = c.issue(first.id);
    expect(c.check(first.id, 'AAAAA')).toBe('expired');
    now += CAPTCHA_TTL_MS;
    expect(c.check(second.id, c.answerOf(second.id) ?? 'gone')).toBe('expired');
    expect(c.check(undefined, 'AAAAA')).toBe('expired');
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

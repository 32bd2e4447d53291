import { ServiceError } from '../../errors';

/**
 * A fixed-window counter per key (the caller's IP) for calls that sit behind the shared
 * /index.php route, where @fastify/rate-limit's per-route config cannot tell them apart. At most
 * MAX_KEYS keys are kept; when full, the oldest window is dropped first.
 */
const MAX_KEYS = 50_000;

export class WindowLimiter {
  private readonly hits = new Map<string, { start: number; n: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one call; throws 429 when the key is over its limit in the current window. */
  take(key: string): void {
    const t = this.now();
    let w = this.hits.get(key);
    if (!w || t - w.start >= this.windowMs) {
      this.hits.delete(key);
      if (this.hits.size >= MAX_KEYS) {
        const oldest = this.hits.keys().next().value;
        if (oldest !== undefined) this.hits.delete(oldest);
      }
      w = { start: t, n: 0 };
      this.hits.set(key, w);
    }
    w.n++;
    if (w.n > this.limit)
      throw new ServiceError('rate_limited', 'rate_limited', 'Too many attempts. Please wait a minute and try again.');
  }
}

import { ServiceError } from '../../errors';
import { MemoryHitCounter, type HitCounter } from '../session/hit-counter';

/**
 * A fixed-window limit per key (the caller's IP) for calls that sit behind the shared /index.php
 * route, where @fastify/rate-limit's per-route config cannot tell them apart. The windows are a
 * HitCounter's (server/services/session/hit-counter.ts): this process's memory, or the database when several
 * server processes share it.
 */
export class WindowLimiter {
  constructor(
    private readonly scope: string,
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly counter: HitCounter = new MemoryHitCounter(),
  ) {}

  /** Counts one call; throws 429 when the key is over its limit in the current window. */
  async take(key: string): Promise<void> {
    const { count } = await this.counter.hit(this.scope, key, this.windowMs);
    if (count > this.limit)
      throw new ServiceError('rate_limited', 'rate_limited', 'Too many attempts. Please wait a minute and try again.');
  }
}

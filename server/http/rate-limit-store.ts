/**
 * @fastify/rate-limit's store on a HitCounter (server/services/session/hit-counter.ts): the login,
 * registration and payment-link limits count in the database when several server processes share
 * it, so a limit holds whichever process a proxy sends each request to.
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { HitCounter } from '../services/session/hit-counter';

/**
 * @fastify/rate-limit's store on a HitCounter. Each route's limit is its own scope (method and
 * path), as the plugin's own stores do. `continueExceeding` and `exponentialBackoff` are not used
 * by this app and not supported.
 */
export function rateLimitStore(counter: HitCounter): FastifyRateLimitStoreCtor {
  class Store implements FastifyRateLimitStore {
    private readonly scope: string;

    /** The plugin constructs the root store with its options; children get their route's scope. */
    constructor(scope?: unknown) {
      this.scope = typeof scope === 'string' ? scope : 'global';
    }

    incr(
      key: string,
      cb: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      counter.hit(this.scope, key, timeWindow).then(
        (h) => cb(null, { current: h.count, ttl: h.ttlMs }),
        (err: unknown) => cb(err instanceof Error ? err : new Error(String(err))),
      );
    }

    // The plugin passes its merged options with `routeInfo` (the route), whatever its types say.
    child(routeOptions: object): FastifyRateLimitStore {
      const r = (routeOptions as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ?? {};
      return new Store(`${[r.method ?? ''].flat().join(',')} ${r.url ?? ''}`);
    }
  }
  return Store;
}

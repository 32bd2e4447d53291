/**
 * Fixed-window hit counters behind every rate limit (the login and registration limits through
 * @fastify/rate-limit, the payment-link page's, the captcha's): in this process's memory when it is
 * the only one (PGlite), in the `rate_limits` table when several server processes share a
 * PostgreSQL database (docs/operations.md "Running several processes"), so a limit counts every
 * process's requests, whichever one a proxy sends a request to.
 *
 * Must stay true: `hit` counts the call and answers how many the window holds including it, and
 * how long the window still runs; a window starts at the first hit after the previous one ended.
 * The database counter takes its clock from the database (every process counts the same window)
 * and is one statement (an upsert), so two processes counting at once both count.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export interface Hits {
  /** Hits in the current window, this one included. */
  count: number;
  /** Milliseconds until the window ends. */
  ttlMs: number;
}

export interface HitCounter {
  hit(scope: string, key: string, windowMs: number): Promise<Hits>;
}

/** Keys kept in memory at most; the oldest window goes first when full. */
const MAX_KEYS = 50_000;

export class MemoryHitCounter implements HitCounter {
  private readonly windows = new Map<string, { start: number; n: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  hit(scope: string, key: string, windowMs: number): Promise<Hits> {
    const t = this.now();
    const k = `${scope}\u0000${key}`;
    let w = this.windows.get(k);
    if (!w || t - w.start >= windowMs) {
      this.windows.delete(k);
      if (this.windows.size >= MAX_KEYS) {
        const oldest = this.windows.keys().next().value;
        if (oldest !== undefined) this.windows.delete(oldest);
      }
      w = { start: t, n: 0 };
      this.windows.set(k, w);
    }
    w.n++;
    return Promise.resolve({ count: w.n, ttlMs: Math.max(0, w.start + windowMs - t) });
  }
}

/** Every this many hits a counter deletes the windows that ended a day ago or more. */
const SWEEP_EVERY = 1_000;

export class DatabaseHitCounter implements HitCounter {
  private sinceSweep = 0;

  constructor(private readonly db: Kysely<DB>) {}

  async hit(scope: string, key: string, windowMs: number): Promise<Hits> {
    const ms = sql.lit(Math.max(1, Math.trunc(windowMs)));
    const ended = sql`r.window_start + ${ms} * interval '1 millisecond' <= clock_timestamp()`;
    const { rows } = await sql<{ count: number; ttl: number }>`
      insert into rate_limits as r (scope, key, window_start, hits)
      values (${scope}, ${key}, clock_timestamp(), 1)
      on conflict (scope, key) do update set
        hits = case when ${ended} then 1 else r.hits + 1 end,
        window_start = case when ${ended} then clock_timestamp() else r.window_start end
      returning r.hits as count,
        greatest(0, ceil(extract(epoch from (r.window_start + ${ms} * interval '1 millisecond' - clock_timestamp())) * 1000))::int as ttl`.execute(
      this.db,
    );
    if (++this.sinceSweep >= SWEEP_EVERY) {
      this.sinceSweep = 0;
      void sql`delete from rate_limits where window_start < clock_timestamp() - interval '1 day'`
        .execute(this.db)
        .catch(() => undefined);
    }
    const row = rows[0]!;
    return { count: row.count, ttlMs: row.ttl };
  }
}

/** The counter a server uses: shared through the database when other processes may serve it too. */
export function hitCounterFor(db: Kysely<DB>, shared: boolean): HitCounter {
  return shared ? new DatabaseHitCounter(db) : new MemoryHitCounter();
}

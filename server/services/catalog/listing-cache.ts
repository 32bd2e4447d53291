import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { SETTINGS_STAMP } from './product-settings';

/**
 * What a storefront listing reply (GET /api/products/, the catalog's first screen) is built from,
 * as change stamps read in ONE cheap statement every listing runs (docs/decisions/server.md
 * "Listing replies cached per process"):
 * - `catalog`: each catalog table's newest version (pd_catalog_stamp(), migration 0030-c: products,
 *   their categories, brands, series, categories, fitment, engine configs, and the tombstones every
 *   deletion writes) — what the rows and the totals are;
 * - `stock`: the stock rows' and the stores' newest versions — the cards' stock lines;
 * - `settings`: the settings table's stamp (SETTINGS_STAMP) — prices shown or withheld, the notices.
 * Every insert or update takes a new number from the one change_version sequence, every delete
 * writes a tombstone, so a change committed before a listing starts changes one of these.
 */
export interface ListingStamps {
  catalog: string;
  stock: string;
  settings: string;
}

export async function readListingStamps(db: Kysely<DB>): Promise<ListingStamps> {
  const { rows } = await sql<ListingStamps>`
    select c.catalog, c.stock, ${SETTINGS_STAMP} as settings from pd_catalog_stamp() c`.execute(db);
  return rows[0]!;
}

/**
 * `read()` answers with a run of `fn` that STARTED after the call, never one already under way
 * (whose snapshot may predate a commit the caller's request came after); callers that arrive while
 * one runs share the next. So 50 listings at once read the stamps a few times, not 50, and each
 * still sees every change committed before it asked: the freshness of reading per request.
 */
export class FreshRead<T> {
  private inFlight: Promise<T> | null = null;
  private queued: Promise<T> | null = null;

  constructor(private readonly fn: () => Promise<T>) {}

  read(): Promise<T> {
    if (this.queued) return this.queued;
    if (!this.inFlight) return this.launch();
    const queued = this.inFlight
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        this.queued = null;
        return this.launch();
      });
    this.queued = queued;
    return queued;
  }

  private launch(): Promise<T> {
    const p = this.fn();
    this.inFlight = p;
    const done = () => {
      if (this.inFlight === p) this.inFlight = null;
    };
    p.then(done, done);
    return p;
  }
}

/**
 * How long an entry may be served while its stamps still match. Stamps are newest versions, and
 * versions are taken before commit: when two writers of ONE table commit in the other order than
 * they numbered (two stock changes at once, say), a listing read between the two commits is keyed
 * on the later number and misses the earlier change; no later stamp differs until the next write.
 * This bounds that (and "New" turning off 60 days after a part was added). The totals' cache
 * (product-service.ts) has the same bound.
 */
export const LISTING_TTL_MS = 10_000;

/** Entries kept per process; past it the oldest go (a crawler walking every page and filter). */
const MAX_ENTRIES = 500;

/**
 * Replies cached per process, keyed by everything that decides them (the caller's key: the
 * normalized query, the vehicle, signed in or not) and valid while the stamps they were built under
 * are the stamps now. A reply is frozen: every caller shares it, and `encoded` (server/http/
 * cached-json.ts) keeps its bytes by identity. On PostgreSQL each process keeps its own and reads
 * the stamps itself, so a change by any process, or by hand in SQL, is seen by every process's
 * next listing (docs/operations.md "Running several processes").
 */
export class ListingCache<T extends object> {
  private readonly entries = new Map<string, { stamp: string; at: number; value: Promise<T> }>();

  constructor(
    private readonly ttlMs = LISTING_TTL_MS,
    private readonly maxEntries = MAX_ENTRIES,
  ) {}

  /** The cached reply for `key` if built under `stamp` within the TTL, else `build()`'s (kept once it resolves). */
  get(key: string, stamp: string, now: number, build: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.stamp === stamp && now - hit.at < this.ttlMs) return hit.value;
    const value = build().then(deepFreeze);
    // Concurrent misses of one key share the one build; a failed build is not kept.
    const entry = { stamp, at: now, value };
    this.entries.delete(key);
    this.entries.set(key, entry);
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }

  get size(): number {
    return this.entries.size;
  }
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

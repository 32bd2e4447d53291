/**
 * The sync worker's API as the UI sees it through comlink (docs/style.md "The worker API is a typed
 * map"): handler groups per area, intersected into one type. UI code imports this file with
 * `import type` only.
 */
import type { Refusal } from '../src/domain/refusal';
import type { ConflictEntry } from '../src/db/database';
import type { ValidatedPart } from '../src/contracts/fitment/validate-fitment';
import type { Facets } from '../src/domain/fitment-facets';
import type { DeviceProduct } from './catalog-index';
import type { CycleResult } from './engine';
import type { SearchQueryOptions, SearchQueryResult } from './search/search-worker-api';
import type { SyncStatus } from './status';

export interface SessionHandlers {
  /**
   * Base URL of the server and the install's database name; call once after the worker starts.
   * `catalogOnly` (a kiosk device with no staff signed in): only the cached catalog's lookups are
   * built; no sync engine runs, so nothing queued on the device is pushed and nothing is pulled
   * without a staff session (docs/decisions/search.md "Kiosk search offline").
   * `kiosk` (a kiosk device under its kiosk account): the catalog's lookups and an engine that only
   * pushes (its Submit to Buy orders), never pulls (docs/decisions/storefront.md "Kiosk").
   */
  init(opts: { baseUrl: string; dbName?: string; catalogOnly?: boolean; kiosk?: boolean }): Promise<void>;
  /**
   * After login (or a restored session): the acting user and the CSRF token pushes must carry (null
   * after an offline sign-in: nothing is pushed until the server confirms the session). The worker
   * stamps the user's staff token from the device store (src/db/staff-sign-ins.ts) on what they queue.
   */
  setSession(session: { user: { id: string; role: string }; csrfToken: string | null }): Promise<void>;
}

export interface MutationHandlers {
  /** Applies at once on the device and queues for the server; a refusal writes nothing. */
  mutate(name: string, args: unknown): Promise<{ ok: true; id: number } | Refusal>;
}

export interface SyncHandlers {
  syncNow(): Promise<CycleResult>;
  /** The page saw `online`: abort a request stalled on the old connection and sync at once (backoff reset). */
  reconnected(): Promise<void>;
  status(): Promise<SyncStatus>;
  /** Mutations the server rejected that staff have not dismissed (code + the spec's message). */
  conflicts(): Promise<ConflictEntry[]>;
  /** Staff only (throws otherwise): records who and when on the device and sends the discard to the server (queued while offline). */
  dismissConflict(id: number): Promise<void>;
  /**
   * Re-queues a rejected change as a new one (validated and applied on the device like mutate) and
   * records who retried it; a refusal (the mutator now says no) keeps the conflict open.
   */
  retryConflict(id: number): Promise<{ ok: true; id: number } | Refusal>;
  /** `onChange` must be wrapped with comlink's proxy(); the result unsubscribes. */
  subscribe(onChange: () => void): Promise<() => void>;
}

/** The cached catalog, searchable offline (sync/catalog-index.ts; docs/decisions/sync.md "Catalog lookups in the worker (sync/catalog-index.ts)"). */
export interface CatalogHandlers {
  /**
   * Autocomplete over the cached catalog; `ready: false` until the index is built (first download,
   * start). `wait`: an index being built is waited for; `ready: false` only when none is coming.
   */
  searchParts(text: string, opts?: SearchQueryOptions & { wait?: boolean }): Promise<SearchQueryResult>;
  /** Exact part number (case, spaces, hyphens ignored) or UPC/EAN -> the one cached product, else null. */
  findPart(code: string): Promise<DeviceProduct | null>;
  getProduct(productId: number): Promise<DeviceProduct | null>;
  /**
   * /ymm/json/validateFitment answered from the cache (staff device offline): each part of
   * `parts` ({aaia}~{mpn}) judged against `facets` by the server's rule (src/db/fitment-queries.ts).
   */
  validateFitment(parts: string[], facets: Facets): Promise<ValidatedPart[]>;
}

export type SyncWorkerApi = SessionHandlers & MutationHandlers & SyncHandlers & CatalogHandlers;

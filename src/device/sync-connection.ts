/**
 * The tab's one connection to the sync worker (sync/worker.ts): created when a staff session
 * first needs it, kept while staff move between the POS shell and the catalog (both mount a
 * SyncProvider), ended on log out. A kiosk's search bar opens a catalog-only one (no engine). The outbox lives in IndexedDB, so ending the worker never
 * loses a queued change: the next staff login starts a worker that pushes it.
 */
import { wrap, type Remote } from 'comlink';
import type { SyncWorkerApi } from '../../sync/api';
import { answerFitmentOffline } from './offline-answers';

export interface SyncConnection {
  api: Remote<SyncWorkerApi>;
  /** Resolves once init() is done; rejects with why the worker could not start. */
  ready: Promise<void>;
}

/** What a worker serves: 0 the catalog's lookups (kiosk search), 1 those and a push-only engine (a kiosk's orders), 2 full sync (staff). */
type Level = 0 | 1 | 2;
let current: { worker: Worker; connection: SyncConnection; level: Level } | null = null;

function describe(err: unknown): string {
  if (err instanceof Error) return err.message;
  // A script that fails to download fires a plain Event; a script that throws, an ErrorEvent.
  if (typeof ErrorEvent !== 'undefined' && err instanceof ErrorEvent && err.message) return err.message;
  if (typeof Event !== 'undefined' && err instanceof Event) return 'the sync worker failed to load.';
  return String(err);
}

/**
 * The running connection, starting the worker on first call. Throws when it cannot start.
 * `catalogOnly` (kiosk search): a worker with the cached catalog's lookups and no sync engine; any
 * running worker serves it. A full request (staff) replaces a catalog-only worker.
 */
export function openSyncConnection(opts: { catalogOnly?: boolean; kiosk?: boolean } = {}): SyncConnection {
  const catalogOnly = opts.catalogOnly === true;
  // `kiosk`: the kiosk frame's worker, whose engine pushes Submit to Buy orders and pulls nothing.
  const level: Level = opts.kiosk ? 1 : catalogOnly ? 0 : 2;
  if (current && current.level >= level) return current.connection;
  closeSyncConnection();
  if (typeof Worker === 'undefined') throw new Error('This browser cannot run background workers.');
  if (typeof indexedDB === 'undefined') throw new Error('This browser gives the app no device storage (IndexedDB).');
  const worker = new Worker(new URL('../../sync/worker.ts', import.meta.url), {
    type: 'module',
    name: 'partsdesk-sync',
  });
  const api = wrap<SyncWorkerApi>(worker);
  // A worker whose script fails to load never answers a call: race init() with its error event.
  const failed = new Promise<never>((_, reject) => {
    worker.addEventListener('error', (e) => reject(new Error(describe(e))), { once: true });
  });
  const init = level === 1 ? { kiosk: true } : { catalogOnly };
  const ready = Promise.race([api.init({ baseUrl: location.origin, ...init }), failed]);
  ready.catch(() => undefined); // observed by the provider; never an unhandled rejection here
  current = { worker, connection: { api, ready }, level };
  // Offline, part validation answers from this device's cache (staff and kiosk devices: shoppers have no worker).
  answerFitmentOffline((refs, facets) => api.validateFitment(refs, facets));
  return current.connection;
}

/** Ends the worker (log out). Safe to call when none runs. */
export function closeSyncConnection(): void {
  current?.worker.terminate();
  current = null;
  answerFitmentOffline(null);
}

export { describe as describeSyncError };

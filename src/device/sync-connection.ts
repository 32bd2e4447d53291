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

let current: { worker: Worker; connection: SyncConnection; catalogOnly: boolean } | null = null;

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
export function openSyncConnection(opts: { catalogOnly?: boolean } = {}): SyncConnection {
  const catalogOnly = opts.catalogOnly === true;
  if (current && (catalogOnly || !current.catalogOnly)) return current.connection;
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
  const ready = Promise.race([api.init({ baseUrl: location.origin, catalogOnly }), failed]);
  ready.catch(() => undefined); // observed by the provider; never an unhandled rejection here
  current = { worker, connection: { api, ready }, catalogOnly };
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

/**
 * Dedicated Worker entry: owns the Dexie database and the one SyncEngine of this realm and
 * exposes SyncWorkerApi over comlink. Nothing here holds business rules: the engine runs the
 * domain mutators; this file only wires the browser (fetch, navigator.locks, online events).
 */
import '../src/zod-jitless';
import { expose, proxy } from 'comlink';
import { PartsdeskDb } from '../src/db/database';
import { staffTokenOf } from '../src/db/staff-sign-ins';
import type { SyncWorkerApi } from './api';
import { CatalogIndex } from './catalog-index';
import { DeviceFitment } from './device-fitment';
import { SyncEngine, type EngineEnv } from './engine';
import { eventSourcePokes } from './poke-stream';
import { SettingsCache } from './settings-cache';
import { renewStaffTokenIfDue } from './staff-token-renewal';
import { fetchTransport } from './transport';
import { fetchSnapshotLines } from './snapshot';

let engine: SyncEngine | null = null;
let catalog: CatalogIndex | null = null;
let fitment: DeviceFitment | null = null;
let csrf: string | null = null;
let database: PartsdeskDb | null = null;
/** Who the engine acts for (setSession), for the staff token's renewal. */
let acting: { id: string; role: string } | null = null;

function browserEnv(): EngineEnv {
  const nav = self.navigator as Navigator & { locks?: EngineEnv['locks'] };
  return {
    online: () => nav.onLine,
    locks: nav.locks,
    onWake(cb) {
      self.addEventListener('online', cb);
      // Visibility is the page's; the page forwards it by calling syncNow (a worker has no document).
      return () => self.removeEventListener('online', cb);
    },
  };
}

function needCatalog(): CatalogIndex {
  if (!catalog) throw new Error('sync worker: call init() first');
  return catalog;
}

function need(): SyncEngine {
  if (!engine)
    throw new Error(catalog ? 'sync worker: catalog only (kiosk), no sync engine' : 'sync worker: call init() first');
  return engine;
}

const api: SyncWorkerApi = {
  init({ baseUrl, dbName, catalogOnly, kiosk }) {
    if (engine || catalog) return Promise.resolve();
    const db = (database = new PartsdeskDb(dbName ?? 'partsdesk'));
    if (catalogOnly) {
      // A kiosk: search, part lookups and fit results over the catalog staff downloaded; no push, no pull.
      catalog = new CatalogIndex(db);
      fitment = new DeviceFitment(db);
      void catalog.start();
      return Promise.resolve();
    }
    // Pull pages need no flush to disk each (engine.ts pullDb); sales keep `db`, strict.
    const pullDb = new PartsdeskDb(dbName ?? 'partsdesk', { durability: 'relaxed' });
    const index = (catalog = new CatalogIndex(db));
    const fit = (fitment = new DeviceFitment(db));
    // Mutators run with the shop's settings as last pulled (the same derivation as the server's).
    const settings = new SettingsCache(db);
    void settings.refresh();
    const transport = fetchTransport(baseUrl, () => csrf);
    // A staff member signed in for weeks keeps a fresh token (sync/staff-token-renewal.ts).
    const renew = async () => {
      const who = acting;
      const token = who ? await renewStaffTokenIfDue(db, transport, who.id, Date.now()).catch(() => null) : null;
      if (who && token && acting === who) engine?.setSession({ ...who, token });
    };
    engine = new SyncEngine({
      db,
      pullDb,
      transport,
      env: browserEnv(),
      // The server's "pull now" (GET /sync/poke), opened once a staff session is set; a kiosk pulls nothing.
      pokes: kiosk ? null : eventSourcePokes(baseUrl),
      // A new device starts from the server's prebuilt catalog snapshot when one is offered.
      snapshot: fetchSnapshotLines(baseUrl),
      pushOnly: kiosk === true,
      settings: settings.get,
      onPullPage: (page) => {
        index.pulled(page);
        fit.pulled(page);
      },
      onCycleEnd: () => {
        void settings.refresh();
        index.settle();
        if (!kiosk) void renew();
      },
    });
    engine.start();
    void index.start();
    return Promise.resolve();
  },
  async setSession({ user, csrfToken }) {
    csrf = csrfToken;
    // Their staff token (their sign-in on this device): the server records them as the maker of what they queue.
    const token = database ? await staffTokenOf(database, user.id).catch(() => undefined) : undefined;
    acting = { id: user.id, role: user.role };
    need().setSession({ ...acting, token });
  },
  mutate: (name, args) => need().mutate(name, args),
  syncNow: () => need().syncNow(),
  reconnected() {
    need().reconnected();
    return Promise.resolve();
  },
  status: () => need().status(),
  conflicts: () => need().conflicts(),
  dismissConflict: (id) => need().dismissConflict(id),
  retryConflict: (id) => need().retryConflict(id),
  searchParts: (text, opts) => needCatalog().searchParts(text, opts),
  findPart: (code) => needCatalog().findPart(code),
  getProduct: (productId) => needCatalog().getProduct(productId),
  validateFitment(parts, facets) {
    if (!fitment) return Promise.reject(new Error('sync worker: call init() first'));
    return fitment.validate(parts, facets);
  },
  subscribe(onChange) {
    return Promise.resolve(proxy(need().subscribe(onChange)));
  },
};

expose(api);

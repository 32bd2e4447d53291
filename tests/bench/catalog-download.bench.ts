// A POS device's initial download (catalog, stock, categories, lookups, customers)
// into IndexedDB, in headless Chromium with the BUILT sync worker (dist/, `npx vite build`), from
// the real server process on a demo-seeded PGlite database. Goal: 200,000 parts under 60 s.
// For each part count in BENCH_PARTS (default "20000,200000"): a fresh copy of a cached seeded
// data directory (tests/bench/support/seeded-data.ts; the first run seeds it: ~30 s for 20k,
// ~3 min for 200k), a fresh browser profile, then the time from the worker's init() (its engine
// starts the first cycle at once) until the download is stored and the cycle reported success,
// and until the offline part search answers (index built from Dexie).
// The device starts from the server's first-sync snapshot (sync/snapshot.ts): the bench waits until
// the server offers one (built in the background after start); BENCH_SNAPSHOT=0 runs the server
// without snapshots (SYNC_SNAPSHOTS=0): the pull from 0 page by page, as before; BENCH_SNAPSHOT=both
// runs each part count both ways, the snapshot first.
// BENCH_CPU_PROFILE=<path prefix> (with NODE_OPTIONS=--experimental-websocket on Node 20): a CPU
// profile of the sync worker from just after init() until stored, written as
// <prefix>-<parts>-<snapshot|pull>.cpuprofile, its heaviest functions printed (./support/cpu-profile.ts).
// BENCH_PAGE overrides the initial page size (the client sends it as `limit`; the server refuses more than 20,000).
// First, on the same server, the server alone: every page over HTTP from Node (JSON parsed, nothing
// stored), so the full flow's time splits into server work and browser storage (BENCH_SERVER_ONLY=0
// skips it).
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { randomUUID } from 'node:crypto';
import { CHROMIUM } from '../e2e/support/browser';
import { DEVICE_SCHEMA } from '../../src/db/database';
import { INITIAL_PULL_LIMIT } from '../../sync/engine';
import { TestClient } from '../support/http-client';
import { builtWorker, chromiumDevice, distDir } from './support/chromium-worker';
import { freePort, profileWorkers, summarize } from './support/cpu-profile';
import { serveSeededCopy } from './support/seeded-data';
import { load } from './support/sync-device';

const counts = (process.env.BENCH_PARTS ?? '20000,200000').split(',').map(Number);
const log = (line: string) => process.stderr.write(`[catalog-download] ${line}\n`);
const worker = builtWorker();
if (!fs.existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}`);
if (!worker) throw new Error('no built sync worker in dist/assets (run `npx vite build`)');

interface Figures {
  parts: number;
  mode: 'snapshot' | 'pull';
  /** The worker build timed (its URL path). */
  worker: string;
  server: { rows: number; s: number; pages: number } | null;
  rows: number;
  /** IndexedDB records holding `rows`. */
  records: number;
  pages: number;
  /** Snapshot files the device fetched (0: it pulled from 0). */
  snapshotFiles: number;
  downloadS: number;
  searchS: number | null;
  load: string;
}

/**
 * What the worker's database holds: IndexedDB records in every server-row store, and the server
 * rows they hold (a stockChunks / categoryChunks record holds the stock / category rows of 64
 * products, a productChunks record the product rows of 64 ids, a fitment record their fitment rows;
 * builds before Dexie version 16 kept stock and category rows together in catalogLinks records).
 */
function stored(page: Page, dbName: string): Promise<{ records: number; rows: number }> {
  return page.evaluate(
    (name) =>
      new Promise<{ records: number; rows: number }>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(new Error(String(open.error)));
        open.onsuccess = () => {
          const db = open.result;
          const stores = [
            'catalog',
            'lookups',
            'customers',
            'addresses',
            'vehicles',
            'orders',
            'orderLines',
            'transactions',
            'orderHistory',
          ];
          // Grouped stores holding `rows` by key (version 16) or stock and categories (catalogLinks, before).
          const grouped = ['catalogLinks', 'stockChunks', 'categoryChunks', 'productChunks'].filter((s) =>
            db.objectStoreNames.contains(s),
          );
          const tx = db.transaction([...stores, ...grouped, 'fitment'], 'readonly');
          let records = 0;
          let rows = 0;
          // No named functions in here: tsx's keepNames would wrap them in a __name() the page lacks.
          for (const s of stores) {
            const req = tx.objectStore(s).count();
            req.onsuccess = () => {
              records += req.result;
              rows += req.result;
            };
          }
          for (const g of grouped) {
            const cursor = tx.objectStore(g).openCursor();
            cursor.onsuccess = () => {
              const c = cursor.result;
              if (!c) return;
              const v = c.value as { rows?: object; stock?: object; categories?: object };
              records++;
              rows += Object.keys(v.rows ?? {}).length + Object.keys(v.stock ?? {}).length;
              rows += Object.keys(v.categories ?? {}).length;
              c.continue();
            };
          }
          // Compact fitment (cache schema 4): a record holds the fitment rows of 64 product ids, by product.
          const fitment = tx.objectStore('fitment').openCursor();
          fitment.onsuccess = () => {
            const c = fitment.result;
            if (!c) return;
            records++;
            for (const byId of Object.values((c.value as { rows: Record<string, object> }).rows))
              rows += Object.keys(byId).length;
            c.continue();
          };
          tx.oncomplete = () => resolve({ records, rows });
          tx.onerror = () => reject(new Error(String(tx.error)));
        };
      }),
    dbName,
  );
}

/** The server alone: a new staff device's whole initial download over HTTP (packed, as the device asks), pages of `limit`, nothing stored. */
async function serverOnly(url: string, limit: number): Promise<{ rows: number; s: number; pages: number }> {
  const c = new TestClient(url);
  if ((await c.login('cashier', 'cashier')).status !== 200) throw new Error('login failed');
  const clientId = randomUUID();
  const t0 = performance.now();
  let cookie = 0;
  let rows = 0;
  let pages = 0;
  for (;;) {
    const r = await c.get(
      `/sync/pull?clientId=${clientId}&cookie=${cookie}&limit=${limit}&pack=1&schema=${DEVICE_SCHEMA}`,
    );
    if (r.status !== 200) throw new Error(`pull: HTTP ${r.status}`);
    const body = r.body as { cookie: number; more: boolean; changes: unknown[]; packed?: { rows: unknown[] }[] };
    rows += body.changes.length + (body.packed ?? []).reduce((n, b) => n + b.rows.length, 0);
    pages++;
    cookie = body.cookie;
    if (!body.more) break;
  }
  return { rows, s: (performance.now() - t0) / 1000, pages };
}

/** Waits until the server offers a first-sync snapshot (it builds one in the background after start). */
async function snapshotOffered(url: string, parts: number): Promise<void> {
  const c = new TestClient(url);
  if ((await c.login('cashier', 'cashier')).status !== 200) throw new Error('login failed');
  const t0 = performance.now();
  while (performance.now() - t0 < 20 * 60_000) {
    const r = await c.get(`/sync/snapshot?schema=${DEVICE_SCHEMA}`);
    const s = (r.body as { snapshot: { rows: number; bytes: number } | null }).snapshot;
    if (s) {
      log(
        `${parts}: snapshot offered after ${((performance.now() - t0) / 1000).toFixed(1)} s: ${s.rows} rows, ${(s.bytes / 1e6).toFixed(1)} MB`,
      );
      return;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('no snapshot within 20 minutes');
}

/**
 * Worker builds to time, as URL paths under the served dist (BENCH_WORKERS, comma-separated, e.g.
 * two builds' assets copied into one BENCH_DIST: compared on one server and one snapshot, back to
 * back); default the newest built worker.
 */
const workerPaths = process.env.BENCH_WORKERS?.split(',') ?? [worker.urlPath];

async function run(parts: number, snapshots: boolean): Promise<Figures[]> {
  const mode = snapshots ? 'snapshot' : 'pull';
  const srv = await serveSeededCopy(parts, distDir, log, snapshots ? {} : { SYNC_SNAPSHOTS: '0' });
  const limit = process.env.BENCH_PAGE;
  try {
    if (snapshots) await snapshotOffered(srv.server.url, parts);
    const server =
      process.env.BENCH_SERVER_ONLY === '0'
        ? null
        : await serverOnly(srv.server.url, Number(limit ?? INITIAL_PULL_LIMIT));
    if (server) log(`${parts}: server alone ${server.rows} rows in ${server.s.toFixed(1)} s`);
    const out: Figures[] = [];
    for (const workerPath of workerPaths) out.push(await timeDevice(srv.server.url, parts, mode, workerPath, server));
    return out;
  } finally {
    await srv.stop();
  }
}

/** One fresh device (browser profile) running `workerPath` until its download is stored and search answers. */
async function timeDevice(
  url: string,
  parts: number,
  mode: Figures['mode'],
  workerPath: string,
  server: Figures['server'],
): Promise<Figures> {
  const limit = process.env.BENCH_PAGE;
  const profileTo = process.env.BENCH_CPU_PROFILE;
  const debugPort = profileTo ? await freePort() : null;
  let pages = 0;
  let snapshotFiles = 0;
  const prepare = async (page: Page): Promise<void> => {
    const ctx = page.context();
    ctx.on('request', (r) => {
      if (r.url().includes('/sync/pull?')) pages++;
      if (r.url().includes('/sync/snapshot/')) snapshotFiles++;
    });
    if (limit)
      await ctx.route(/\/sync\/pull\?/, (route) =>
        route.continue({
          url: route
            .request()
            .url()
            .replace(/limit=\d+/, `limit=${limit}`),
        }),
      );
  };
  const device = await chromiumDevice(url, workerPath, 'cashier', 'cashier', {
    firstSync: false,
    dbName: 'partsdesk-download',
    prepare,
    args: debugPort ? [`--remote-debugging-port=${debugPort}`] : [],
  });
  const profiler = debugPort ? await profileWorkers(debugPort, `${url}/robots.txt`) : null;
  try {
    const loadAvg = load();
    const elapsed = () => device.page.evaluate(() => (performance.now() - window.__benchInitAt!) / 1000);
    let downloadS = NaN;
    let searchS: number | null = null;
    const until = Date.now() + 15 * 60_000;
    let lastLog = 0;
    while (Date.now() < until) {
      const st = (await device.call('status', [])) as {
        lastSuccess: string | null;
        download: { done: number; total: number; percent: number } | null;
        error: string | null;
      };
      if (st.error) throw new Error(`sync error: ${st.error}`);
      if (Number.isNaN(downloadS) && st.download === null && st.lastSuccess) downloadS = await elapsed();
      if (!Number.isNaN(downloadS)) {
        const r = (await device.call('searchParts', ['brake', { limit: 5 }])) as { ready: boolean };
        if (r.ready) {
          searchS = await elapsed();
          break;
        }
      } else if (st.download && Date.now() - lastLog > 10_000) {
        lastLog = Date.now();
        log(
          `${parts}: ${st.download.done} of ${st.download.total} rows (${st.download.percent}%) at ${(await elapsed()).toFixed(1)} s`,
        );
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    if (Number.isNaN(downloadS)) throw new Error('the download did not finish within 15 minutes');
    if (profiler) {
      for (const [i, p] of (await profiler.stop()).entries()) {
        const build = workerPath.replace(/^.*\/worker-|\.js$/g, '');
        const file = `${profileTo}-${parts}-${mode}-${build}${i ? `-${i}` : ''}.cpuprofile`;
        fs.writeFileSync(file, JSON.stringify(p));
        log(`${parts} ${mode}: worker CPU profile ${file}\n${summarize(p).join('\n')}`);
      }
    }
    const { rows, records } = await stored(device.page, 'partsdesk-download');
    return {
      parts,
      mode,
      worker: workerPath,
      server,
      rows,
      records,
      pages,
      snapshotFiles,
      downloadS,
      searchS,
      load: loadAvg,
    };
  } finally {
    await device.close();
  }
}

const modes = process.env.BENCH_SNAPSHOT === 'both' ? [true, false] : [process.env.BENCH_SNAPSHOT !== '0'];
const results: Figures[] = [];
for (const parts of counts) {
  for (const snapshots of modes) {
    log(`${parts} parts${snapshots ? '' : ', without snapshots'}: starting`);
    results.push(...(await run(parts, snapshots)));
  }
}
console.log(
  `Initial download into IndexedDB, Chromium headless, built worker ${worker.urlPath} (${worker.builtAt.toISOString()}), server PGlite on the same 2-core machine${process.env.BENCH_PAGE ? `, page ${process.env.BENCH_PAGE}` : ''}`,
);
for (const f of results) {
  console.log(
    `${f.parts} parts, ${f.mode}, ${f.worker}: ${f.rows} rows (${f.records} records) stored in ${f.downloadS.toFixed(1)} s (${Math.round(f.rows / f.downloadS)} rows/s, ${f.snapshotFiles ? 'from the snapshot, then ' : ''}${f.pages} pull requests); ` +
      `search ready at ${f.searchS === null ? 'n/a' : `${f.searchS.toFixed(1)} s`} [load ${f.load}]`,
  );
  if (f.server)
    console.log(
      `  server alone (HTTP from Node, nothing stored): ${f.server.rows} rows in ${f.server.s.toFixed(1)} s (${Math.round(f.server.rows / f.server.s)} rows/s, ${f.server.pages} pages)`,
    );
}
console.log('goal: 200,000 parts under 60 s');
// The server helper's start timeout would otherwise keep this process alive for minutes.
process.exit(0);

// The sync figure (3): the local mutate(name, args) round trip to the durable outbox
// (validate + optimistic mutator + outbox append, one Dexie transaction), p50/p95 over
// BENCH_MUTATIONS (1,000) counter mutations. Goal: p95 under 50 ms. Two runtimes, same sequence:
// - node: SyncEngine.mutate() in-process over fake-indexeddb (no worker, no comlink hop);
// - chromium: the BUILT sync worker (dist/, `npx vite build`) in headless Chromium with real
//   IndexedDB, called over comlink from a same-origin page; timed in the page, so the figure
//   includes the postMessage hop both ways, as the UI sees it. Skipped (and said so) when
//   Chromium or a built worker is missing, or BENCH_CHROMIUM=0.
// Both devices are first synced against a real server process on a fresh PGlite database
// (BENCH_PARTS demo parts, default 1,000), so they hold a real catalog and lookups; then the server
// is stopped and the browser set offline, and every mutation is queued offline.
import fs from 'node:fs';
import { builtWorker, chromiumDevice, distDir, timeMutations, type ChromiumDevice } from './support/chromium-worker';
import { describeMix, load, newDevice, pct, queueWorkload, startServer, type Device } from './support/sync-device';
import { CHROMIUM } from '../e2e/support/browser';

const parts = process.env.BENCH_PARTS ?? '1000';
const n = Number(process.env.BENCH_MUTATIONS ?? 1000);
const ms = (x: number) => `${x.toFixed(2)} ms`;
const summary = (lat: number[]) => {
  const all = [...lat].sort((a, b) => a - b);
  const warm = lat.slice(100).sort((a, b) => a - b);
  return `p50 ${ms(pct(all, 50))}, p95 ${ms(pct(all, 95))}, p99 ${ms(pct(all, 99))}, max ${ms(all.at(-1) ?? NaN)} (after the first 100 calls: p50 ${ms(pct(warm, 50))}, p95 ${ms(pct(warm, 95))})`;
};

const worker = builtWorker();
let skipChromium: string | null = null;
if (process.env.BENCH_CHROMIUM === '0') skipChromium = 'BENCH_CHROMIUM=0';
else if (!fs.existsSync(CHROMIUM)) skipChromium = `no Chromium at ${CHROMIUM}`;
else if (!worker) skipChromium = 'no built sync worker in dist/assets (run `npx vite build`)';

const srv = await startServer('pglite', parts, worker ? { STATIC_DIR: distDir, SKIP_BUILD: '1' } : {});
let device: Device;
let browser: ChromiumDevice | null = null;
try {
  device = await newDevice(srv.url, 'cashier', 'cashier', 'bench-mutate');
  const first = await device.engine.syncNow();
  if (first !== 'ok') throw new Error(`first sync: ${first}`);
  if (!skipChromium && worker) {
    try {
      browser = await chromiumDevice(srv.url, worker.urlPath, 'cashier', 'cashier');
    } catch (err) {
      skipChromium = `could not start the worker in Chromium: ${(err as Error).message.split('\n')[0]}`;
    }
  }
} finally {
  await srv.stop();
}
device.offline.on = true;
if (browser) await browser.page.context().setOffline(true);

const products = (await device.db.productChunks.toArray()).reduce((n, c) => n + c.keys.length, 0);
const calls: { name: string; args: unknown }[] = [];
const loadNode = load();
const work = await queueWorkload(device, n, 3, calls);
const pending = (await device.engine.status()).pending;
console.log(
  `workload: ${describeMix(work)}; ${products} products cached; refused ${work.refused.length}; outbox pending after: ${pending}`,
);
console.log(
  `node (Node ${process.version}, fake-indexeddb, SyncEngine.mutate in-process): mutate -> durable outbox, ${work.latencies.length} calls: ${summary(work.latencies)} [load ${loadNode}]`,
);
let chromiumLine = `chromium: not measured (${skipChromium ?? 'unknown'})`;
if (browser && worker) {
  const loadChromium = load();
  const r = await timeMutations(browser, calls);
  const status = (await browser.call('status', [])) as { pending: number };
  chromiumLine =
    `chromium (Chromium ${browser.version} headless, real IndexedDB, built worker ${worker.urlPath} of ${worker.builtAt.toISOString()}, via comlink from a page): ` +
    `mutate -> durable outbox, ${r.latencies.length} calls: ${summary(r.latencies)}; refused ${r.refused}, outbox pending after ${status.pending} [load ${loadChromium}]`;
  await browser.close();
}
console.log(chromiumLine);
console.log(`goal p95 < 50 ms`);
await device.db.delete();
process.exit(work.refused.length || pending !== n ? 1 : 0);

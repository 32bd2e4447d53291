// The sync figures (1) and (2), PGlite and PostgreSQL side by side in one run. Each engine
// gets a real server process on a fresh demo-seeded database (BENCH_PARTS parts, default 1,000).
// A device is the real sync/ engine over its own fake IndexedDB in Node, signed in as a cashier
// over real HTTP (cookie + CSRF), production push batch (100) and pull page (1,000) sizes.
// (1) drain: device A syncs the catalog, goes offline, queues BENCH_MUTATIONS (1,000) counter
//     mutations, comes back online; timed from its first push request to the start of its first
//     pull request (the engine pulls only once pending = 0). Goal: under 10 s.
// (2) incremental pull: device B (cashier2) pushes BENCH_MUTATIONS mutations of its own; then
//     device A's next sync is timed until every page is applied to Dexie. Goal: under 1 s.
// Client and server share 2 cores with whatever else runs: read the load average printed with them.
import { PUSH_BATCH } from '../../src/contracts/sync-push';
import {
  clearWire,
  describeMix,
  load,
  newDevice,
  queueWorkload,
  startServer,
  type EngineName,
} from './support/sync-device';

const parts = process.env.BENCH_PARTS ?? '1000';
const n = Number(process.env.BENCH_MUTATIONS ?? 1000);

interface Figures {
  drainMs: number;
  cycleMs: number;
  pushes: number;
  maxBatch: number;
  pushMs: { p50: number; max: number };
  rejected: number;
  refused: number;
  mix: string;
  pullMs: number;
  pullRows: number;
  pullPages: number;
  fullSyncMs: number;
  loadDrain: string;
  loadPull: string;
  /** CPU used during the whole drain cycle / the pull, ms: server process, this (client) process. */
  cpuDrain: { server: number; client: number };
  cpuPull: { server: number; client: number };
}

const cpuSpan = (srvCpu: () => number) => {
  const s0 = srvCpu();
  const c0 = process.cpuUsage();
  return () => {
    const c = process.cpuUsage(c0);
    return { server: srvCpu() - s0, client: (c.user + c.system) / 1000 };
  };
};

const sec = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function engine(name: EngineName): Promise<Figures> {
  const t = performance.now();
  const srv = await startServer(name, parts);
  console.log(`${name}: server ready in ${sec(performance.now() - t)}`);
  try {
    // --- (1) drain ---
    const a = await newDevice(srv.url, 'cashier', 'cashier', 'bench-a');
    let t0 = performance.now();
    const first = await a.engine.syncNow();
    const fullSyncMs = performance.now() - t0;
    if (first !== 'ok') throw new Error(`device A first sync: ${first}`);
    a.offline.on = true;
    const work = await queueWorkload(a, n, 1);
    const queued = (await a.engine.status()).pending;
    if (queued !== n - work.refused.length)
      throw new Error(`device A queued ${queued}, expected ${n - work.refused.length}`);
    a.offline.on = false;
    clearWire(a);
    const loadDrain = load();
    let cpu = cpuSpan(() => srv.cpuMs());
    t0 = performance.now();
    const drained = await a.engine.syncNow();
    const cycleMs = performance.now() - t0;
    const cpuDrain = cpu();
    const st = await a.engine.status();
    if (drained !== 'ok' || st.pending !== 0)
      throw new Error(`drain ended ${drained} with ${st.pending} pending (${st.error ?? ''})`);
    const firstPush = a.wire.pushes[0]!;
    const firstPull = a.wire.pulls[0]!;
    const pushDurations = a.wire.pushes.map((p) => p.end - p.start).sort((x, y) => x - y);
    const maxBatch = Math.max(...a.wire.pushes.map((p) => p.size));

    // --- (2) incremental pull after n server-side changes (another cashier's device) ---
    const b = await newDevice(srv.url, 'cashier2', 'cashier2', 'bench-b');
    if ((await b.engine.syncNow()) !== 'ok') throw new Error('device B first sync failed');
    await queueWorkload(b, n, 2);
    if ((await b.engine.syncNow()) !== 'ok' || (await b.engine.status()).pending !== 0)
      throw new Error('device B did not drain');
    clearWire(a);
    const loadPull = load();
    cpu = cpuSpan(() => srv.cpuMs());
    t0 = performance.now();
    const pulled = await a.engine.syncNow();
    const pullMs = performance.now() - t0;
    const cpuPull = cpu();
    if (pulled !== 'ok') throw new Error(`device A incremental pull: ${pulled}`);
    const out: Figures = {
      drainMs: firstPull.start - firstPush.start,
      cycleMs,
      pushes: pushDurations.length,
      maxBatch,
      pushMs: { p50: pushDurations[Math.floor(pushDurations.length / 2)] ?? NaN, max: pushDurations.at(-1) ?? NaN },
      rejected: st.conflicts,
      refused: work.refused.length,
      mix: describeMix(work),
      pullMs,
      pullRows: a.wire.pulls.reduce((s, p) => s + p.changes, 0),
      pullPages: a.wire.pulls.length,
      fullSyncMs,
      loadDrain,
      loadPull,
      cpuDrain,
      cpuPull,
    };
    await a.db.delete();
    await b.db.delete();
    return out;
  } finally {
    await srv.stop();
  }
}

const rows: [EngineName, Figures][] = [];
for (const name of ['pglite', 'postgres'] as const) {
  try {
    rows.push([name, await engine(name)]);
  } catch (err) {
    console.log(`${name}: skipped (${(err as Error).message})`);
  }
}

console.log(
  `\nSync drain and incremental pull, ${n} mutations, ${parts} demo parts; runtime: Node ${process.version}, fake-indexeddb, real server process over HTTP`,
);
for (const [name, f] of rows) {
  console.log(
    `${name}: mix ${f.mix}; refused locally ${f.refused}, rejected by server ${f.rejected}; first full sync ${sec(f.fullSyncMs)}`,
  );
  console.log(
    `${name}: ${f.pushes} pushes, largest batch ${f.maxBatch} (push request p50 ${f.pushMs.p50.toFixed(0)} ms, max ${f.pushMs.max.toFixed(0)} ms); whole cycle incl. pulling own changes back ${sec(f.cycleMs)}`,
  );
  console.log(
    `${name}: CPU during the drain cycle: server process ${sec(f.cpuDrain.server)}, device (this process) ${sec(f.cpuDrain.client)}; during the pull: server ${sec(f.cpuPull.server)}, device ${sec(f.cpuPull.client)}`,
  );
}
const line = (label: string, fmt: (f: Figures) => string) =>
  console.log(`${label}: ${rows.map(([name, f]) => `${name} ${fmt(f)}`).join(', ')}`);
line(
  `drain ${n} mutations (batch ${PUSH_BATCH}, goal < 10 s)`,
  (f) => `${sec(f.drainMs)} (${Math.round(n / (f.drainMs / 1000))}/s) [load ${f.loadDrain}]`,
);
line(
  `incremental pull after ${n} server-side mutations (goal < 1 s)`,
  (f) => `${sec(f.pullMs)} (${f.pullRows} rows, ${f.pullPages} pages) [load ${f.loadPull}]`,
);
process.exit(rows.length ? 0 : 1);

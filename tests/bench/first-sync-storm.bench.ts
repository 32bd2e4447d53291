// First-sync storm (issue 21): BENCH_DEVICES (50) new POS devices start their first sync at the
// same moment against BENCH_PARTS (200,000) demo parts, on PGlite and PostgreSQL (BENCH_ENGINES),
// each on the real server process (server/main.ts) over loopback. A device does what the sync
// worker does (support/storm-http.ts): GET /sync/snapshot, the snapshot file (gzip, every byte
// read), then the pull from the snapshot's version until no page remains; with no snapshot offered
// (BENCH_MODE=pull, or SYNC_SNAPSHOTS=0 on the server) the whole pull from 0 in pages of 20,000
// (500 first), as before. Devices store nothing: IndexedDB's side is the catalog-download bench's
// (one Chromium device); here the server is measured. All devices share one staff session (50
// sign-ins would meet the login limit), each with its own sync client id.
// The devices run in their own process at a LOWER CPU PRIORITY (support/storm-devices.ts; nice
// BENCH_DEVICES_NICE, default 10; 0 = the same priority as the server, as runs before 2026-11-29):
// they stand for fifty tablets with their own CPUs, and on this machine's two cores their receiving
// of 50 x 29 MB competed with the server as an equal, which no shop sees. The probes keep normal
// priority. Server-side figures come from the server's own GET /metrics (an admin's session):
// its event-loop delay during the storm and how many /healthz it answered within 100 ms.
// During the storm, from another process (support/storm-probe.ts, so the downloads in this one never
// delay them): GET /healthz every 100 ms (p50/p95/max), and a cash checkout (an order built through
// /sync/push, a cash payment, complete) every 2 s (each must finish in < 1 s).
// Reported: time until the last device is ready, p50 device, healthz p95, checkout times (and the
// same probes for BENCH_QUIET_S before the storm, for what the shared machine gives them anyway); the
// snapshot's build time after the server started (it builds in the background, 20,000+ rows).
// PGlite starts on a copy of the cached seeded data directory (tests/bench/support/seeded-data.ts);
// PostgreSQL on a copy of a seeded database kept between runs (seeded once, minutes for 200,000
// parts; BENCH_PG_SEEDED=0 seeds a scratch database at start as before).
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEVICE_SCHEMA } from '../../src/db/database';
import { PosClient } from './support/checkout-client';
import { serveSeededCopy, serveSeededPostgres } from './support/seeded-data';
import { get, type DeviceResult } from './support/storm-http';
import { load, pct, pgBase, processCpuMs, startServer, type EngineName } from './support/sync-device';

const devices = Number(process.env.BENCH_DEVICES ?? 50);
const parts = Number(process.env.BENCH_PARTS ?? 200_000);
const engines = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',') as EngineName[];
const mode = process.env.BENCH_MODE === 'pull' ? 'pull' : 'snapshot';
/** Pull mode: the server builds no snapshot (SYNC_SNAPSHOTS=0), as before issue 21. */
const serverEnv: Record<string, string> = mode === 'pull' ? { SYNC_SNAPSHOTS: '0' } : {};
const quietS = Number(process.env.BENCH_QUIET_S ?? 10);
/** The devices' process priority (nice): they stand for tablets with their own CPUs. */
const devicesNice = Number(process.env.BENCH_DEVICES_NICE ?? 10);
/** The storm is cut off after this long (a bounded run); devices not ready by then are counted. */
const limitS = Number(process.env.BENCH_LIMIT_S ?? 180);
const log = (line: string) => process.stderr.write(`[first-sync-storm] ${line}\n`);

/** The devices (support/storm-devices.ts) in their own process at a lower priority, ready before the storm. */
async function startDevices(): Promise<{ child: ChildProcess; run: (go: object) => Promise<DeviceResult[]> }> {
  const child = fork(path.join(import.meta.dirname, 'support', 'storm-devices.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, STORM_NICE: String(devicesNice) },
  });
  const first = await new Promise((r) => child.once('message', r));
  if (first !== 'ready') throw new Error('devices did not start');
  return {
    child,
    async run(go) {
      child.send({ go });
      const m = await new Promise<{ results?: DeviceResult[]; error?: string }>((r) =>
        child.once('message', (msg) => r(msg as { results?: DeviceResult[]; error?: string })),
      );
      child.kill();
      if (!m.results) throw new Error(`devices: ${m.error}`);
      return m.results.map((r) => ({ ...r, ms: r.ms < 0 ? Infinity : r.ms }));
    },
  };
}

/** The server's own figures (GET /metrics as an admin): reading them also starts a new event-loop window. */
async function serverFigures(admin: PosClient) {
  const r = await fetch(`${admin.base}/metrics`, { headers: { cookie: admin.sessionCookie } });
  const m = await r.text();
  const num = (re: RegExp) => Number(re.exec(m)?.[1] ?? NaN);
  // prom-client writes a bucket's labels as {le="0.1",method="GET",route="/healthz",status_code="200"}.
  const healthz = (line: string) => line.includes('route="/healthz"') && line.includes('status_code="200"');
  const lines = m.split('\n');
  const count = (prefix: string, le?: string) =>
    lines
      .filter((l) => l.startsWith(prefix) && healthz(l) && (le === undefined || l.includes(`le="${le}"`)))
      .reduce((n, l) => n + Number(l.slice(l.lastIndexOf(' ') + 1)), 0);
  return {
    lagMaxMs: num(/^nodejs_eventloop_lag_max_seconds (\S+)/m) * 1000,
    lagP99Ms: num(/^nodejs_eventloop_lag_p99_seconds (\S+)/m) * 1000,
    healthWithin100: count('http_request_duration_seconds_bucket{', '0.1'),
    healthCount: count('http_request_duration_seconds_count{'),
  };
}

/** The probes (support/storm-probe.ts) in their own process, started and ready before the storm. */
async function startProbe(url: string) {
  const child = fork(path.join(import.meta.dirname, 'support', 'storm-probe.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, PROBE_URL: url },
  });
  const messages: unknown[] = [];
  let wake: (() => void) | null = null;
  child.on('message', (m) => {
    messages.push(m);
    wake?.();
  });
  const next = async () => {
    while (!messages.length) await new Promise<void>((r) => (wake = r));
    return messages.shift();
  };
  if ((await next()) !== 'ready') throw new Error('probe did not start');
  return {
    async stop(): Promise<{ health: number[]; checkouts: number[]; errors: string[] }> {
      child.send('stop');
      return (await next()) as { health: number[]; checkouts: number[]; errors: string[] };
    },
  };
}

async function waitForSnapshot(base: string, cookie: string): Promise<number> {
  const t0 = performance.now();
  const until = Date.now() + 20 * 60_000;
  while (Date.now() < until) {
    const m = await get(base, `/sync/snapshot?schema=${DEVICE_SCHEMA}`, cookie);
    const snap = (m.json as { snapshot: { rows: number; bytes: number } | null } | undefined)?.snapshot;
    if (snap) {
      log(`snapshot offered: ${snap.rows} rows, ${(snap.bytes / 1e6).toFixed(1)} MB gzip`);
      return performance.now() - t0;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('no snapshot within 20 minutes');
}

async function run(engine: EngineName) {
  const t = performance.now();
  const srv =
    engine === 'pglite'
      ? await (async () => {
          const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pd-storm-static-'));
          const s = await serveSeededCopy(parts, staticDir, log, serverEnv);
          const pid = s.server.proc.pid;
          const stop = async () => {
            await s.stop();
            fs.rmSync(staticDir, { recursive: true, force: true }); // every run left one in the temp folder
          };
          return { url: s.server.url, cpuMs: () => processCpuMs(pid), stop };
        })()
      : process.env.BENCH_PG_SEEDED === '0'
        ? await (async () => {
            const s = await startServer('postgres', String(parts), serverEnv);
            return { url: s.url, cpuMs: () => s.cpuMs(), stop: () => s.stop() };
          })()
        : await (async () => {
            const s = await serveSeededPostgres(pgBase, parts, log, serverEnv);
            const pid = s.server.proc.pid;
            return { url: s.server.url, cpuMs: () => processCpuMs(pid), stop: () => s.stop() };
          })();
  log(`${engine}: server ready in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  try {
    const pos = await PosClient.signIn(srv.url, 'cashier');
    const admin = await PosClient.signIn(srv.url, 'admin');
    const cookie = pos.sessionCookie;
    const buildMs = mode === 'snapshot' ? await waitForSnapshot(srv.url, cookie) : NaN;
    const devicesProc = await startDevices();
    // The same probes first with no storm, for BENCH_QUIET_S: what this (shared) machine gives them anyway.
    const quietProbe = await startProbe(srv.url);
    await new Promise((r) => setTimeout(r, quietS * 1000));
    const quiet = await quietProbe.stop();
    const loadBefore = load();
    const probe = await startProbe(srv.url);
    const before = await serverFigures(admin);
    const cpu0 = srv.cpuMs();
    const devCpu0 = processCpuMs(devicesProc.child.pid);
    const results = await devicesProc.run({ url: srv.url, cookie, devices, mode, limitS });
    const devCpu = processCpuMs(devicesProc.child.pid) - devCpu0;
    const cpu = srv.cpuMs() - cpu0;
    const after = await serverFigures(admin);
    const { health, checkouts, errors } = await probe.stop();
    if (errors.length) throw new Error(`probes failed during the storm: ${errors.slice(0, 5).join(', ')}`);
    const ready = results.filter((r) => Number.isFinite(r.ms));
    const times = ready.map((r) => r.ms).sort((a, b) => a - b);
    const firstPages = results.map((r) => r.firstPageMs).sort((a, b) => a - b);
    for (const a of [health, checkouts, quiet.health, quiet.checkouts]) a.sort((x, y) => x - y);
    return {
      engine,
      buildS: buildMs / 1000,
      ready: ready.length,
      firstPageP50: pct(firstPages, 50),
      lastS: (ready.length === devices ? times.at(-1)! : NaN) / 1000,
      p50S: pct(times, 50) / 1000,
      mb: results.reduce((n, r) => n + r.bytes, 0) / devices / 1e6,
      pages: results.reduce((n, r) => n + r.pages, 0) / devices,
      health: { n: health.length, p50: pct(health, 50), p95: pct(health, 95), max: health.at(-1)! },
      checkout: { n: checkouts.length, max: checkouts.at(-1) ?? NaN, p50: pct(checkouts, 50) },
      quiet: {
        health: { n: quiet.health.length, p50: pct(quiet.health, 50), p95: pct(quiet.health, 95) },
        checkout: { n: quiet.checkouts.length, max: quiet.checkouts.at(-1) ?? NaN },
      },
      cpuS: cpu / 1000,
      devicesCpuS: devCpu / 1000,
      server: {
        lagMaxMs: after.lagMaxMs,
        lagP99Ms: after.lagP99Ms,
        healthN: after.healthCount - before.healthCount,
        healthWithin100: after.healthWithin100 - before.healthWithin100,
      },
      load: `${loadBefore} -> ${load()}`,
    };
  } finally {
    await srv.stop();
  }
}

const out = [];
for (const e of engines) {
  log(`${e}: ${devices} devices, ${parts} parts, mode ${mode}`);
  out.push(await run(e));
}
console.log(
  `First-sync storm: ${devices} devices at once, ${parts} parts, mode ${mode}, loopback, ${os.cpus().length} cores`,
);
for (const f of out) {
  console.log(
    `${f.engine}: ${f.ready} of ${devices} ready within ${limitS} s; last device ready ${Number.isNaN(f.lastS) ? 'n/a' : `${f.lastS.toFixed(1)} s`} (p50 ${f.p50S.toFixed(1)} s; first pull page p50 ${(f.firstPageP50 / 1000).toFixed(1)} s; ${f.mb.toFixed(1)} MB and ${f.pages.toFixed(1)} pull pages a device); ` +
      `/healthz p50 ${f.health.p50.toFixed(0)} ms, p95 ${f.health.p95.toFixed(0)} ms, max ${f.health.max.toFixed(0)} ms (${f.health.n} probes); ` +
      `checkout p50 ${f.checkout.p50.toFixed(0)} ms, max ${f.checkout.max.toFixed(0)} ms (${f.checkout.n}); ` +
      `no storm (${quietS} s before): /healthz p50 ${f.quiet.health.p50.toFixed(0)} ms, p95 ${f.quiet.health.p95.toFixed(0)} ms, checkout max ${f.quiet.checkout.max.toFixed(0)} ms (${f.quiet.checkout.n}); ` +
      `server side: event-loop delay p99 ${f.server.lagP99Ms.toFixed(0)} ms, max ${f.server.lagMaxMs.toFixed(0)} ms; /healthz answered within 100 ms ${f.server.healthWithin100} of ${f.server.healthN}; ` +
      `snapshot offered ${Number.isNaN(f.buildS) ? 'n/a' : `${f.buildS.toFixed(1)} s`} after ready; server CPU ${Number.isNaN(f.cpuS) ? 'n/a' : `${f.cpuS.toFixed(1)} s`}, devices' CPU ${f.devicesCpuS.toFixed(1)} s (nice ${devicesNice}) [load ${f.load}]`,
  );
}
console.log('goals: all complete, /healthz p95 < 100 ms, a checkout < 1 s during the storm');
process.exit(0);

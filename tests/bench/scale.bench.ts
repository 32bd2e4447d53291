// `npm run bench scale`: what one deployment serves at 50 connections on loopback (autocannon),
// side by side in one run: GET /api/products/ (a shopper's listing), POST /sync/push (distinct
// one-mutation pushes, each connection its own device) and GET /sync/pull (an idle poll at the
// head cookie), for each configuration: PGlite with one process, PostgreSQL with each process count
// in BENCH_WORKERS (default "1"; passed to the server as WORKERS=n for the multi-process mode).
// Also PGlite's raw single-row insert rate (one autocommit INSERT after another, no server), the
// ceiling a push on PGlite is compared with. Figures and how to read them: docs/figures.md "Scale".
// During the listing's load it reads the CPU seconds of the server's processes, of the database's
// backends (PostgreSQL) and of this process (the load generator) from /proc: where the machine went.
// BENCH_ENCODING=br sends a browser's Accept-Encoding (replies compressed, as shoppers get them);
// unset, none (uncompressed replies, as the figures before 2026-11-29 were taken).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import autocannon from 'autocannon';
import pg from 'pg';
import { PROTOCOL_VERSION } from '../../src/contracts/protocol-version';
import { TestClient } from '../support/http-client';
import { createDatabase, dropDatabase } from '../support/postgres';
import { runServer } from '../support/process';
import { cpuSplit, processTree } from './support/proc-cpu';

const parts = process.env.BENCH_PARTS ?? '5000';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 50;
const workers = (process.env.BENCH_WORKERS ?? '1').split(',').map(Number);
const pgBase = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const acceptEncoding: Record<string, string> =
  process.env.BENCH_ENCODING === 'br' ? { 'accept-encoding': 'gzip, deflate, br, zstd' } : {};

interface Figures {
  /** CPU seconds per group over the load (the listing only), and its wall seconds. */
  cpu?: { wall: number; server: number; database: number; bench: number };
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function load(opts: autocannon.Options, duration = seconds): Promise<Figures> {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ connections, duration, ...opts }, (err: unknown, res) =>
      err ? reject(err instanceof Error ? err : new Error('autocannon failed')) : resolve(res),
    );
    instance.on('response', (_c, _s, _b, ms: number) => latencies.push(ms));
  });
  latencies.sort((a, b) => a - b);
  return {
    rps: result.requests.average,
    p50: pct(latencies, 50),
    p95: pct(latencies, 95),
    p99: pct(latencies, 99),
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** A signed-in cashier's cookie and CSRF token, as a tablet holds them. */
async function staffHeaders(url: string): Promise<Record<string, string>> {
  const res = await fetch(`${url}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ username: 'cashier', password: 'cashier' }),
  });
  const body = (await res.json()) as { csrfToken: string };
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith('pd_session='))!
    .split(';')[0]!;
  return { cookie, 'x-csrf-token': body.csrfToken, 'content-type': 'application/json', accept: 'application/json' };
}

/** The head cookie: pull pages until there is no more (what a device holds once it is up to date). */
async function headCookie(url: string): Promise<number> {
  const c = new TestClient(url);
  await c.login('cashier', 'cashier');
  const clientId = randomUUID();
  let cookie = 0;
  for (;;) {
    const r = await c.get(`/sync/pull?clientId=${clientId}&cookie=${cookie}&limit=20000&pack=1`);
    if (r.status !== 200) throw new Error(`pull ${r.status}`);
    cookie = r.body.cookie;
    if (!r.body.more) return cookie;
  }
}

/** Whose CPU a load is split between: the server's process tree and the database's backends (none on PGlite). */
interface Processes {
  server: () => number[];
  database: () => Promise<number[]>;
}

async function scenarios(url: string, procs: Processes): Promise<Record<string, Figures>> {
  const sorts = ['name', 'price', 'date_added'];
  let i = 0;
  const listing: autocannon.Options = {
    url,
    headers: acceptEncoding,
    requests: [
      {
        setupRequest: (req) => ({
          ...req,
          path: `/api/products/?page=${(++i % 40) + 1}&limit=24&sort=${sorts[i % 3]}`,
        }),
      },
    ],
  };
  await load(listing, 3); // warm-up: plans cached, pages in memory, the pool's connections open
  const split = await cpuSplit({ server: procs.server, database: procs.database, bench: () => [process.pid] }, () =>
    load(listing),
  );
  const c = split.cpu;
  const cpu = { wall: split.wall, server: c.server!, database: c.database!, bench: c.bench! };
  const out: Record<string, Figures> = { 'GET /api/products/': { ...split.result, cpu } };

  const headers = await staffHeaders(url);
  // Each connection is one device: its own client id and mutation ids, the next id only once the
  // last push was answered 200 (a lost one is sent again, as the outbox does).
  type Device = { clientId?: string; next?: number; order?: string };
  const push: autocannon.Options = {
    url,
    method: 'POST',
    headers: { ...headers, ...acceptEncoding },
    requests: [
      {
        setupRequest: (req, context) => {
          const d = context as Device;
          d.clientId ??= randomUUID();
          d.next ??= 1;
          d.order ??= randomUUID();
          const mutation = { id: d.next, name: 'order.create', args: { id: d.order, device_ref: `B-${d.next}` } };
          const body = {
            clientId: d.clientId,
            protocolVersion: PROTOCOL_VERSION,
            mutations: [{ ...mutation, at: new Date().toISOString() }],
          };
          return { ...req, path: '/sync/push', body: JSON.stringify(body) };
        },
        onResponse: (status, _body, context) => {
          const d = context as Device;
          if (status !== 200) return;
          d.next! += 1;
          d.order = randomUUID();
        },
      },
    ],
  };
  out['POST /sync/push'] = await load(push);

  const cookie = await headCookie(url);
  const idle: autocannon.Options = {
    url,
    headers: { ...headers, ...acceptEncoding },
    requests: [
      {
        setupRequest: (req, context) => {
          const d = context as Device;
          d.clientId ??= randomUUID();
          return { ...req, path: `/sync/pull?clientId=${d.clientId}&cookie=${cookie}&limit=1000&pack=1` };
        },
      },
    ],
  };
  out['GET /sync/pull (idle)'] = await load(idle);
  return out;
}

/** One autocommit INSERT after another into a fresh PGlite, for `ms`: the engine's own write rate. */
async function rawInsertRate(ms: number): Promise<number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pd-bench-raw-'));
  const db = await PGlite.create({ dataDir: dir });
  try {
    await db.exec(
      'create table t (id uuid primary key, device_ref text, created_at timestamptz not null default now())',
    );
    let n = 0;
    const end = performance.now() + ms;
    while (performance.now() < end) {
      await db.query('insert into t (id, device_ref) values ($1, $2)', [randomUUID(), `R-${n}`]);
      n++;
    }
    return n / (ms / 1000);
  } finally {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function configuration(engine: 'pglite' | 'postgres', n: number): Promise<Record<string, Figures>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pd-bench-scale-'));
  const dbName = `pd_bench_scale_${process.pid}_${n}`;
  const databaseUrl = engine === 'postgres' ? await createDatabase(pgBase, dbName) : '';
  const env = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, DEMO_PARTS: parts, SKIP_BUILD: '1', WORKERS: String(n) };
  const srv = await runServer(env, 900_000);
  const admin = new pg.Client({ connectionString: pgBase });
  try {
    if (srv.proc.exitCode !== null) throw new Error(srv.stderr().trim().split('\n').pop() ?? 'server exited');
    if (engine === 'postgres') await admin.connect();
    const backends = async () =>
      engine === 'postgres'
        ? (
            await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [dbName])
          ).rows.map((r) => r.pid)
        : [];
    return await scenarios(srv.url, { server: () => processTree(srv.proc.pid!), database: backends });
  } finally {
    if (engine === 'postgres') await admin.end();
    await srv.stop();
    if (engine === 'postgres') await dropDatabase(pgBase, dbName);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const load1 = os.loadavg()[0]!;
const rows: [string, Record<string, Figures>][] = [];
rows.push(['pglite ×1', await configuration('pglite', 1)]);
const raw = await rawInsertRate(5_000);
for (const n of workers) {
  try {
    rows.push([`postgres ×${n}`, await configuration('postgres', n)]);
  } catch (err) {
    console.log(`postgres ×${n}: skipped (${(err as Error).message})`);
  }
}
const load2 = os.loadavg()[0]!;

console.log(
  `${parts} parts, ${connections} connections, ${seconds} s each, ${os.cpus().length} cores; load average ${load1.toFixed(1)} at start, ${load2.toFixed(1)} at end`,
);
console.log('configuration  call                     req/s  p50 ms  p95 ms  p99 ms  errors');
for (const [name, figures] of rows)
  for (const [call, f] of Object.entries(figures))
    console.log(
      `${name.padEnd(13)}  ${call.padEnd(22)} ${[f.rps, f.p50, f.p95, f.p99].map((x) => x.toFixed(0).padStart(6)).join('  ')}  ${f.errors}`,
    );
console.log('CPU during the listing (seconds; cores = CPU seconds / wall seconds)');
for (const [name, figures] of rows) {
  const f = figures['GET /api/products/']!;
  if (!f.cpu) continue;
  const { wall, server, database, bench } = f.cpu;
  const n = f.rps * wall;
  const per = (x: number) => ((x / n) * 1000).toFixed(2);
  console.log(
    `${name.padEnd(13)}  server ${server.toFixed(1)} s (${per(server)} ms/req), database ${database.toFixed(1)} s (${per(database)}), bench ${bench.toFixed(1)} s (${per(bench)}); ${((server + database + bench) / wall).toFixed(2)} of ${os.cpus().length} cores over ${wall.toFixed(1)} s`,
  );
}
const pushRate = rows[0]![1]['POST /sync/push']!.rps;
console.log(
  `PGlite raw single-row inserts: ${Math.round(raw)}/s; its push: ${Math.round(pushRate)}/s = ${((pushRate / raw) * 100).toFixed(0)} % of it`,
);

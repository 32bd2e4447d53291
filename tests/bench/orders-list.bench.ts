// `npm run bench orders-list`: GET /api/order latency (p50/p95 of sequential requests: latency,
// not throughput) over the real HTTP server with BENCH_ORDERS orders (default 50,000, with lines
// and payments; tests/bench/support/orders-seed.ts) on PGlite and on PostgreSQL side by side.
// Scenarios: every tab's first page, late pages, the two non-date sorts, a customer filter and a
// one-month date range. Goal: p95 under 50 ms for each scenario on both engines.
//
// PGlite: the seeded directory is kept under the OS temp folder (BENCH_CACHE_DIR moves it) and
// each run serves a private copy. PostgreSQL (TEST_DATABASE_URL, else DATABASE_URL, else
// postgres://postgres@127.0.0.1:5432/test): a private database pd_bench_orders_<pid>_<n>, dropped
// afterwards; skipped with a line when the server cannot be reached.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDatabase, dropDatabase } from '../support/postgres';
import { TestClient } from '../support/http-client';
import { runServer, type ServerProcess } from '../support/process';
import { ORDERS_NOW, seedOrdersDatabase } from './support/orders-seed';

const COUNT = Number(process.env.BENCH_ORDERS ?? 50_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const WARM_UP = 10;
const PARTS = 1000;
const GOAL_P95_MS = 50;
const pgBase = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const log = (line: string) => console.log(line);

interface Figures {
  scenario: string;
  min: number;
  p50: number;
  p95: number;
  max: number;
  rows: number;
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function warmUp(client: TestClient, scenario: string, query: string): Promise<void> {
  for (let i = 0; i < WARM_UP; i++) {
    const r = await client.get(`/api/order?from_pos=1&${query}`);
    if (r.status !== 200) throw new Error(`${scenario}: ${r.status} ${JSON.stringify(r.body)}`);
  }
}

async function measure(client: TestClient, scenario: string, query: string): Promise<Figures> {
  const url = `/api/order?from_pos=1&${query}`;
  let rows = 0;
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const t0 = performance.now();
    const r = await client.get(url);
    times.push(performance.now() - t0);
    if (r.status !== 200) throw new Error(`${scenario}: ${r.status}`);
    rows = r.body.orders.length;
  }
  times.sort((a, b) => a - b);
  return {
    scenario,
    min: times[0] ?? NaN,
    p50: pct(times, 50),
    p95: pct(times, 95),
    max: times[times.length - 1] ?? NaN,
    rows,
  };
}

async function scenarios(url: string): Promise<Figures[]> {
  const client = new TestClient(url);
  const login = await client.login('cashier', 'cashier');
  if (login.status !== 200) throw new Error(`cashier login failed: ${login.status}`);
  type Reply = { total_pages: number; counts: Record<string, number>; orders: { customer: string }[] };
  const first = (await client.get('/api/order?from_pos=1&status=all')).body as Reply;
  // The unfiltered counts come from order_list_counts (kept by a trigger); a filter that keeps
  // every order counts the rows themselves: the two must agree.
  const counted = (await client.get('/api/order?from_pos=1&status=all&filter_date_from=2000-01-01')).body as Reply;
  const agree = JSON.stringify(first.counts) === JSON.stringify(counted.counts);
  log(
    `  counts: ${JSON.stringify(first.counts)}${agree ? ' (trigger-kept = counted)' : ` DIFFER from counted ${JSON.stringify(counted.counts)}`}`,
  );
  if (!agree) throw new Error('order_list_counts disagrees with the orders');
  const someone =
    first.orders
      .find((o) => o.customer !== '')
      ?.customer.split(' ')
      .pop() ?? 'Smith';
  const monthAgo = new Date(Date.parse(ORDERS_NOW) - 45 * 86_400_000).toISOString().slice(0, 10);
  const monthEnd = new Date(Date.parse(ORDERS_NOW) - 15 * 86_400_000).toISOString().slice(0, 10);
  const list: [string, string][] = [
    ['all, page 1', 'status=all&sort=o.date_added&order=desc'],
    ['saved, page 1', 'status=saved'],
    ['kiosk, page 1', 'status=kiosk'],
    ['outstanding_balance, page 1', 'status=outstanding_balance'],
    ['complete, page 1', 'status=complete'],
    ['all, page 100', 'status=all&page=100'],
    [`all, last page (${first.total_pages})`, `status=all&page=${first.total_pages}`],
    [`all, middle page (${Math.ceil(first.total_pages / 2)})`, `status=all&page=${Math.ceil(first.total_pages / 2)}`],
    ['all, sort customer asc', 'status=all&sort=customer&order=asc'],
    ['all, sort total desc', 'status=all&sort=total&order=desc'],
    [`all, customer "${someone}"`, `status=all&filter_customer=${encodeURIComponent(someone)}`],
    ['all, status Incomplete Transaction', 'status=all&filter_order_status_id=6'],
    ['all, one month of dates', `status=all&filter_date_from=${monthAgo}&filter_date_to=${monthEnd}`],
  ];
  // Every scenario warms up before any is measured: the first requests after a start pay for the
  // JIT (PGlite's WebAssembly too) and cold caches, whichever scenario happens to come first.
  for (const [name, query] of list) await warmUp(client, name, query);
  const out: Figures[] = [];
  for (const [name, query] of list) out.push(await measure(client, name, query));
  return out;
}

/** The seeded PGlite directory, made once per order count and set of migrations. */
async function pgliteSeed(): Promise<string> {
  // A copy made under other migrations (one added before an applied one, or an edited one while
  // developing) is not this schema: the key is a hash of every migration file.
  const dir0 = path.resolve(import.meta.dirname, '../../server/db/migrations');
  const hash = createHash('sha256');
  for (const f of fs.readdirSync(dir0).sort()) hash.update(f).update(fs.readFileSync(path.join(dir0, f)));
  const key = hash.digest('hex').slice(0, 8);
  const dir = path.join(process.env.BENCH_CACHE_DIR ?? os.tmpdir(), `pd-bench-orders-${COUNT}-${key}`);
  if (fs.existsSync(path.join(dir, 'ready'))) return dir;
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  log(`pglite: seeding ${COUNT} orders into ${dir} (first run only)`);
  await seedOrdersDatabase({ dataDir: dir }, COUNT, PARTS, (l) => log(`  pglite: ${l}`));
  fs.writeFileSync(path.join(dir, 'ready'), `${new Date().toISOString()}\n`);
  return dir;
}

async function serve(env: Record<string, string>): Promise<ServerProcess> {
  const srv = await runServer({ DEMO_DATA: '0', ...env }, 600_000);
  if (srv.proc.exitCode !== null) throw new Error(`server exited: ${srv.stderr().trim().split('\n').pop() ?? ''}`);
  return srv;
}

async function pglite(): Promise<Figures[]> {
  const cached = await pgliteSeed();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pd-bench-orders-copy-'));
  try {
    fs.cpSync(path.join(cached, 'pg'), path.join(dir, 'pg'), { recursive: true });
    const srv = await serve({ DATA_DIR: dir, DATABASE_URL: '' });
    try {
      return await scenarios(srv.url);
    } finally {
      await srv.stop();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function postgres(): Promise<Figures[]> {
  const name = `pd_bench_orders_${process.pid}_${Math.floor(Math.random() * 1e6)}`;
  const databaseUrl = await createDatabase(pgBase, name);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pd-bench-orders-pg-'));
  try {
    log(`postgres: seeding ${COUNT} orders into database ${name}`);
    await seedOrdersDatabase({ dataDir, databaseUrl }, COUNT, PARTS, (l) => log(`  postgres: ${l}`));
    const srv = await serve({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
    try {
      return await scenarios(srv.url);
    } finally {
      await srv.stop();
    }
  } finally {
    await dropDatabase(pgBase, name);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const results: [string, Figures[]][] = [];
log(
  `GET /api/order with ${COUNT} orders, ${REQUESTS} sequential requests per scenario (after ${WARM_UP} warm-up requests each)`,
);
results.push(['pglite', await pglite()]);
try {
  results.push(['postgres', await postgres()]);
} catch (err) {
  log(`postgres: skipped (${(err as Error).message})`);
}

const f = (ms: number) => ms.toFixed(1).padStart(7);
let missed = 0;
log('\nengine    scenario                              min ms   p50 ms   p95 ms   max ms  rows');
for (const [engine, figures] of results) {
  for (const r of figures) {
    if (r.p95 >= GOAL_P95_MS) missed++;
    log(
      `${engine.padEnd(9)} ${r.scenario.padEnd(36)} ${f(r.min)}  ${f(r.p50)}  ${f(r.p95)}  ${f(r.max)}  ${String(r.rows).padStart(4)}${r.p95 >= GOAL_P95_MS ? '  over goal' : ''}`,
    );
  }
}
log(
  `\ngoal p95 < ${GOAL_P95_MS} ms: ${missed === 0 ? 'met by every scenario' : `missed by ${missed} scenario(s)`}; load average ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);

// validateFitment for a listing page (48 parts) against a real server process on a fresh database
// seeded with BENCH_PARTS demo parts (default 5,000): p50/p95 over BENCH_CALLS sequential calls,
// then the same under 10 concurrent callers. PGlite always; PostgreSQL too when reachable.
// The shopper has a saved year/make/model (a popular model, so many parts have rows for it).
// Then the same calls in-process through app.inject on the same database: the server's own time,
// without the loopback HTTP client sharing the CPU (the figure the "under 20 ms" is about).
// Run: npx tsx tests/bench/fitment.bench.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../server/app';
import { openDatabase } from '../../server/db/database';
import { createDatabase, dropDatabase } from '../support/postgres';
import { runServer } from '../support/process';

const parts = process.env.BENCH_PARTS ?? '5000';
const calls = Number(process.env.BENCH_CALLS ?? 400);
const pgBase = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PAGE = 48;
const CONCURRENCY = 10;

const progress = (line: string) => process.stderr.write(`[fitment bench] ${line}\n`);
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const item = (field: string, id: number) => encodeURIComponent(`${field}||${id}||x||x`);

async function json<T>(url: string, cookie = ''): Promise<{ body: T; setCookie: string[] }> {
  const res = await fetch(url, { headers: { accept: 'application/json', ...(cookie ? { cookie } : {}) } });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return { body: (await res.json()) as T, setCookie: res.headers.getSetCookie() };
}

/** Listing pages of 48 real parts, and a shopper's cookie with a saved popular vehicle. */
async function prepare(base: string) {
  const pages: string[] = [];
  for (let page = 1; page <= 20; page++) {
    const r = await json<{ products: { aaia: string; mpn: string }[] }>(
      `${base}/api/products/?limit=${PAGE}&page=${page}&sort=name`,
    );
    if (r.body.products.length < PAGE) break;
    pages.push(encodeURIComponent(r.body.products.map((p) => `${p.aaia}~${p.mpn}`).join(',')));
  }
  const makes = (await json<{ MakeID: number; MakeName: string }[]>(`${base}/ymm/json/makes?Year=2019`)).body;
  const ford = makes.find((m) => m.MakeName === 'Ford')!.MakeID;
  const models = (
    await json<{ ModelID: number; ModelName: string }[]>(`${base}/ymm/json/models?Year=2019&MakeID=${ford}`)
  ).body;
  const f150 = models.find((m) => m.ModelName === 'F-150')!.ModelID;
  const saved = await json(
    `${base}/ymm/json/saveVehicle?add1=${item('Year', 2019)}&add2=${item('MakeID', ford)}&add3=${item('ModelID', f150)}`,
  );
  const cookie = saved.setCookie.map((c) => c.split(';')[0]).find((c) => c?.startsWith('pd_vehicle='))!;
  return { pages, cookie };
}

async function measure(base: string, pages: string[], cookie: string, concurrency: number, n: number) {
  const times: number[] = [];
  const results = new Map<string, number>();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) {
        const i = next++;
        const t0 = performance.now();
        const r = await json<{ parts: { result: string }[] }>(
          `${base}/ymm/json/validateFitment?Parts=${pages[i % pages.length]}`,
          cookie,
        );
        times.push(performance.now() - t0);
        for (const p of r.body.parts) results.set(p.result, (results.get(p.result) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return { p50: pct(times, 50), p95: pct(times, 95), rps: n / seconds, results };
}

/** The same sequential calls through app.inject: server time only. */
async function inProcess(
  name: 'pglite' | 'postgres',
  dataDir: string,
  databaseUrl: string,
  pages: string[],
  cookie: string,
) {
  const open = await openDatabase({ dataDir, databaseUrl: databaseUrl || undefined });
  const app = await buildApp({
    db: open.db,
    engine: name,
    staticDir: path.join(dataDir, 'no-static'),
    sessionTtlMs: 3_600_000,
    secureCookies: false,
    logLevel: 'warn',
  });
  try {
    const call = async (i: number) => {
      const r = await app.inject({
        url: `/ymm/json/validateFitment?Parts=${pages[i % pages.length]}`,
        headers: { cookie },
      });
      if (r.statusCode !== 200) throw new Error(`inject: ${r.statusCode} ${r.body}`);
    };
    for (let i = 0; i < 50; i++) await call(i);
    const times: number[] = [];
    for (let i = 0; i < calls; i++) {
      const t0 = performance.now();
      await call(i);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    return { p50: pct(times, 50), p95: pct(times, 95) };
  } finally {
    await app.close();
    await open.close();
  }
}

async function engine(name: 'pglite' | 'postgres') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pd-bench-fit-'));
  const dbName = `pd_bench_fit_${process.pid}`;
  const databaseUrl = name === 'postgres' ? await createDatabase(pgBase, dbName) : '';
  progress(`${name}: starting a server and seeding ${parts} parts`);
  const srv = await runServer({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, DEMO_PARTS: parts }, 600_000);
  try {
    if (srv.proc.exitCode !== null) throw new Error(`server exited: ${srv.stderr()}`);
    const { pages, cookie } = await prepare(srv.url);
    progress(`${name}: ${pages.length} listing pages; measuring`);
    await measure(srv.url, pages, cookie, 1, 50); // warm-up: plans cached, pages in memory
    const sequential = await measure(srv.url, pages, cookie, 1, calls);
    const concurrent = await measure(srv.url, pages, cookie, CONCURRENCY, calls);
    await srv.stop(); // frees the PGlite directory lock for the in-process run
    progress(`${name}: in-process`);
    const server = await inProcess(name, dataDir, databaseUrl, pages, cookie);
    progress(`${name}: done`);
    return { sequential, concurrent, server };
  } finally {
    await srv.stop();
    if (name === 'postgres') await dropDatabase(pgBase, dbName);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const fmt = (n: number) => n.toFixed(1).padStart(6);
const rows: [string, Awaited<ReturnType<typeof engine>>][] = [];
rows.push(['pglite', await engine('pglite')]);
try {
  rows.push(['postgres', await engine('postgres')]);
} catch (err) {
  console.log(`postgres: skipped (${(err as Error).message})`);
}
console.log(
  `GET /ymm/json/validateFitment, ${PAGE} parts per call, ${parts} parts in the catalog, ${calls} calls, vehicle 2019 Ford F-150:`,
);
console.log('engine     callers  p50 ms  p95 ms  calls/s  results');
for (const [name, r] of rows) {
  for (const [label, m] of [
    ['1', r.sequential],
    [String(CONCURRENCY), r.concurrent],
  ] as const) {
    const results = [...m.results].map(([k, v]) => `${k} ${v}`).join(', ');
    console.log(
      `${name.padEnd(10)} ${label.padStart(7)}  ${fmt(m.p50)}  ${fmt(m.p95)}  ${String(Math.round(m.rps)).padStart(7)}  ${results}`,
    );
  }
}
console.log('in-process (app.inject, sequential): server time only');
for (const [name, r] of rows)
  console.log(`${name.padEnd(10)} p50 ${fmt(r.server.p50)} ms  p95 ${fmt(r.server.p95)} ms`);
// Something (fetch's keep-alive pool, most likely) keeps the event loop alive after the servers are
// gone; without this the script prints its table and then never exits.
process.exit(0);

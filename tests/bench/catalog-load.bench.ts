// The catalog listing call (GET /api/products/) under 50 concurrent connections on loopback
// (autocannon), PGlite and PostgreSQL side by side in one run. Each engine gets a real server
// process on a fresh database seeded with BENCH_PARTS demo parts (default 5,000).
import autocannon from 'autocannon';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDatabase, dropDatabase } from '../support/postgres';
import { runServer } from '../support/process';

const parts = process.env.BENCH_PARTS ?? '5000';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const pgBase = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function load(url: string) {
  const latencies: number[] = [];
  let i = 0;
  const sorts = ['name', 'price', 'date_added'];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: 50,
        duration: seconds,
        requests: [
          {
            setupRequest: (req) => {
              i++;
              return { ...req, path: `/api/products/?page=${(i % 40) + 1}&limit=24&sort=${sorts[i % 3]}` };
            },
          },
        ],
      },
      (err: unknown, res) => (err ? reject(err instanceof Error ? err : new Error('autocannon failed')) : resolve(res)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime: number) => latencies.push(responseTime));
  });
  latencies.sort((a, b) => a - b);
  return {
    p50: pct(latencies, 50),
    p95: pct(latencies, 95),
    rps: result.requests.average,
    errors: result.errors + result.non2xx,
  };
}

async function engine(name: 'pglite' | 'postgres') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pd-bench-cat-'));
  const dbName = `pd_bench_${process.pid}`;
  const databaseUrl = name === 'postgres' ? await createDatabase(pgBase, dbName) : '';
  const srv = await runServer({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, DEMO_PARTS: parts }, 600_000);
  try {
    await load(`${srv.url}`); // warm-up: plans cached, pages in memory
    return await load(`${srv.url}`);
  } finally {
    await srv.stop();
    if (name === 'postgres') await dropDatabase(pgBase, dbName);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const rows: [string, Awaited<ReturnType<typeof engine>>][] = [];
rows.push(['pglite', await engine('pglite')]);
try {
  rows.push(['postgres', await engine('postgres')]);
} catch (err) {
  console.log(`postgres: skipped (${(err as Error).message})`);
}
console.log(`GET /api/products/ with ${parts} parts, 50 connections, ${seconds} s:`);
console.log('engine     p50 ms  p95 ms  req/s  errors');
for (const [name, r] of rows) {
  console.log(
    `${name.padEnd(10)} ${String(r.p50).padStart(6)}  ${String(r.p95).padStart(6)}  ${String(Math.round(r.rps)).padStart(5)}  ${r.errors}`,
  );
}

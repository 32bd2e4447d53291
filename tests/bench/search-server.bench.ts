// GET /api/search/autocomplete per keystroke on BENCH_PARTS demo parts (default 200,000), in process
// through app.inject (the server's own time, as a shopper's phone would wait for it minus the
// network), on PGlite (a copy of the cached seeded directory, tests/bench/support/seeded-data.ts)
// and on PostgreSQL when reachable (seeded in process into a scratch database, then dropped).
// Also times migration 0011's backfill of product_search on the PGlite copy (a database seeded
// before 0011 existed migrates on its first start).
// The replay: BENCH_QUERIES (default 150) real part numbers typed one character at a time (half
// as written, half without punctuation, some brand-prefixed 'KN-33-2304'), and word queries
// ('k&n air', 'brake pad', ...) typed the same way; each prefix is one call, like a keystroke with
// no debounce (the bar debounces 250 ms, so this is the worst case).
// Run: npx tsx tests/bench/search-server.bench.ts   (BENCH_ENGINES=pglite to skip PostgreSQL)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../../server/app';
import { openDatabase, type Engine } from '../../server/db/database';
import { seedDemoData } from '../../server/db/demo/generate';
import { migrateToLatest } from '../../server/db/migrate';
import { createDatabase, dropDatabase } from '../support/postgres';
import { seededDataDir } from './support/seeded-data';

const parts = Number(process.env.BENCH_PARTS ?? 200_000);
const queries = Number(process.env.BENCH_QUERIES ?? 150);
const engines = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');
const pgBase = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const WORDS = [
  'k&n air filter',
  'brake pad',
  'bilstein shock',
  'oil filter',
  'floor liner',
  'spark plug',
  'cold air intake',
  'led headlight',
  'wiper blade',
  'fel-pro gasket',
];

const progress = (line: string) => process.stderr.write(`[search bench] ${line}\n`);
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** Every prefix of each query, as typed. */
function keystrokes(texts: string[]): string[] {
  return texts.flatMap((t) =>
    Array.from({ length: t.length }, (_, i) => t.slice(0, i + 1)).filter((s) => s.trim().length > 0),
  );
}

async function run(engine: Engine, dataDir: string, databaseUrl: string | undefined) {
  const open = await openDatabase({ dataDir, databaseUrl });
  const t0 = performance.now();
  await migrateToLatest(open.db);
  const migrateMs = performance.now() - t0;
  progress(`${engine}: migrated in ${(migrateMs / 1000).toFixed(1)} s`);
  const app = await buildApp({
    db: open.db,
    engine,
    staticDir: path.join(dataDir, 'no-static'),
    sessionTtlMs: 3_600_000,
    secureCookies: false,
    logLevel: 'warn',
  });
  try {
    const { rows } = await sql<{ mpn: string; brand: string }>`
      select p.mpn, m.name as brand from products p join manufacturers m on m.manufacturer_id = p.manufacturer_id
       where p.status order by md5(p.product_id::text) limit ${queries}`.execute(open.db);
    const texts = rows.map((r, i) =>
      i % 3 === 0
        ? r.mpn
        : i % 3 === 1
          ? r.mpn.replace(/[^A-Za-z0-9]/g, '')
          : `${r.brand.replace(/[^A-Za-z0-9]/g, '').slice(0, 4)}-${r.mpn}`,
    );
    const strokes = keystrokes([...texts, ...WORDS]);
    const call = async (q: string) => {
      const r = await app.inject({ url: `/api/search/autocomplete?q=${encodeURIComponent(q)}&width=390` });
      if (r.statusCode !== 200) throw new Error(`${q}: ${r.statusCode} ${r.body}`);
      return JSON.parse(r.body) as { parts: { mpn: string; match: string }[] };
    };
    for (const q of strokes.slice(0, 50)) await call(q); // warm-up: plans, caches, pages in memory
    progress(`${engine}: replaying ${strokes.length} keystrokes`);
    const times: number[] = [];
    const byLength = new Map<number, number[]>();
    for (const q of strokes) {
      const t = performance.now();
      await call(q);
      const ms = performance.now() - t;
      times.push(ms);
      const k = Math.min(q.length, 4);
      byLength.set(k, [...(byLength.get(k) ?? []), ms]);
    }
    // Whole part numbers as written: found, and first.
    let notFirst = 0;
    for (const r of rows) if ((await call(r.mpn)).parts[0]?.mpn !== r.mpn) notFirst++;
    times.sort((a, b) => a - b);
    const short = [...byLength]
      .sort(([a], [b]) => a - b)
      .map(
        ([k, v]) =>
          `${k === 4 ? '4+' : k} chars p95 ${pct(
            v.sort((a, b) => a - b),
            95,
          ).toFixed(1)}`,
      );
    return {
      migrateMs,
      n: strokes.length,
      p50: pct(times, 50),
      p95: pct(times, 95),
      p99: pct(times, 99),
      max: times[times.length - 1]!,
      short,
      notFirst,
    };
  } finally {
    await app.close();
    await open.close();
  }
}

async function pglite() {
  const cached = await seededDataDir(parts, progress);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pd-bench-search-'));
  fs.cpSync(path.join(cached, 'pg'), path.join(dir, 'pg'), { recursive: true });
  try {
    return await run('pglite', dir, undefined);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function postgres() {
  const name = `pd_bench_search_${process.pid}`;
  const url = await createDatabase(pgBase, name);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pd-bench-search-pg-'));
  try {
    const open = await openDatabase({ dataDir: dir, databaseUrl: url });
    await migrateToLatest(open.db);
    const t0 = performance.now();
    await seedDemoData(open.db, { parts });
    progress(
      `postgres: seeded ${parts} parts in ${((performance.now() - t0) / 1000).toFixed(1)} s (product_search kept by triggers)`,
    );
    await sql`analyze`.execute(open.db);
    await open.close();
    return await run('postgres', dir, url);
  } finally {
    await dropDatabase(pgBase, name);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const results: [string, Awaited<ReturnType<typeof run>>][] = [];
if (engines.includes('pglite')) results.push(['pglite', await pglite()]);
if (engines.includes('postgres')) {
  try {
    results.push(['postgres', await postgres()]);
  } catch (err) {
    console.log(`postgres: skipped (${(err as Error).message})`);
  }
}
console.log(`GET /api/search/autocomplete, ${parts} parts, one call per keystroke, in process (app.inject):`);
console.log('engine     keystrokes  p50 ms  p95 ms  p99 ms  max ms  whole mpn not first  migrate ms');
for (const [name, r] of results) {
  console.log(
    `${name.padEnd(10)} ${String(r.n).padStart(10)}  ${r.p50.toFixed(1).padStart(6)}  ${r.p95.toFixed(1).padStart(6)}  ${r.p99.toFixed(1).padStart(6)}  ${r.max.toFixed(0).padStart(6)}  ${String(r.notFirst).padStart(19)}  ${r.migrateMs.toFixed(0).padStart(10)}`,
  );
  console.log(`           ${r.short.join(', ')}`);
}
process.exit(0);

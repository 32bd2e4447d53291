// `npx tsx tests/bench/demo-seed.bench.ts [parts]` (default 200000): times migrating and seeding
// N demo parts on PGlite in a temp directory and, when TEST_DATABASE_URL or DATABASE_URL is set,
// on PostgreSQL in a scratch database `pd_dbtest_<random>` dropped afterwards. Prints seconds per
// engine plus the open time; the open (PGlite's WASM start) is not part of the seed figure.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type DbConfig } from '../../server/db/database';
import { seedDemoData } from '../../server/db/demo/generate';
import { migrateToLatest } from '../../server/db/migrate';
import { createDatabase, dropDatabase } from '../support/postgres';

const parts = Number(process.argv[2] ?? process.env.DEMO_SEED_PARTS ?? 200_000);
if (!Number.isInteger(parts) || parts <= 0)
  throw new Error(`parts must be a positive whole number, got ${process.argv[2]}`);

const secs = (ms: number) => (ms / 1000).toFixed(1);

async function run(label: string, cfg: DbConfig): Promise<void> {
  const t0 = performance.now();
  const open = await openDatabase(cfg);
  const t1 = performance.now();
  try {
    await migrateToLatest(open.db);
    const t2 = performance.now();
    let lastLog = t2;
    const r = await seedDemoData(open.db, {
      parts,
      log: (line) => {
        const now = performance.now();
        console.log(`  [${label} +${secs(now - t2)} s, step ${secs(now - lastLog)} s] ${line}`);
        lastLog = now;
      },
    });
    const rss = Math.round(process.memoryUsage().rss / 1e6);
    console.log(
      `${label}: open ${secs(t1 - t0)} s, migrate ${secs(t2 - t1)} s, seed ${parts} parts ${secs(r.ms)} s (${Math.round((parts / r.ms) * 1000)} parts/s), rss ${rss} MB`,
    );
  } finally {
    await open.close();
  }
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pd-bench-'));
try {
  await run('pglite', { dataDir: dir });
  const size = fs
    .readdirSync(path.join(dir, 'pg'), { recursive: true, withFileTypes: true })
    .reduce((n, e) => (e.isFile() ? n + fs.statSync(path.join(e.parentPath, e.name)).size : n), 0);
  console.log(`pglite: data directory ${Math.round(size / 1e6)} MB`);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}

const base = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
if (base) {
  const name = `pd_dbtest_${randomBytes(6).toString('hex')}`;
  const databaseUrl = await createDatabase(base, name);
  try {
    await run('postgres', { dataDir: dir, databaseUrl });
  } finally {
    await dropDatabase(base, name);
  }
} else {
  console.log('postgres: skipped (set TEST_DATABASE_URL or DATABASE_URL)');
}

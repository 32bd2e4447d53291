// `npm run bench demo-history`: what the demo history adds to a fresh install's first start
// (docs/decisions/database.md "Demo history"; figures in docs/figures.md). Seeds the 5,000-part demo
// catalog (DEMO_PARTS) on PGlite in a temp directory and, when TEST_DATABASE_URL or DATABASE_URL
// is set, on PostgreSQL in a scratch database dropped afterwards; then times the history (90 days
// at every store, appointments, purchase orders) in wall and CPU time, and counts its rows.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase, type DbConfig } from '../../server/db/database';
import { seedDemoData } from '../../server/db/demo/generate';
import { migrateToLatest } from '../../server/db/migrate';
import { createDatabase, dropDatabase } from '../support/postgres';
import { seedDemoHistory } from '../../server/services/demo/demo-history';

const parts = Number(process.env.DEMO_PARTS ?? 5000);
const secs = (ms: number) => (ms / 1000).toFixed(2);

async function run(label: string, cfg: DbConfig): Promise<void> {
  const open = await openDatabase(cfg);
  try {
    await migrateToLatest(open.db);
    const seeded = await seedDemoData(open.db, { parts });
    const cpu = process.cpuUsage();
    const r = await seedDemoHistory(open.db, {
      now: new Date('2026-11-27T21:00:00Z'),
      log: (line) => console.log(`  [${label}] ${line}`),
    });
    const used = process.cpuUsage(cpu);
    const count = async (table: string) =>
      Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(open.db)).rows[0]!.n);
    const [lines, transactions] = [await count('order_lines'), await count('transactions')];
    console.log(
      `${label}: catalog ${parts} parts ${secs(seeded.ms)} s; history ${r.orders} orders, ${lines} lines, ${transactions} payments ` +
        `(${Object.entries(r.byStore)
          .map(([id, n]) => `store ${id}: ${n}`)
          .join(', ')}) in ${secs(r.ms)} s wall, ${secs((used.user + used.system) / 1000)} s CPU (this process)`,
    );
  } finally {
    await open.close();
  }
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pd-bench-'));
try {
  await run('pglite', { dataDir: dir });
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

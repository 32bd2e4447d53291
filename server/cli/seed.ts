/**
 * `tsx server/cli/seed.ts --parts N [--seed S]`: opens the database from the environment
 * (DATA_DIR / DATABASE_URL), migrates it and fills it with demo data. For benchmarks and fresh
 * installs; refuses a database that already has data.
 */
import { DatabaseOpenError, openDatabase } from '../db/database';
import { seedDemoData } from '../db/demo/generate';
import { migrateToLatest } from '../db/migrate';
import { databaseConfig } from '../config';
import { errorLine, fail, flag } from './env';

const argv = process.argv.slice(2);
const parts = Number(flag(argv, 'parts') ?? '5000');
const seedArg = flag(argv, 'seed');
const seed = seedArg === undefined ? undefined : Number(seedArg);
if (!Number.isInteger(parts) || parts < 0) fail(`--parts must be a whole number, got "${flag(argv, 'parts')}"`);
if (seed !== undefined && !Number.isInteger(seed)) fail(`--seed must be a whole number, got "${seedArg}"`);

const log = (line: string) => process.stdout.write(`${line}\n`);
let open;
try {
  open = await openDatabase(databaseConfig());
} catch (err) {
  fail(err instanceof DatabaseOpenError ? err.message : `Cannot open database: ${errorLine(err)}`);
}
try {
  log(`database: ${open.engine} at ${open.location}`);
  const { schemaVersion } = await migrateToLatest(open.db);
  log(`database: schema version ${schemaVersion}`);
  const r = await seedDemoData(open.db, { parts, seed, log });
  log(`demo data: ${r.parts} parts, ${r.customers} customers in ${(r.ms / 1000).toFixed(1)} s`);
} catch (err) {
  await open.close().catch(() => undefined);
  fail(`Cannot seed ${open.location}: ${errorLine(err)}`);
}
await open.close();

/**
 * One server at a time prepares a database at start (migrations, then the demo data of a fresh
 * install): several server processes started together on one PostgreSQL database (WORKERS, or
 * containers behind a proxy) would otherwise both find it empty and both seed it. PostgreSQL: a
 * session advisory lock on a dedicated connection, held while `fn` runs; the others wait, then find
 * the work done. PGlite: one process owns the directory already (lock.ts), so `fn` just runs.
 * Kysely's migrator takes its own advisory lock too; this one also covers the demo data.
 */
import pg from 'pg';

/** Arbitrary, fixed: "Partsdesk start" (distinct from Kysely's migration lock). */
const START_LOCK_KEY = 0x50445354;

export async function withStartLock<T>(databaseUrl: string | undefined, fn: () => Promise<T>): Promise<T> {
  if (!databaseUrl) return fn();
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [START_LOCK_KEY]);
    return await fn();
  } finally {
    await client.query('select pg_advisory_unlock($1)', [START_LOCK_KEY]).catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}

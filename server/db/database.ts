/**
 * Opens the server database on one of two engines behind the same Kysely + pg stack:
 * - PGlite (embedded, default) in `${dataDir}/pg`, reached through PGlite's node-postgres adapter,
 *   guarded by the `${dataDir}/pg.lock` file (see lock.ts);
 * - PostgreSQL when `databaseUrl` is set (pg.Pool).
 * Both go through `pg`'s type parsers, so every query returns the same JS types on both engines.
 * Opening never migrates: call migrateToLatest (migrate.ts) next.
 */
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { DatabaseOpenError } from './errors';
import { acquireDirLock } from './lock';
import { takingTurns } from './pglite-turns';
import type { DB } from './schema';

export { DatabaseOpenError } from './errors';

export type Engine = 'pglite' | 'postgres';

export interface DbConfig {
  /** Absolute data directory (the caller resolves the default './data'); PGlite lives in `${dataDir}/pg`. */
  dataDir: string;
  /** When set, PostgreSQL at this URL is used instead of PGlite. */
  databaseUrl?: string | undefined;
}

export interface OpenDatabase {
  db: Kysely<DB>;
  engine: Engine;
  /** Closes the pool, then PGlite, then releases the directory lock. Safe to call twice. */
  close(): Promise<void>;
  /** The PGlite directory, or the PostgreSQL URL without its password: safe to log. */
  location: string;
  /** Engine handles for backup/restore only; services use `db`. */
  pglite?: PGlite | undefined;
  /** Full PostgreSQL URL (may hold a password): never log it. */
  databaseUrl?: string | undefined;
  /** PostgreSQL's pool, for its figures in GET /metrics (server/http/metrics.ts); absent on PGlite. */
  pool?: pg.Pool | undefined;
}

export async function openDatabase(cfg: DbConfig): Promise<OpenDatabase> {
  return cfg.databaseUrl ? openPostgres(cfg.databaseUrl) : openPglite(cfg.dataDir);
}

/** The PGlite options both the server and the restore CLI must use (extensions the schema needs). */
export const pgliteExtensions = { pg_trgm };

/**
 * PGlite's defaults plus a WAL cap: PostgreSQL keeps up to max_wal_size (1 GB) of recycled WAL
 * segments, which PGlite stores in the data directory and every backup tarball. 128 MB still
 * spreads checkpoints enough for a 200k-part seed.
 */
export const pgliteStartParams = [...PGlite.defaultStartParams, '-c', 'max_wal_size=128MB', '-c', 'min_wal_size=32MB'];

async function openPglite(dataDir: string): Promise<OpenDatabase> {
  const dir = path.join(dataDir, 'pg');
  const lock = acquireDirLock(dataDir, dir);
  let pglite: PGlite;
  try {
    pglite = await PGlite.create({ dataDir: dir, extensions: pgliteExtensions, startParams: pgliteStartParams });
  } catch (err) {
    lock.release();
    throw new DatabaseOpenError(
      `Cannot open database: PGlite data directory ${dir} could not be opened: ${oneLine(err)}`,
    );
  }
  // PGlite has one connection: a pool of one serialises transactions, which is what it can do;
  // each hand-over waits for a turn of the event loop (pglite-turns.ts).
  const pool = new pg.Pool(createPgConfig(pglite));
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: takingTurns(pool) }) });
  let closed: Promise<void> | null = null;
  return {
    db,
    engine: 'pglite',
    location: dir,
    pglite,
    close: () =>
      (closed ??= (async () => {
        try {
          await db.destroy();
          await pglite.close();
        } finally {
          lock.release();
        }
      })()),
  };
}

async function openPostgres(url: string): Promise<OpenDatabase> {
  const where = redactUrl(url);
  let pool: pg.Pool;
  try {
    pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 10_000 });
  } catch (err) {
    throw new DatabaseOpenError(`Cannot connect to PostgreSQL at ${where}: ${oneLine(err)}`);
  }
  // An idle client that loses its server emits 'error' on the pool; without a listener that
  // would crash the process. The next query gets a fresh connection.
  pool.on('error', () => undefined);
  try {
    await pool.query('select 1');
  } catch (err) {
    await pool.end().catch(() => undefined);
    throw new DatabaseOpenError(`Cannot connect to PostgreSQL at ${where}: ${describePgError(err)}`);
  }
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  let closed: Promise<void> | null = null;
  return {
    db,
    engine: 'postgres',
    location: where,
    databaseUrl: url,
    pool,
    close: () => (closed ??= db.destroy()),
  };
}

/** The URL with any password replaced, for logs and messages. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparseable DATABASE_URL)';
  }
}

const PG_ERRORS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host not found',
  ETIMEDOUT: 'connection timed out',
  '3D000': 'database does not exist',
  '28P01': 'authentication failed',
  '28000': 'authentication failed',
};

function describePgError(err: unknown): string {
  const code = (err as { code?: unknown }).code;
  const known = typeof code === 'string' ? PG_ERRORS[code] : undefined;
  if (!known) return oneLine(err);
  // Server-side refusals carry a useful detail (which database, which user); socket errors do not.
  return /^\d/.test(code as string) ? `${known} (${oneLine(err)})` : known;
}

function oneLine(err: unknown): string {
  const e = err as Error & { errors?: unknown[] };
  // AggregateError (e.g. refused on both ::1 and 127.0.0.1) has an empty message.
  const msg =
    e.message || (Array.isArray(e.errors) && e.errors[0] instanceof Error ? e.errors[0].message : String(err));
  return msg.replace(/\s+/g, ' ').trim();
}

import { sql, type Kysely } from 'kysely';
import type { Engine } from '../../db/database';
import type { DB } from '../../db/schema';

/**
 * Answers /healthz: the engine in use and the newest applied migration, read live from the
 * database in ONE statement (it is also the liveness check: the database answered). Three
 * statements queued three times for PGlite's one connection (and PostgreSQL's pool) behind whatever
 * else waited: docs/decisions/sync.md "First-sync storm latency". The number is the one
 * migrate.ts `schemaVersion` gives (the leading digits of the newest name; the table exists once
 * the server has started, which migrated).
 */
export class HealthService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly engine: Engine,
  ) {}

  async check(): Promise<{ engine: Engine; schemaVersion: number }> {
    const r = await sql<{ v: number }>`
      select coalesce(max(substring(name from '^[0-9]+')::int), 0) as v from kysely_migration`.execute(this.db);
    return { engine: this.engine, schemaVersion: r.rows[0]?.v ?? 0 };
  }
}

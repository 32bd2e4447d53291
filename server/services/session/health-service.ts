import { sql, type Kysely } from 'kysely';
import type { Engine } from '../../db/database';
import { schemaVersion } from '../../db/migrate';
import type { DB } from '../../db/schema';

/** Answers /healthz: the engine in use and the newest applied migration, read live from the database. */
export class HealthService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly engine: Engine,
  ) {}

  async check(): Promise<{ engine: Engine; schemaVersion: number }> {
    await sql`select 1`.execute(this.db);
    return { engine: this.engine, schemaVersion: await schemaVersion(this.db) };
  }
}

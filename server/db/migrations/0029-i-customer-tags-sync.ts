/**
 * Migration 0029-i: customer tags ride the sync (docs/decisions/pos.md "Customer tags offline").
 * customer_tags and customer_tag_assignments (0026-i) were server-only; they gain the version
 * column and pd_track_changes, so staff devices pull the shop's tags and which customer has which,
 * and a deletion (an unassigned tag, a customer or tag removed: the cascade fires the row trigger)
 * leaves a tombstone. An assignment's tombstone key is `customer_ref:tag_id`, its primary key in
 * order, the id devices store it under. Adding the column numbers every existing row from
 * change_version (a volatile default is evaluated per row), above any device's cookie: devices
 * already synced receive them with their next pull, and builds that cached the tables late
 * backfill them (src/db/database.ts version 15).
 */
import { sql, type Kysely } from 'kysely';

const TABLES = ['customer_tags', 'customer_tag_assignments'];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const t of TABLES) {
    await sql`alter table ${sql.table(t)} add column version bigint not null default nextval('change_version')`.execute(
      db,
    );
    await sql`select pd_track_changes(${sql.lit(t)})`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of TABLES) {
    await sql`drop trigger if exists pd_tombstone on ${sql.table(t)}`.execute(db);
    await sql`drop trigger if exists pd_version on ${sql.table(t)}`.execute(db);
    await sql`alter table ${sql.table(t)} drop column version`.execute(db);
    await sql`delete from tombstones where table_name = ${t}`.execute(db);
  }
}

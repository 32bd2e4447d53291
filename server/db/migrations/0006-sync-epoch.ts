/**
 * Migration 0006: the server's sync epoch (docs/decisions/server.md "Server epoch, restore and retry").
 *
 * - sync_state.epoch: a random id naming this database's history. Push and pull replies carry it;
 *   a device that sees a different one than it remembers knows the server's history was replaced
 *   (a backup restored): it pulls everything again and re-pushes what the server lost from its
 *   journal. The restore code (server/db/restore.ts) gives a restored database a new epoch; nothing
 *   else ever changes it. Existing databases get a fresh one here (the default is evaluated per
 *   row), which costs each device one full pull after the upgrade and nothing else.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sync_state add column epoch uuid not null default gen_random_uuid()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sync_state drop column epoch`.execute(db);
}

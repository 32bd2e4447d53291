/**
 * Migration 0015-e: the audit of conflicts staff discarded, and who made each change.
 *
 * - sync_discards: one row per rejected mutation a staff user discarded on a device ("only
 *   staff can discard a conflict, and the discard is recorded"): which device and mutation, its
 *   name and args as the device held them (the server never stored rejected args), the code and
 *   message it was rejected with, who discarded it (the session user of the discard call), when on
 *   the server and when on the device (a discard made offline arrives later). A discard is
 *   recorded once; repeating the call changes nothing.
 * - sync_mutations.made_by_*: the user signed in on the device when the change was made (the
 *   device's claim), beside actor_* (the session user that pushed it, whom the server trusts).
 *   Null for mutations pushed by clients before this.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
create table sync_discards (
  client_id uuid not null,
  mutation_id bigint not null,
  name text not null,
  args jsonb not null,
  code text,
  message text,
  discarded_by_kind text not null check (discarded_by_kind = 'staff'),
  discarded_by_id text not null,
  discarded_at timestamptz not null default now(),
  device_at timestamptz,
  primary key (client_id, mutation_id),
  foreign key (client_id, mutation_id) references sync_mutations (client_id, mutation_id) on delete cascade
)`.execute(db);
  await sql`alter table sync_mutations add column made_by_id text, add column made_by_role text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sync_mutations drop column made_by_id, drop column made_by_role`.execute(db);
  await sql`drop table sync_discards`.execute(db);
}

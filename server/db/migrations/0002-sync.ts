/**
 * Migration 0002: the sync protocol's server-side bookkeeping. None of these tables is
 * versioned: they never leave the server.
 *
 * - sync_clients: one row per installed client (clientId). `last_mutation_id` is the highest
 *   mutation id processed for it; it only moves forward, in the same transaction that applies
 *   (or rejects) that mutation, so "processed" and "advanced" can never disagree.
 * - sync_mutations: the record of every processed mutation with its outcome and the acting user.
 *   `seq` is the server-wide order of processing (tests check per-client order with it).
 * - sync_state: one row. Pushes lock it FOR SHARE while they write; a pull locks it FOR UPDATE for
 *   an instant to learn the version horizon (every version <= it is committed), see
 *   docs/decisions/sync.md "Flaws in the first protocol design, and the fixes" flaw 1.
 *   `tombstones_purged_through` is the highest tombstone version ever purged: a cookie below it
 *   may have missed deletions (needsFullSync).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
create table sync_clients (
  client_id uuid primary key,
  last_mutation_id bigint not null default 0 check (last_mutation_id >= 0),
  user_kind text not null check (user_kind in ('staff', 'customer')),
  staff_user_id int references staff_users on delete set null,
  customer_uuid uuid references customers (id) on delete cascade,
  device_prefix text unique,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now()
);

create table sync_mutations (
  client_id uuid not null references sync_clients on delete cascade,
  mutation_id bigint not null,
  seq bigint generated always as identity unique,
  name text not null,
  status text not null check (status in ('applied', 'rejected')),
  code text,
  message text,
  actor_kind text not null check (actor_kind in ('staff', 'customer')),
  actor_id text not null,
  device_at timestamptz,
  applied_at timestamptz not null default now(),
  primary key (client_id, mutation_id)
);

create table sync_state (
  id int primary key check (id = 1),
  tombstones_purged_through bigint not null default 0
);
insert into sync_state (id) values (1);
`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table sync_mutations; drop table sync_clients; drop table sync_state;`.execute(db);
}

/**
 * Migration 0024-s: who made a change a device queued (docs/decisions/sync.md "Staff tokens: who made
 * a queued change").
 *
 * - server_secrets: keys the server signs with, one row per purpose, created on first use
 *   (server/services/session/staff-tokens.ts). Server-only: not versioned, never pulled. Kept in the
 *   database (not a file) so every server process on one PostgreSQL database signs and checks with
 *   the same key, and a restored backup still accepts the tokens its devices hold. STAFF_TOKEN_SECRET
 *   (server/config.ts) replaces the stored one.
 * - sync_mutations.pushed_by_id: the session user whose push carried the mutation. actor_* is now
 *   the staff member who made it (their signed token), which differs when one cashier's queue is
 *   pushed after another signed in on the same tablet. Null for mutations recorded before this.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
create table server_secrets (
  name text primary key,
  value text not null check (length(value) >= 32),
  created_at timestamptz not null default now()
)`.execute(db);
  await sql`alter table sync_mutations add column pushed_by_id text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sync_mutations drop column pushed_by_id`.execute(db);
  await sql`drop table server_secrets`.execute(db);
}

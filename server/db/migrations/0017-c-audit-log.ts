/**
 * Migration 0017-c: the audit log. One row per sensitive change, written in the same
 * transaction as the change itself (server/commands/audit.ts): voids (orders and payments), price
 * overrides, tax-exempt changes, store credit changes, and conflicts staff discarded.
 *
 * - who: the staff user the server trusts (the session of the push or call), with the role;
 * - when: `at`, the change's own time (the device's time of an offline sale when plausible, as the
 *   order's dates are), and `recorded_at`, the server's time;
 * - device: the sync client id and mutation id for a pushed change; null for an HTTP call;
 * - what: `kind`, `action` (the mutation's name, or sync.discard), the record (table and id, and
 *   the order it belongs to) and `before` / `after` (the audited fields only, JSON).
 *
 * Server-only bookkeeping, like 0002's sync tables: not versioned, never pulled by a device.
 * Append-only: nothing in the application updates or deletes a row.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
create table audit_log (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('void', 'price_override', 'tax_exempt', 'store_credit', 'conflict_discard')),
  action text not null,
  actor_kind text not null,
  actor_id text not null,
  actor_role text not null,
  client_id uuid,
  mutation_id bigint,
  record_table text not null,
  record_id text not null,
  order_ref uuid,
  before jsonb,
  after jsonb,
  at timestamptz not null,
  recorded_at timestamptz not null default now()
)`.execute(db);
  await sql`create index audit_log_kind_idx on audit_log (kind, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table audit_log`.execute(db);
}

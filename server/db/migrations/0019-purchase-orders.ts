/**
 * Migration 0019: distributor purchase orders (pos-back-office.md §3 "Distributor purchase order";
 * docs/decisions/distributor.md). One row per purchase order the distributor accepted for an
 * order, keeping the distributor's own document as it answered (`data`, the §3 fields) beside the
 * columns the server sorts and sums by. `request_id` is the device's id for the submit: a retry
 * of the same submit finds its rows (or asks the distributor again with the same id, which
 * answers the same purchase orders), so a purchase order is never stored twice.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
create table purchase_orders (
  id uuid primary key default gen_random_uuid(),
  order_ref uuid not null references orders (id) on delete cascade,
  request_id uuid not null,
  distributor text not null,
  purchase_order_id text not null,
  warehouse text not null,
  status text not null,
  total numeric(12,2) not null,
  submitted_at timestamptz not null,
  data jsonb not null,
  created_by text not null,
  created_at timestamptz not null default now(),
  unique (request_id, purchase_order_id)
);
create index purchase_orders_order_idx on purchase_orders (order_ref, created_at);
`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table purchase_orders`.execute(db);
}

/**
 * Migration 0004: the shopper's chosen vehicle (storefront.md §7 "Vehicle fitment
 * service") and what its queries need. See docs/decisions/fitment.md "Vehicle fitment (/ymm/json/)".
 *
 * - fitment_vehicles: one row per browser that saved a vehicle, keyed by the sha256 of its
 *   `pd_vehicle` cookie (the cookie itself is never stored, as with sessions). `facets` holds the
 *   facet map of src/domain/fitment-facets.ts; `expires_at` slides to 90 days after last use.
 *   Not versioned: it never leaves the server.
 * - products_part_ref_idx on `aaia || '~' || mpn`: validateFitment finds a page of parts by
 *   brand code and part number. Not the (aaia, mpn) unique index, because the planner prefers the
 *   trigram GIN index on mpn for `mpn = $1` and each such probe costs ~2.5 ms (measured: 140 ms
 *   for 48 parts on PostgreSQL 5,000-part catalog) against ~0.01 ms for a btree probe.
 * - products_series_idx: "Find Products That Fit" counts by series (brand and category are
 *   already indexed by 0001).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
create table fitment_vehicles (
  id_hash text primary key,
  facets jsonb not null default '{}'::jsonb,
  show_universal boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index fitment_vehicles_expires_idx on fitment_vehicles (expires_at);
create index products_part_ref_idx on products ((aaia || '~' || mpn));
create index products_series_idx on products (series_id) where series_id is not null;
`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index products_part_ref_idx; drop index products_series_idx; drop table fitment_vehicles;`.execute(db);
}

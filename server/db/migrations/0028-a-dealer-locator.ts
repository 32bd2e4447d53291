/**
 * Migration 0028-a: the dealer locator's radius search (storefront.md §7 "Dealer locator";
 * docs/decisions/storefront.md "Dealer locator"). The store fields it shows (lat, lng, hours,
 * website, email, location_type) exist since 0001; a search pre-filters active stores by a
 * latitude/longitude box, which this index serves (10,000 stores: docs/figures.md "Dealer locator").
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists locations_geo_idx on locations (lat, lng) where status`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists locations_geo_idx`.execute(db);
}

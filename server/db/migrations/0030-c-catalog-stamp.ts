/**
 * Migration 0030-c: pd_catalog_stamp(), the change stamps the storefront listing's reply cache is
 * keyed on (server/services/catalog/listing-cache.ts; docs/decisions/server.md "Listing replies
 * cached per process"). `catalog`: the newest version of each table a listing's rows and totals
 * are read from (products, product_categories, manufacturers, series and categories through the
 * search index, part_fitment and engine_configs for a vehicle, and tombstones, which every
 * deletion writes); `stock`: of product_stock and locations (the cards' stock lines). Each table's
 * own newest version, not the greatest of all: a stale stamp then needs two writers of one table
 * committing out of numbering order (listing-cache.ts `LISTING_TTL_MS`).
 *
 * A function, not the same subqueries in the listing's statement: PL/pgSQL keeps the plan of each
 * of its statements for the session, where an unnamed statement is planned again on every
 * execution (ten max() subqueries cost ~0.3 ms of planning each time on PostgreSQL, ~0.05 ms
 * executing). Must stay true: a table a listing reply is read from is in here.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
create function pd_catalog_stamp(out catalog text, out stock text) language plpgsql stable as $$
begin
  catalog := concat_ws(':',
    coalesce((select max(version) from products), 0),
    coalesce((select max(version) from product_categories), 0),
    coalesce((select max(version) from manufacturers), 0),
    coalesce((select max(version) from series), 0),
    coalesce((select max(version) from categories), 0),
    coalesce((select max(version) from part_fitment), 0),
    coalesce((select max(version) from engine_configs), 0),
    coalesce((select max(version) from tombstones), 0));
  stock := concat_ws(':',
    coalesce((select max(version) from product_stock), 0),
    coalesce((select max(version) from locations), 0));
end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function if exists pd_catalog_stamp()`.execute(db);
}

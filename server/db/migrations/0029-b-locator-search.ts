/**
 * Migration 0029-b: the dealer locator's text search through a trigram index (issue 23; docs/figures.md
 * "Locator search over 10,000 stores": the text search read every store, p95 951 ms on PGlite).
 *
 * - locations.search_text: name, address line 1, city, state code and post code on their own lines,
 *   lower-cased, GENERATED ALWAYS ... STORED (as customers.search_text, migration 0026-s): the
 *   database keeps it right whoever writes the row. The search reads this one column with LIKE on a
 *   lower-cased pattern instead of five ILIKEs per store (server/services/locator/locator-service.ts).
 *   The lines keep a search from matching across two fields, as the five ILIKEs did.
 * - locations_search_text_trgm_idx: its trigram index over active stores (the search reads only
 *   those), when pg_trgm is there (as in 0001/0007/0026-s). fastupdate off, for the reason 0026-s
 *   gives: PGlite never vacuums, so entries left in the GIN pending list would be read through by
 *   every search.
 * Not a domain field: the pull leaves it out of locations rows (server/sync/pull-sources.ts).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
alter table locations add column search_text text generated always as (
  lower(name || E'\\n' || address_1 || E'\\n' || city || E'\\n' || zone_code || E'\\n' || postcode)) stored;

do $$
begin
  if not exists (select 1 from pg_extension where extname = 'pg_trgm') then
    raise notice 'pg_trgm unavailable: the locator text search will read every store';
    return;
  end if;
  create index locations_search_text_trgm_idx on locations using gin (search_text gin_trgm_ops)
    with (fastupdate = off) where status;
end $$;
`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
drop index if exists locations_search_text_trgm_idx;
alter table locations drop column if exists search_text;
`.execute(db);
}

/**
 * Migration 0026-s: the customer search text as a stored column (issue 20: a search over 50,000
 * customers answers in < 100 ms p95 on both engines; docs/figures.md "Customers list search").
 *
 * - customers.search_text: "first last", email, telephone and the telephone's digits on their own
 *   lines, lower-cased, GENERATED ALWAYS ... STORED, so the database keeps it right on every insert
 *   and update whoever writes the row (push appliers, registration, the demo seeder) and no code
 *   path can forget it. A search then reads a plain column with LIKE instead of evaluating
 *   concatenation, regexp_replace and ILIKE per row: PGlite's planner prices that expression like
 *   an addition and chose a sequential scan that evaluated it 50,000 times in WebAssembly
 *   (266–392 ms p95 on broad searches).
 * - customers_search_text_trgm_idx: its trigram index (when pg_trgm is there, as in 0001/0007),
 *   which every search of 3 or more characters reads (server/services/pos/pos-lookups.ts keeps the
 *   planner off the sequential scan it would pick for a broad search); the expression index of 0007 (customers_search_trgm_idx) is dropped, nothing
 *   reads that expression any more.
 *   fastupdate off: with it on, new customers wait in the GIN index's pending list (up to 4 MB)
 *   until a VACUUM, which PGlite never runs on its own, and every search reads that list through:
 *   measured on 50,000 customers inserted after the migration, a narrow search took 40 ms instead
 *   of 2.5 ms. Each insert or update now pays its index entries at once (one customer: negligible).
 * No index in the search's order (lastname, firstname, customer_id): with one, both planners walk
 * it for a broad search and filter until the page is full, which reads 40,000 customers for
 * "smith" (Smith sorts late): slower than the trigram index (measured, docs/figures.md).
 * The generated column is not a domain field: records and pulls list their columns explicitly
 * (server/commands/records/customers.ts customerColumns) and never carry it.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
alter table customers add column search_text text generated always as (
  lower(firstname || ' ' || lastname || E'\\n' || coalesce(email, '') || E'\\n' || telephone || E'\\n'
    || regexp_replace(telephone, '[^0-9]', '', 'g'))) stored;
drop index if exists customers_search_trgm_idx;

do $$
begin
  if not exists (select 1 from pg_extension where extname = 'pg_trgm') then
    raise notice 'pg_trgm unavailable: customer search will read every customer';
    return;
  end if;
  create index customers_search_text_trgm_idx on customers using gin (search_text gin_trgm_ops) with (fastupdate = off);
end $$;
`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('0026-s-customer-search cannot be rolled back; restore a backup taken before it'));
}

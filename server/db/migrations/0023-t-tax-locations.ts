/**
 * Migration 0023: tax rates by store (docs/decisions/domain.md "Tax rates by location").
 * - tax_rates.location_id: the one store a rate applies at (a city's or a transit district's
 *   rate); null = every store.
 * - tax_rates.zone_code: the state (zones.code, as locations.zone_code) a rate applies in (a
 *   state's rate, given once for all its stores); null = every state.
 *   A class's rate at a store is the sum of its rates that apply there (src/domain/store-settings.ts).
 * - orders.location_id (0001) was never written: from now on the store an order is rung up at,
 *   whose rates tax it. Orders without one are taxed at the default store's rates, as all were.
 * Existing rates name no store and no state, so they keep applying everywhere: nothing changes
 * until a shop scopes its rates. Adding the columns bumps no version (the rows devices hold mean
 * the same as before).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
alter table tax_rates add column location_id int references locations on delete cascade;
alter table tax_rates add column zone_code text check (zone_code is null or zone_code <> '');
create index tax_rates_location_idx on tax_rates (location_id);
`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
drop index tax_rates_location_idx;
alter table tax_rates drop column zone_code;
alter table tax_rates drop column location_id;
`.execute(db);
}

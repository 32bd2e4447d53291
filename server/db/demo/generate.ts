/**
 * The deterministic demo data set: the same seed and part count give the same rows (names,
 * prices, part numbers, people) on every machine and engine. Nothing here reads the clock or
 * Math.random: dates are offsets from BASE_DATE.
 *
 * Everything is written in ONE transaction, so a start interrupted while seeding leaves an empty
 * database that the next start seeds again (hasDemoData is false), never half a catalog.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema';
import { seedCatalogStructure } from './catalog';
import { fitmentPicker } from './fitment';
import { seedLocations, seedLookups, seedSettings } from './locations';
import { seedCustomFields } from './custom-fields';
import { seedForms } from './forms';
import { seedContent } from './content';
import { seedParts } from './parts';
import { seedCustomers, seedStaff } from './people';
import { seedCustomerAdmin } from './customer-admin';
import { Rng } from './prng';
import { seedVehicles } from './vehicles';

export const DEFAULT_SEED = 20261122;
/** "Now" of the demo world: every generated date lies before it. */
export const BASE_DATE = new Date('2026-11-01T12:00:00Z');

export interface SeedOptions {
  parts: number;
  seed?: number;
  log?: (line: string) => void;
}

export interface SeedResult {
  parts: number;
  customers: number;
  ms: number;
}

/** True once demo data (or a real shop's setup) exists: the shop has at least one location. */
export async function hasDemoData(db: Kysely<DB>): Promise<boolean> {
  const row = await db.selectFrom('locations').select('location_id').limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function seedDemoData(db: Kysely<DB>, opts: SeedOptions): Promise<SeedResult> {
  const started = performance.now();
  const log = opts.log ?? (() => undefined);
  const seed = opts.seed ?? DEFAULT_SEED;
  if (!Number.isInteger(opts.parts) || opts.parts < 0)
    throw new Error(`demo data: parts must be a whole number, got ${opts.parts}`);
  if (await hasDemoData(db))
    throw new Error('demo data: the database already has locations; seed only an empty database');

  const root = new Rng(seed);
  // One generator per area, forked in a fixed order: changing how one area draws numbers leaves
  // the others' data as it was.
  const rng = {
    vehicles: root.fork('vehicles'),
    people: root.fork('people'),
    products: root.fork('products'),
    children: root.fork('children'),
  };

  const result = await db.transaction().execute(async (trx) => {
    const t = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
    const locations = await seedLocations(trx);
    const lookups = await seedLookups(trx, locations);
    await seedSettings(trx, { seed, parts: opts.parts, baseDate: BASE_DATE.toISOString() });
    await seedStaff(trx, locations, BASE_DATE);
    await seedCustomFields(trx);
    await seedForms(trx);
    await seedContent(trx);
    log(`demo data: locations, staff and settings (${t()})`);
    const tree = await seedVehicles(trx, rng.vehicles);
    log(`demo data: ${tree.models.length} vehicle models, ${tree.baseVehicles.length} base vehicles (${t()})`);
    const customers = await seedCustomers(trx, rng.people, {
      tree,
      locations,
      baseDate: BASE_DATE,
      wholesaleGroupId: lookups.wholesaleGroupId,
    });
    log(`demo data: ${customers} customers (${t()})`);
    await seedCustomerAdmin(trx, { baseDate: BASE_DATE, wholesaleGroupId: lookups.wholesaleGroupId });
    const catalog = await seedCatalogStructure(trx);
    const parts = await seedParts(trx, { products: rng.products, children: rng.children }, opts.parts, {
      catalog,
      lookups,
      locations,
      fitment: fitmentPicker(tree),
      baseDate: BASE_DATE,
      log,
    });
    return { parts, customers };
  });
  // Fresh statistics so the first queries plan with real row counts.
  await sql`analyze`.execute(db);
  return { ...result, ms: Math.round(performance.now() - started) };
}

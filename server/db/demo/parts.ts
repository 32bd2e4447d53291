/**
 * Demo products, generated and inserted in chunks of 1000 so 200,000 parts stay within memory
 * and report progress. Each product's own fields come from one generator (`rng.products`) in
 * product order, so the first N products are the same whatever total is asked for; categories,
 * stock, options and fitment draw from a second one.
 */
import type { Insertable, Kysely } from 'kysely';
import type { DB } from '../schema';
import { insertReturning, insertRows } from './bulk';
import type { BrandRef, CatalogRefs, LeafRef } from './catalog';
import { OPTION_VALUES, type OptionKind } from './categories';
import { buildFitment, type FitmentPicker } from './fitment';
import type { LocationRef, LookupRefs } from './locations';
import { demoImagePath } from './images';
import { cents, slugify, type Rng } from './prng';

const CHUNK = 1000;

interface PartDraft {
  row: Insertable<DB['products']>;
  leaf: LeafRef;
  option: OptionKind | null;
}

export interface PartsContext {
  catalog: CatalogRefs;
  lookups: LookupRefs;
  locations: readonly LocationRef[];
  fitment: FitmentPicker;
  baseDate: Date;
  log: (line: string) => void;
}

export async function seedParts(
  db: Kysely<DB>,
  rng: { products: Rng; children: Rng },
  count: number,
  ctx: PartsContext,
): Promise<number> {
  const make = partMaker(rng.products, ctx);
  const every = Math.max(CHUNK, Math.round(count / 10 / CHUNK) * CHUNK);
  let done = 0;
  while (done < count) {
    const n = Math.min(CHUNK, count - done);
    const drafts: PartDraft[] = [];
    for (let i = 0; i < n; i++) drafts.push(make(done + i));
    const ids = await insertReturning(
      db,
      'products',
      drafts.map((d) => d.row),
      ['product_id', 'slug'],
    );
    const idOf = new Map(ids.map((r) => [r.slug, r.product_id]));
    await insertChildren(
      db,
      rng.children,
      drafts.map((d) => ({ ...d, productId: idOf.get(d.row.slug)! })),
      ctx,
    );
    done += n;
    if (done % every === 0 || done === count) ctx.log(`demo data: products ${done}/${count}`);
  }
  return done;
}

/** Parts this heavy (lb) or heavier carry SPECIAL_ORDER_TEXT as their out-of-stock sentence. */
const SPECIAL_ORDER_WEIGHT = 40;
export const SPECIAL_ORDER_TEXT = 'This part ships from our distributor in 3-5 business days when not on our shelf.';

/** Returns a function that drafts product number i (call in order 0, 1, 2, ...). */
function partMaker(rng: Rng, ctx: PartsContext): (i: number) => PartDraft {
  const { brands } = ctx.catalog;
  const brandWeights = brands.map((b) => b.def.weight ?? 1);
  const usedMpn = new Set<string>();
  const usedSlug = new Set<string>();
  const base = ctx.baseDate.getTime();

  return (i) => {
    const brand = rng.weighted(brands, brandWeights);
    // Universal leaves (oil, bulbs, hitch balls...) are drawn less so ~3% of parts are universal.
    const leaf = rng.weighted(
      brand.leaves,
      brand.leaves.map((l) => (l.def.fitment === 'universal' ? 0.06 : 1)),
    );
    const mpn = uniqueMpn(rng, brand, leaf, usedMpn);
    const noun = rng.pick(leaf.def.nouns);
    const name = `${brand.def.name} ${noun} ${mpn}`;
    let slug = slugify(name);
    if (usedSlug.has(slug)) slug = `${slug}-${i}`;
    usedSlug.add(slug);

    const [lo, hi] = leaf.def.cost;
    const cost = Math.max(100, Math.round(Math.exp(Math.log(lo) + rng.float() * (Math.log(hi) - Math.log(lo))) * 100));
    // Retail ends in .99 and is always above cost; MSRP is at least retail.
    const retail = Math.max(cost + 100, Math.ceil((cost * (1.35 + rng.float() * 0.55)) / 100) * 100) - 1;
    const msrp = rng.chance(0.25) ? retail : Math.ceil((retail * (1.05 + rng.float() * 0.25)) / 100) * 100 - 1;
    const universal = leaf.def.fitment === 'universal' || rng.chance(leaf.def.universal ?? 0);
    const option = leaf.def.options && rng.chance(0.35) ? leaf.def.options : null;
    const labor = leaf.def.labor && rng.chance(0.6) ? leaf.def.labor : null;
    const seriesIdx = rng.chance(0.75) ? rng.int(0, brand.seriesIds.length - 1) : -1;
    const series = seriesIdx >= 0 ? brand.def.series[seriesIdx]! : null;
    const [wlo, whi] = leaf.def.weight;
    const added = new Date(base - rng.int(0, 1095) * 86_400_000 - rng.int(0, 86_399) * 1000);
    // Lower-case only a plain leading word ("Brake pad" -> "brake pad"), never an acronym ("AGM", "LED").
    const lowerNoun = /^[A-Z][a-z]/.test(noun) ? noun.charAt(0).toLowerCase() + noun.slice(1) : noun;

    const row: Insertable<DB['products']> = {
      manufacturer_id: brand.manufacturerId,
      aaia: brand.def.code,
      mpn,
      series_id: seriesIdx >= 0 ? brand.seriesIds[seriesIdx]! : null,
      name,
      short_name: `${brand.def.name} ${mpn}`,
      short_description: `${series ? `${brand.def.name} ${series}` : brand.def.name} ${lowerNoun}.`,
      description: describe(rng, brand.def.name, series, lowerNoun, universal),
      slug,
      upc: rng.chance(0.75) ? upc(brand.upcPrefix + rng.digits(5)) : null,
      tax_class_id: ctx.lookups.taxableClassId,
      price: cents(retail),
      msrp: cents(msrp),
      cost: cents(cost),
      minimum: leaf.def.minimum && rng.chance(0.5) ? leaf.def.minimum : 1,
      is_orderable: rng.chance(0.97),
      disable_pricing: rng.chance(0.02),
      requires_options: option !== null,
      is_universal: universal,
      show_install_graphic: labor !== null,
      labor_id: labor ? (rng.chance(0.7) ? ctx.lookups.laborIds.installation : ctx.lookups.laborIds.standard) : null,
      labor_time: labor ? Math.round(rng.int(labor[0], labor[1]) / 15) * 15 : null,
      image: demoImagePath(leaf.def.slug),
      status: rng.chance(0.99),
      weight: cents(rng.int(wlo * 100, whi * 100)),
      date_added: added,
    };
    // Heavy parts are special-ordered when the shelf is empty: their own cart stock warning
    // (decided from a drawn value, so the draw sequence and every other part stay as they were).
    if (Number(row.weight) >= SPECIAL_ORDER_WEIGHT) row.oos_text = SPECIAL_ORDER_TEXT;
    // Rebuildable parts carry a core charge (derived, no draw: every other field stays as it was).
    const core = coreChargeCents(leaf.def.slug, retail);
    if (core > 0) row.surcharge = cents(core);
    return { row, leaf, option };
  };
}

/**
 * Core charges (products.surcharge) of the parts that carry one in real shops, by category leaf:
 * about 30% of the part's retail in whole $5 steps (a battery's is flat-ish), within the leaf's
 * usual range. Other leaves have none.
 */
const CORE_CHARGES: Readonly<Record<string, readonly [number, number]>> = {
  alternators: [30, 75],
  starters: [25, 60],
  batteries: [15, 25],
  'brake-calipers': [15, 45],
  'water-pumps': [10, 30],
};

export function coreChargeCents(leafSlug: string, retailCents: number): number {
  const range = CORE_CHARGES[leafSlug];
  if (!range) return 0;
  const [lo, hi] = range;
  const dollars = Math.round((retailCents * 0.3) / 500) * 5;
  return Math.min(hi, Math.max(lo, dollars)) * 100;
}

function uniqueMpn(rng: Rng, brand: BrandRef, leaf: LeafRef, used: Set<string>): string {
  const patterns = brand.def.lines[leaf.def.slug]!;
  for (let attempt = 0; attempt < 20; attempt++) {
    const mpn = fill(rng, rng.pick(patterns));
    const key = `${brand.def.code}|${mpn}`;
    if (!used.has(key)) {
      used.add(key);
      return mpn;
    }
  }
  // A crowded pattern (200k parts): lengthen it rather than loop.
  for (;;) {
    const mpn = `${fill(rng, rng.pick(patterns))}-${rng.digits(3)}`;
    const key = `${brand.def.code}|${mpn}`;
    if (!used.has(key)) {
      used.add(key);
      return mpn;
    }
  }
}

function fill(rng: Rng, pattern: string): string {
  let s = '';
  for (const c of pattern) {
    if (c === '#') s += rng.digits(1);
    else if (c === '%') s += String(rng.int(1, 9));
    else if (c === '@') s += rng.letters(1);
    else s += c;
  }
  return s;
}

/** A UPC-A from 11 digits plus its check digit. */
function upc(eleven: string): string {
  let sum = 0;
  for (let i = 0; i < 11; i++) sum += Number(eleven[i]) * (i % 2 === 0 ? 3 : 1);
  return eleven + String((10 - (sum % 10)) % 10);
}

const FEATURES = [
  'Direct-fit design installs with basic hand tools.',
  'Engineered to meet or exceed original equipment specifications.',
  'Backed by a limited lifetime warranty.',
  'Corrosion-resistant finish for long service life.',
  'Tested for fit, form and function on the vehicle.',
  'Includes all hardware needed for installation.',
  'Made from premium materials for quiet, dependable operation.',
];

function describe(rng: Rng, brand: string, series: string | null, noun: string, universal: boolean): string {
  const lines = rng.sample(FEATURES, 3);
  const intro = `The ${brand}${series ? ` ${series}` : ''} ${noun} is built for drivers who want it done right the first time.`;
  return [
    intro,
    ...lines,
    universal ? 'Universal fit: check dimensions before ordering.' : 'Check fitment for your vehicle before ordering.',
  ].join(' ');
}

interface PlacedPart extends PartDraft {
  productId: number;
}

async function insertChildren(db: Kysely<DB>, rng: Rng, parts: PlacedPart[], ctx: PartsContext): Promise<void> {
  const categories: Insertable<DB['product_categories']>[] = [];
  const stock: Insertable<DB['product_stock']>[] = [];
  const fitment: Insertable<DB['part_fitment']>[] = [];
  const optioned: { productId: number; kind: OptionKind }[] = [];
  for (const p of parts) {
    categories.push(
      { product_id: p.productId, category_id: p.leaf.categoryId },
      { product_id: p.productId, category_id: p.leaf.parentId },
    );
    for (const loc of ctx.locations) {
      const qty = rng.chance(0.25) ? 0 : rng.int(1, rng.chance(0.8) ? 12 : 60);
      stock.push({
        product_id: p.productId,
        location_id: loc.locationId,
        quantity: qty,
        warehouse_location: `${rng.letters(1, 'ABCDEFGH')}${rng.int(1, 24)}-${rng.int(1, 6)}`,
      });
    }
    if (!p.row.is_universal) fitment.push(...buildFitment(rng, ctx.fitment, p.productId, p.leaf.def));
    if (p.option) optioned.push({ productId: p.productId, kind: p.option });
  }
  await insertRows(db, 'product_categories', categories);
  await insertRows(db, 'product_stock', stock);
  await insertRows(db, 'part_fitment', fitment);
  if (optioned.length === 0) return;
  const options = await insertReturning(
    db,
    'product_options',
    optioned.map((o) => ({
      product_id: o.productId,
      name: OPTION_VALUES[o.kind].name,
      type: 'select' as const,
      required: true,
      sort_order: 1,
    })),
    ['product_option_id', 'product_id'],
  );
  const kindOf = new Map(optioned.map((o) => [o.productId, o.kind]));
  const values = options.flatMap((o) =>
    OPTION_VALUES[kindOf.get(o.product_id)!].values.map(([name, extra], i) => ({
      product_option_id: o.product_option_id,
      name,
      price: cents(extra),
      price_prefix: '+' as const,
      sort_order: i + 1,
    })),
  );
  await insertRows(db, 'product_option_values', values);
}

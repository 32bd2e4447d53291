/**
 * The catalog side of the shopper cart: what each cart line's product is called and costs NOW.
 * Prices are never stored with a line nor taken from the client; every reply re-reads them here,
 * in one batch of queries for the whole cart. Option prices come from product_option_values
 * (price_prefix '-' subtracts), as for the staff cart (server/services/pos/pos-cart-products.ts).
 */
import { sql, type Kysely } from 'kysely';
import { decimal, toWire } from '../../../src/domain/money';
import type { DB, ShopOptions } from '../../db/schema';
import { STOCK_ON_HAND } from '../catalog/product-columns';
import { cartPricing } from '../pos/pos-cart-products';

export interface ShopCatalogOption {
  product_option_id: number;
  name: string;
  value: string;
  price: string;
}

export interface ShopCatalogProduct {
  product_id: number;
  name: string;
  mpn: string;
  aaia: string;
  upc: string;
  slug: string;
  image: string;
  price: string;
  /** Core charge per unit ('0.00' = none; migration 0021): the line's surcharge, as at checkout. */
  surcharge: string;
  minimum: number;
  tax_class_id: number | null;
  orderable: boolean;
  disable_pricing: boolean;
  stock: number;
  /** The product's own out-of-stock sentence, or null for the default. */
  oosText: string | null;
  categories: string[];
  labor: { labor_id: number; title: string; rate: string; minutes: number } | null;
  optionDefs: { product_option_id: number; name: string; type: string; required: boolean }[];
  optionValues: Map<string, { product_option_id: number; name: string; price: string }>;
}

export async function loadShopProducts(
  db: Kysely<DB>,
  ids: readonly number[],
): Promise<Map<number, ShopCatalogProduct>> {
  const out = new Map<number, ShopCatalogProduct>();
  if (ids.length === 0) return out;
  const unique = [...new Set(ids)];
  const rows = await db
    .selectFrom('products as p')
    .leftJoin('labor_types as l', 'l.labor_id', 'p.labor_id')
    .select([
      'p.product_id',
      'p.name',
      'p.mpn',
      'p.aaia',
      'p.upc',
      'p.slug',
      'p.image',
      'p.minimum',
      'p.tax_class_id',
      'p.status',
      'p.is_orderable',
      'p.disable_pricing',
      'p.labor_time',
      'p.oos_text',
      'l.labor_id',
      'l.title as labor_title',
      sql<string>`p.price::text`.as('price'),
      sql<string>`p.surcharge::text`.as('surcharge'),
      sql<string | null>`l.amount::text`.as('labor_rate'),
      STOCK_ON_HAND.as('stock'),
      sql<string[]>`array(select c.name from product_categories pc join categories c on c.category_id = pc.category_id
        where pc.product_id = p.product_id order by c.parent_id nulls first, c.category_id limit 4)`.as('categories'),
    ])
    .where('p.product_id', 'in', unique)
    .execute();
  const defs = await db
    .selectFrom('product_options')
    .select(['product_option_id', 'product_id', 'name', 'type', 'required'])
    .where('product_id', 'in', unique)
    .orderBy('sort_order')
    .orderBy('product_option_id')
    .execute();
  const values = defs.length
    ? await db
        .selectFrom('product_option_values')
        .select([
          'product_option_value_id',
          'product_option_id',
          'name',
          'price_prefix',
          sql<string>`price::text`.as('price'),
        ])
        .where(
          'product_option_id',
          'in',
          defs.map((d) => d.product_option_id),
        )
        .execute()
    : [];
  for (const r of rows) {
    const own = defs.filter((d) => d.product_id === r.product_id);
    const ownIds = new Set(own.map((d) => d.product_option_id));
    const optionValues = new Map<string, { product_option_id: number; name: string; price: string }>();
    for (const v of values) {
      if (!ownIds.has(v.product_option_id)) continue;
      const amount = decimal(v.price);
      optionValues.set(String(v.product_option_value_id), {
        product_option_id: v.product_option_id,
        name: v.name,
        price: toWire(v.price_prefix === '-' ? amount.neg() : amount),
      });
    }
    out.set(r.product_id, {
      product_id: r.product_id,
      name: r.name,
      mpn: r.mpn,
      aaia: r.aaia,
      upc: r.upc ?? '',
      slug: r.slug,
      image: r.image,
      ...cartPricing(r),
      orderable: r.status && r.is_orderable && !r.disable_pricing,
      disable_pricing: r.disable_pricing,
      stock: Number(r.stock),
      oosText: r.oos_text,
      categories: r.categories,
      labor:
        r.labor_id !== null && r.labor_rate !== null && r.labor_time !== null && r.labor_time > 0
          ? {
              labor_id: r.labor_id,
              title: r.labor_title ?? '',
              rate: toWire(decimal(r.labor_rate)),
              minutes: r.labor_time,
            }
          : null,
      optionDefs: own.map((d) => ({
        product_option_id: d.product_option_id,
        name: d.name,
        type: d.type,
        required: d.required,
      })),
      optionValues,
    });
  }
  return out;
}

const asList = (v: ShopOptions[string] | undefined): string[] =>
  v === undefined ? [] : (Array.isArray(v) ? v : [v]).map((x) => String(x).trim()).filter((x) => x !== '');

/** Why chosen options are refused: a field ("option.12") and its message. */
export interface OptionProblem {
  field: string;
  message: string;
}

/** "{Option} required!" (wording not shown in the spec; the staff cart's). */
export const optionRequired = (name: string): string => `${name} required!`;

/**
 * The chosen options as the cart shows them, in the product's option order, or the first problem:
 * an option the product does not have, a missing required one, a value not listed, two values for
 * a single-choice option.
 */
export function resolveShopOptions(
  p: ShopCatalogProduct,
  chosen: ShopOptions,
  invalidMessage: string,
): ShopCatalogOption[] | OptionProblem {
  const known = new Set(p.optionDefs.map((d) => String(d.product_option_id)));
  const unknown = Object.keys(chosen).find((k) => !known.has(k));
  if (unknown !== undefined) return { field: `option.${unknown}`, message: invalidMessage };
  const out: ShopCatalogOption[] = [];
  for (const d of p.optionDefs) {
    const field = `option.${d.product_option_id}`;
    const picked = asList(chosen[String(d.product_option_id)]);
    if (picked.length === 0) {
      if (d.required) return { field, message: optionRequired(d.name) };
      continue;
    }
    if (d.type === 'text') {
      out.push({
        product_option_id: d.product_option_id,
        name: d.name,
        value: picked.join(', ').slice(0, 255),
        price: '0.00',
      });
      continue;
    }
    if (d.type !== 'checkbox' && picked.length > 1) return { field, message: invalidMessage };
    for (const id of picked) {
      const v = p.optionValues.get(id);
      if (!v || v.product_option_id !== d.product_option_id) return { field, message: invalidMessage };
      out.push({ product_option_id: d.product_option_id, name: d.name, value: v.name, price: v.price });
    }
  }
  return out;
}

/** Canonical text of chosen options: the same choices always give the same line. */
export function optionKey(chosen: ShopOptions): string {
  const norm = Object.keys(chosen)
    .sort((a, b) => Number(a) - Number(b))
    .map((k) => [k, asList(chosen[k]).sort()] as const)
    .filter(([, v]) => v.length > 0);
  return JSON.stringify(norm);
}

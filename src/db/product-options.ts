/**
 * A product's options and values as this device pulled them (cache schema 5: product_options and
 * product_option_values in the `catalog` store, server columns). The store is keyed by table and
 * id only, so this reads every option row: callers ask only for a product that has options (its
 * `requires_options`), never on every add.
 */
import type { OptionDef, OptionType, OptionValueDef } from '../domain/product-options';
import type { PartsdeskDb } from './database';

const rowsOf = async (db: PartsdeskDb, table: string): Promise<Record<string, unknown>[]> =>
  (await db.catalog.where('[table+k]').between([table, ''], [table, '\uffff']).toArray()).map((r) => r.row);

const TYPES: readonly OptionType[] = ['select', 'radio', 'checkbox', 'text'];

export async function productOptions(
  db: PartsdeskDb,
  productId: number,
): Promise<{ defs: OptionDef[]; values: OptionValueDef[] }> {
  const defs: OptionDef[] = (await rowsOf(db, 'product_options'))
    .filter((r) => Number(r.product_id) === productId)
    .map((r) => ({
      product_option_id: Number(r.product_option_id),
      name: String(r.name),
      type: TYPES.includes(r.type as OptionType) ? (r.type as OptionType) : 'select',
      required: r.required === true,
      sort_order: Number(r.sort_order ?? 0),
    }));
  if (defs.length === 0) return { defs, values: [] };
  const ids = new Set(defs.map((d) => d.product_option_id));
  const values: OptionValueDef[] = (await rowsOf(db, 'product_option_values'))
    .filter((r) => ids.has(Number(r.product_option_id)))
    .map((r) => ({
      product_option_value_id: Number(r.product_option_value_id),
      product_option_id: Number(r.product_option_id),
      name: String(r.name),
      price: typeof r.price === 'string' || typeof r.price === 'number' ? String(r.price) : '0',
      price_prefix: r.price_prefix === '-' ? '-' : '+',
      sort_order: Number(r.sort_order ?? 0),
    }));
  return { defs, values };
}

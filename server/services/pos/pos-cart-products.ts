/**
 * What a product costs and is called, read from the catalog for the cart's add call: the client
 * sends a product id, a quantity and option choices, never a price. Option prices come from
 * product_option_values (price_prefix '-' subtracts). The cart.addProduct applier re-stamps the
 * product's own fields and prices the options from SQL again (server/commands/appliers/catalog-priced.ts),
 * so this is the same truth read twice, not a second rule.
 */
import type { Kysely } from 'kysely';
import type { CatalogProduct } from '../../../src/contracts/catalog-product';
import type { LineOption } from '../../../src/domain/mutations/records';
import { decimal, toWire } from '../../../src/domain/money';
import type { DB } from '../../db/schema';
import { ServiceError, notFound } from '../../errors';
import {
  LABOR_NOT_FOUND,
  pricedOptions,
  PRODUCT_NOT_FOUND,
  PRODUCT_NOT_ORDERABLE,
} from '../../commands/appliers/catalog-priced';

export type OptionInput = Record<string, string | number | (string | number)[]>;

/** The catalog product (src/contracts/catalog-product.ts) priced with the chosen options, and its labor. */
export interface PricedProduct extends CatalogProduct {
  options: LineOption[];
  /** The installation labor the product carries (labor type and minutes), when it has one. */
  labor: { labor_id: number; name: string; minutes: number } | null;
}

/** What a cart line costs and takes of a product (price and core charge as 2-place strings): staff and shopper carts. */
export const cartPricing = (p: {
  price: string;
  surcharge: string;
  minimum: number;
  tax_class_id: number | null;
}): Pick<CatalogProduct, 'price' | 'surcharge' | 'minimum' | 'tax_class_id'> => ({
  price: toWire(decimal(p.price)),
  surcharge: toWire(decimal(p.surcharge)),
  minimum: p.minimum,
  tax_class_id: p.tax_class_id,
});

export async function catalogProduct(trx: Kysely<DB>, productId: number, chosen: OptionInput): Promise<PricedProduct> {
  const p = await trx
    .selectFrom('products')
    .select([
      'product_id',
      'name',
      'mpn',
      'aaia',
      'price',
      'surcharge',
      'minimum',
      'tax_class_id',
      'status',
      'is_orderable',
      'labor_id',
      'labor_time',
    ])
    .where('product_id', '=', productId)
    .executeTakeFirst();
  if (!p || !p.status) throw notFound(PRODUCT_NOT_FOUND);
  if (!p.is_orderable) throw new ServiceError('invalid', 'invalid_args', PRODUCT_NOT_ORDERABLE);
  const resolved = await pricedOptions(trx, productId, chosen);
  if (!resolved.ok)
    throw new ServiceError('invalid', 'invalid_input', resolved.message, { [resolved.field]: [resolved.message] });
  const options = resolved.options;
  let labor: PricedProduct['labor'] = null;
  if (p.labor_id !== null && p.labor_time !== null && p.labor_time > 0) {
    const l = await trx
      .selectFrom('labor_types')
      .select(['labor_id', 'title'])
      .where('labor_id', '=', p.labor_id)
      .executeTakeFirst();
    if (l) labor = { labor_id: l.labor_id, name: l.title, minutes: p.labor_time };
  }
  return {
    product_id: p.product_id,
    name: p.name,
    model: p.mpn,
    mpn: p.mpn,
    aaia: p.aaia,
    ...cartPricing(p),
    options,
    labor,
  };
}

/** Rate and name of a labor type, for custom labor (the applier re-stamps the rate from SQL too). */
export async function laborType(
  trx: Kysely<DB>,
  laborId: number,
): Promise<{ labor_id: number; title: string; rate: string }> {
  const l = await trx
    .selectFrom('labor_types')
    .select(['labor_id', 'title', 'amount'])
    .where('labor_id', '=', laborId)
    .executeTakeFirst();
  if (!l) throw notFound(LABOR_NOT_FOUND);
  return { labor_id: l.labor_id, title: l.title, rate: toWire(decimal(l.amount)) };
}

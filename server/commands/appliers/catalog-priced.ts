/**
 * The server never trusts a device for catalog facts (docs/architecture.md "Sync protocol": the
 * server re-stamps catalog facts; a staff price change is its own mutation). Adding a product takes
 * its name, part number, price, minimum and tax class from the products table; adding labor takes
 * its hourly rate from labor_types. The device's copy is only what it showed while offline; when
 * the catalog changed meanwhile, the server's figures win and the pull brings them back. Chosen
 * options are priced the same way: the device names them by id (product_option_id,
 * product_option_value_id); their names and prices come from product_options and
 * product_option_values (src/domain/product-options.ts), never from the device. The line's surcharge
 * (core charge) is the catalog's too (products.surcharge, migration 0021), and so is a core
 * return's credit (cart.addCoreReturn: the product's name, part numbers, core charge and tax class).
 * A staff price is its own mutation (cart.updatePrice, cart.updateLabor's price_override) with its
 * own rules.
 */
import type { Kysely } from 'kysely';
import { moneyString } from '../../../src/domain/money';
import { PRODUCT_NOT_ORDERABLE } from '../../../src/domain/mutations/cart';
import { mutationArgs } from '../../../src/domain/mutations/catalogue';
import {
  choiceOfLineOptions,
  OPTION_INVALID,
  resolveOptions,
  type OptionChoice,
  type OptionDef,
  type OptionValueDef,
  type ResolvedOptions,
} from '../../../src/domain/product-options';
import { refuse, type Refusal } from '../../../src/domain/refusal';
import type { DB } from '../../db/schema';
import type { Applied, Applier } from './types';

export const PRODUCT_NOT_FOUND = 'This product could not be found.';
export const LABOR_NOT_FOUND = 'This labor type could not be found.';
export { PRODUCT_NOT_ORDERABLE };

/** The product's options and their values as the catalog holds them now. */
export async function catalogOptions(
  trx: Kysely<DB>,
  productId: number,
): Promise<{ defs: OptionDef[]; values: OptionValueDef[] }> {
  const defs = await trx
    .selectFrom('product_options')
    .select(['product_option_id', 'name', 'type', 'required', 'sort_order'])
    .where('product_id', '=', productId)
    .execute();
  const values = defs.length
    ? await trx
        .selectFrom('product_option_values')
        .select(['product_option_value_id', 'product_option_id', 'name', 'price', 'price_prefix', 'sort_order'])
        .where(
          'product_option_id',
          'in',
          defs.map((d) => d.product_option_id),
        )
        .execute()
    : [];
  return { defs, values };
}

/** The chosen options priced from the catalog (the choice as the cart calls take it). */
export async function pricedOptions(
  trx: Kysely<DB>,
  productId: number,
  chosen: OptionChoice,
): Promise<ResolvedOptions> {
  const { defs, values } = await catalogOptions(trx, productId);
  return resolveOptions(defs, values, chosen);
}

const record = (args: unknown): Record<string, unknown> =>
  typeof args === 'object' && args !== null ? (args as Record<string, unknown>) : {};
const positiveInt = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : null);

type Answer = Promise<Applied | Refusal>;

/**
 * `inner` with its args re-stamped from the catalog row whose id is `args[idField]`: `stamp` looks
 * it up and hands `next` the args to apply (or refuses). An id that is not a positive integer goes
 * to `inner` as sent: the schema refuses it with its own message.
 */
function catalogStamped(
  inner: Applier,
  idField: string,
  stamp: (id: number, a: Record<string, unknown>, trx: Kysely<DB>, next: (args: unknown) => Answer) => Answer,
): Applier {
  return {
    access: inner.access,
    apply(args, ctx) {
      const a = record(args);
      const id = positiveInt(a[idField]);
      if (id === null) return inner.apply(args, ctx);
      return stamp(id, a, ctx.trx, (stamped) => inner.apply(stamped, ctx));
    },
  };
}

export const catalogPricedProduct = (inner: Applier): Applier =>
  catalogStamped(inner, 'product_id', async (productId, a, trx, next) => {
    const p = await trx
      .selectFrom('products')
      .select(['name', 'mpn', 'aaia', 'price', 'surcharge', 'minimum', 'tax_class_id', 'status', 'is_orderable'])
      .where('product_id', '=', productId)
      .executeTakeFirst();
    if (!p || !p.status) return refuse('not_found', PRODUCT_NOT_FOUND);
    if (!p.is_orderable) return refuse('invalid_args', PRODUCT_NOT_ORDERABLE);
    // The device's option names and prices are never kept: the ids it chose are priced again.
    const sent = mutationArgs['cart.addProduct'].shape.options.safeParse(a.options);
    if (!sent.success) return next(a); // the schema refuses it with its own message
    const choice = choiceOfLineOptions(sent.data);
    if (choice === null) return refuse('invalid_args', OPTION_INVALID);
    const options = await pricedOptions(trx, productId, choice);
    if (!options.ok) return refuse('invalid_args', options.message);
    return next({
      ...a,
      name: p.name,
      model: p.mpn,
      mpn: p.mpn,
      aaia: p.aaia,
      price: moneyString(p.price),
      options: options.options,
      // The core charge is the catalog's: none is ever taken from a device.
      surcharge: moneyString(p.surcharge),
      minimum: p.minimum,
      tax_class_id: p.tax_class_id,
    });
  });

/**
 * A core return credits the catalog's core charge of the product, whatever the device sent; a
 * product without one is refused by the mutator (NO_CORE_CHARGE) since its surcharge is 0 here.
 * A disabled or unorderable product may still take its old part back: only a missing one is refused.
 */
export const catalogPricedCoreReturn = (inner: Applier): Applier =>
  catalogStamped(inner, 'product_id', async (productId, a, trx, next) => {
    const p = await trx
      .selectFrom('products')
      .select(['name', 'mpn', 'aaia', 'surcharge', 'tax_class_id'])
      .where('product_id', '=', productId)
      .executeTakeFirst();
    if (!p) return refuse('not_found', PRODUCT_NOT_FOUND);
    const { name, mpn, aaia, tax_class_id } = p;
    return next({ ...a, name, mpn, aaia, surcharge: moneyString(p.surcharge), tax_class_id });
  });

export const catalogPricedLabor = (inner: Applier): Applier =>
  catalogStamped(inner, 'labor_id', async (laborId, a, trx, next) => {
    const l = await trx.selectFrom('labor_types').select(['amount']).where('labor_id', '=', laborId).executeTakeFirst();
    if (!l) return refuse('not_found', LABOR_NOT_FOUND);
    return next({ ...a, rate: moneyString(l.amount) });
  });

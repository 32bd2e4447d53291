/**
 * The server never trusts a device for catalog facts (docs/architecture.md "Sync protocol": the
 * server re-stamps catalog facts; a staff price change is its own mutation). Adding a product takes
 * its name, part number, price, minimum and tax class from the products table; adding labor takes
 * its hourly rate from labor_types. The device's copy is only what it showed while offline; when
 * the catalog changed meanwhile, the server's figures win and the pull brings them back.
 */
import { refuse } from '../../../src/domain/refusal';
import { moneyString } from '../../../src/domain/money';
import type { Applier } from './types';

export const PRODUCT_NOT_FOUND = 'This product could not be found.';
export const PRODUCT_NOT_ORDERABLE = 'This product cannot be ordered.';
export const LABOR_NOT_FOUND = 'This labor type could not be found.';

const record = (args: unknown): Record<string, unknown> => (typeof args === 'object' && args !== null ? (args as Record<string, unknown>) : {});
const positiveInt = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : null);

export function catalogPricedProduct(inner: Applier): Applier {
  return {
    access: inner.access,
    async apply(args, ctx) {
      const a = record(args);
      const productId = positiveInt(a.product_id);
      if (productId === null) return inner.apply(args, ctx); // the schema refuses it with its own message
      const p = await ctx.trx
        .selectFrom('products')
        .select(['name', 'mpn', 'aaia', 'price', 'minimum', 'tax_class_id', 'status', 'is_orderable'])
        .where('product_id', '=', productId)
        .executeTakeFirst();
      if (!p || !p.status) return refuse('not_found', PRODUCT_NOT_FOUND);
      if (!p.is_orderable) return refuse('invalid_args', PRODUCT_NOT_ORDERABLE);
      return inner.apply(
        { ...a, name: p.name, model: p.mpn, mpn: p.mpn, aaia: p.aaia, price: moneyString(p.price), minimum: p.minimum, tax_class_id: p.tax_class_id },
        ctx,
      );
    },
  };
}

export function catalogPricedLabor(inner: Applier): Applier {
  return {
    access: inner.access,
    async apply(args, ctx) {
      const a = record(args);
      const laborId = positiveInt(a.labor_id);
      if (laborId === null) return inner.apply(args, ctx);
      const l = await ctx.trx.selectFrom('labor_types').select(['amount']).where('labor_id', '=', laborId).executeTakeFirst();
      if (!l) return refuse('not_found', LABOR_NOT_FOUND);
      return inner.apply({ ...a, rate: moneyString(l.amount) }, ctx);
    },
  };
}

/**
 * The server side of a kiosk's Submit to Buy (`kiosk.submitOrder`, src/domain/mutations/kiosk.ts;
 * docs/decisions/storefront.md "Kiosk"). A kiosk is not trusted any more than a shopper's phone:
 * - only the kiosk device account or staff may push it (access 'kiosk', permission 'kiosk.submit');
 * - the order must be new: an existing order id is refused by the mutator (nothing is moved or edited);
 * - every line is priced from the catalog exactly as the POS's cart.addProduct is
 *   (catalog-priced.ts: name, part numbers, price, options, core charge, tax class; a disabled or
 *   unorderable product refuses the whole order), and the totals are the domain's over those lines;
 * - the store is the kiosk account's own (staff_users.location_id), never the device's word;
 * - status kiosk, shipping local_pickup, payment cod come from the mutator, not the device.
 */
import { refuse } from '../../../src/domain/refusal';
import { catalogPricedProduct } from './catalog-priced';
import { domainApplier } from './domain-applier';
import { storeOfActor } from './order-store';
import type { Applied, ApplyContext, Applier, ApplierMap } from './types';

/** One line as cart.addProduct's catalog pricing rewrites it, or its refusal. */
async function pricedLine(line: unknown, ctx: ApplyContext) {
  let priced: unknown = null;
  const capture: Applier = {
    access: 'kiosk',
    apply(args): Promise<Applied> {
      priced = args;
      return Promise.resolve({ ok: true });
    },
  };
  const r = await catalogPricedProduct(capture).apply(line, ctx);
  return r.ok ? { ok: true as const, line: priced } : r;
}

const whole = domainApplier('kiosk.submitOrder', 'kiosk');

export const kioskSubmitApplier: Applier = {
  access: 'kiosk',
  async apply(args, ctx) {
    // Malformed args go on as they are: the door and the mutator refuse them with their own message.
    const a =
      typeof args === 'object' && args !== null && !Array.isArray(args) ? (args as Record<string, unknown>) : null;
    if (!a || !Array.isArray(a.lines)) return whole.apply(args, ctx);
    if (a.lines.length === 0) return refuse('invalid_args', 'There are no items on this order.');
    const lines: unknown[] = [];
    for (const line of a.lines) {
      const r = await pricedLine(line, ctx);
      if (!r.ok) return r;
      lines.push(r.line);
    }
    return whole.apply({ ...a, lines, location_id: await storeOfActor(ctx.trx, ctx.actor) }, ctx);
  },
};

export const kioskAppliers: ApplierMap = { 'kiosk.submitOrder': kioskSubmitApplier };

/**
 * A showroom kiosk's Submit to Buy as one mutation (pos-back-office.md §1 "A kiosk mode lets a
 * customer submit an order to buy", §4 "Kiosk checkout sets status kiosk, shipping_method
 * local_pickup, payment_method cod"; docs/decisions/storefront.md "Kiosk"): the order is created,
 * every line goes on it by the POS's own addProduct rule, then submitKioskOrder sets the status.
 * One change, so a kiosk never edits an order afterwards and the server never sees half an order.
 * A refusal of any step refuses the whole (nothing is written, nothing queued).
 */
import { refuse } from '../refusal';
import { addProduct } from './cart';
import type { MutationArgs } from './catalogue';
import { createOrder, submitKioskOrder } from './order';
import { applied, type Mutator, type MutatorState } from './types';

export const submitKioskOrderWhole: Mutator<MutationArgs<'kiosk.submitOrder'>> = (state, args, ctx) => {
  if (state.order) return refuse('duplicate_id', 'This order already exists.');
  const created = createOrder(
    {},
    { id: args.order_ref, device_ref: args.device_ref, customer_ref: null, location_id: args.location_id },
    ctx,
  );
  if (!created.ok) return created;
  let next: MutatorState = { order: created.changes.order, transactions: [] };
  for (const line of args.lines) {
    const r = addProduct(next, { ...line, order_ref: args.order_ref }, ctx);
    if (!r.ok) return r;
    next = { ...next, order: r.changes.order ?? next.order };
  }
  const submitted = submitKioskOrder(next, { order_ref: args.order_ref }, ctx);
  if (!submitted.ok) return submitted;
  return applied({ order: submitted.changes.order });
};

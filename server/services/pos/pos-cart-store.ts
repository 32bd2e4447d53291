/**
 * Which order is the cart of a staff session (table staff_carts, migration 0005), and the reads a
 * cart reply needs. The cart of a session is its staff_carts order while that order is still
 * editable (draft, saved, quote, kiosk: the domain's `assertEditable`); an order completed or voided
 * meanwhile (by checkout, a device's push or another call) no longer is, and the mapping is dropped
 * the next time the session's cart is read.
 *
 * Must stay true: only the session that owns a mapping ever reads or changes it (every query is
 * keyed by the caller's own session hash), and the row is locked FOR UPDATE before the order, the
 * same order for every cart call, so two calls of one session serialise without deadlocking.
 */
import type { Kysely } from 'kysely';
import { abandonAction, type AbandonAction } from '../../../src/domain/cart-lifecycle';
import { assertEditable } from '../../../src/domain/mutations/guards';
import type { Customer, Order, Transaction, Vehicle } from '../../../src/domain/mutations/records';
import type { DB } from '../../db/schema';
import { loadCustomer, vehicleFromSql } from '../../commands/records/customers';
import { loadOrder } from '../../commands/records/orders';

export interface CartSession {
  /** sessions.id_hash of the caller. */
  idHash: string;
  staffUserId: number;
}

/** The session's cart order uuid, locked; null when it has none (or its order left the editable states). */
export async function findCart(trx: Kysely<DB>, s: CartSession): Promise<string | null> {
  const row = await trx
    .selectFrom('staff_carts')
    .select('order_ref')
    .where('session_hash', '=', s.idHash)
    .forUpdate()
    .executeTakeFirst();
  if (!row) return null;
  const found = await loadOrder(trx, row.order_ref, false);
  if (found && assertEditable(found.order) === null) return row.order_ref;
  await detachCart(trx, s);
  return null;
}

/**
 * Makes `orderRef` the session's cart. An order that is another session's cart is refused unless
 * that session belongs to the same staff user (a cashier who signed in again takes it over).
 */
export async function attachCart(trx: Kysely<DB>, s: CartSession, orderRef: string): Promise<'attached' | 'taken'> {
  const other = await trx
    .selectFrom('staff_carts')
    .select(['session_hash', 'staff_user_id'])
    .where('order_ref', '=', orderRef)
    .forUpdate()
    .executeTakeFirst();
  if (other && other.session_hash !== s.idHash) {
    if (other.staff_user_id !== s.staffUserId) return 'taken';
    await trx.deleteFrom('staff_carts').where('session_hash', '=', other.session_hash).execute();
  }
  await trx
    .insertInto('staff_carts')
    .values({ session_hash: s.idHash, staff_user_id: s.staffUserId, order_ref: orderRef })
    .onConflict((oc) =>
      oc
        .column('session_hash')
        .doUpdateSet({ order_ref: orderRef, staff_user_id: s.staffUserId, updated_at: new Date() }),
    )
    .execute();
  return 'attached';
}

/** True when `orderRef` is the cart of a session of ANOTHER staff user (a cashier may reach their own from a second session). */
export async function cartOfAnotherUser(trx: Kysely<DB>, orderRef: string, s: CartSession): Promise<boolean> {
  const row = await trx
    .selectFrom('staff_carts')
    .select('staff_user_id')
    .where('order_ref', '=', orderRef)
    .where('staff_user_id', '<>', s.staffUserId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function detachCart(trx: Kysely<DB>, s: CartSession): Promise<void> {
  await trx.deleteFrom('staff_carts').where('session_hash', '=', s.idHash).execute();
}

/**
 * Puts the cart aside: the session forgets it, and the domain's `abandonAction` says what becomes
 * of the order. `save` and `void` are mutations the caller runs (through the command runner, as a device's
 * push would); `discard` (an empty draft that took no money) is deleted here, its devices get a
 * tombstone. Returns the action.
 */
export async function abandonCart(trx: Kysely<DB>, s: CartSession, orderRef: string): Promise<AbandonAction> {
  await detachCart(trx, s);
  const found = await loadOrder(trx, orderRef, true);
  if (!found) return 'release';
  const action = abandonAction(found.order, found.transactions);
  if (action === 'discard') await trx.deleteFrom('orders').where('id', '=', orderRef).execute();
  return action;
}

export interface CartView {
  order: Order;
  transactions: Transaction[];
  customer: Customer | null;
  vehicles: Vehicle[];
  /** Catalog weight per unit (lb) of the order's products. */
  weights: Map<number, string>;
}

/** Everything a cart reply shows about order `orderRef`, read on `db` (the command's transaction). */
export async function loadCartView(db: Kysely<DB>, orderRef: string): Promise<CartView | null> {
  const found = await loadOrder(db, orderRef, false);
  if (!found) return null;
  const { order, transactions } = found;
  const customer = order.customer_ref ? ((await loadCustomer(db, order.customer_ref, false)) ?? null) : null;
  const vehicles = customer
    ? (
        await db
          .selectFrom('customer_vehicles')
          .selectAll()
          .where('customer_id', '=', customer.id)
          .where('deleted_at', 'is', null)
          .orderBy('vehicle_id')
          .execute()
      ).map(vehicleFromSql)
    : [];
  const productIds = [...new Set(order.lines.flatMap((l) => (l.kind === 'product' ? [l.product_id] : [])))];
  const weights = new Map<number, string>();
  if (productIds.length) {
    const rows = await db
      .selectFrom('products')
      .select(['product_id', 'weight'])
      .where('product_id', 'in', productIds)
      .execute();
    for (const r of rows) weights.set(r.product_id, r.weight);
  }
  return { order, transactions, customer, vehicles, weights };
}

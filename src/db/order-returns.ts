/**
 * Returns and a customer's orders from the device cache (docs/decisions/pos.md "Returns"): the
 * order view's Returns panel and the customer admin's Orders and Returns tabs read these, online
 * and offline. Rows are the server's pulled records plus this device's own unsynced returns.
 */
import type { Order, OrderReturn, Transaction } from '../domain/mutations/records';
import type { OrderHeader } from '../domain/customer-orders';
import type { PartsdeskDb } from './database';
import { lookupRows } from './queries';

export async function orderReturns(db: PartsdeskDb, orderRef: string): Promise<OrderReturn[]> {
  const rows = (await db.orderReturns.where('order_ref').equals(orderRef).toArray()) as unknown as OrderReturn[];
  return rows.sort((a, b) => a.date_added.localeCompare(b.date_added) || (a.return_id ?? 0) - (b.return_id ?? 0));
}

export interface CustomerOrdersData {
  orders: OrderHeader[];
  returns: OrderReturn[];
  /** Payments ever recorded per order (voided ones too): an order with any cannot be deleted. */
  transactionCounts: Map<string, number>;
  statusNames: Map<number, string>;
  /** Order numbers by id, for the return rows. */
  orderById: Map<string, Pick<Order, 'id' | 'order_id'>>;
}

export async function customerOrdersData(db: PartsdeskDb, customerRef: string): Promise<CustomerOrdersData> {
  const orders = (await db.orders.filter((o) => o.customer_ref === customerRef).toArray()) as unknown as OrderHeader[];
  const ids = orders.map((o) => o.id);
  const transactions = (await db.transactions.where('order_ref').anyOf(ids).toArray()) as unknown as Transaction[];
  const transactionCounts = new Map<string, number>();
  for (const t of transactions) transactionCounts.set(t.order_ref, (transactionCounts.get(t.order_ref) ?? 0) + 1);
  const returns = (await db.orderReturns
    .where('customer_ref')
    .equals(customerRef)
    .toArray()) as unknown as OrderReturn[];
  const statuses = await lookupRows<{ order_status_id: number; name: string }>(db, 'order_statuses');
  const orderById = new Map(orders.map((o) => [o.id, { id: o.id, order_id: o.order_id }]));
  // A return of an order this customer no longer holds (moved to another) still names its number.
  for (const r of returns)
    if (!orderById.has(r.order_ref)) {
      const o = (await db.orders.get(r.order_ref)) as OrderHeader | undefined;
      if (o) orderById.set(o.id, { id: o.id, order_id: o.order_id });
    }
  return {
    orders,
    returns,
    transactionCounts,
    statusNames: new Map(statuses.map((s) => [s.order_status_id, s.name])),
    orderById,
  };
}

/**
 * Order history entries between SQL rows and the domain record (OrderHistory). Append-only: an
 * entry is written once under its client uuid; writing the same id again changes nothing (a
 * replayed mutation), so `order_history_id` and `date_added` are those of the first write.
 */
import type { Kysely, Selectable } from 'kysely';
import type { OrderHistory } from '../../../src/domain/mutations/records';
import { iso, type DB, type OrderHistoryTable } from '../../db/schema';

export function orderHistoryFromSql(r: Selectable<OrderHistoryTable>): OrderHistory {
  return {
    id: r.id,
    order_ref: r.order_ref,
    order_status_id: r.order_status_id,
    comment: r.comment,
    notify_customer: r.notify_customer,
    notify_by_email: r.notify_by_email,
    notify_by_text: r.notify_by_text,
    email: r.email,
    phone: r.phone,
    actor_id: r.actor_id,
    date_added: iso(r.date_added) ?? '',
  };
}

export async function saveOrderHistory(db: Kysely<DB>, h: OrderHistory): Promise<void> {
  await db
    .insertInto('order_history')
    .values({
      id: h.id,
      order_ref: h.order_ref,
      order_status_id: h.order_status_id,
      comment: h.comment,
      notify_customer: h.notify_customer,
      notify_by_email: h.notify_by_email,
      notify_by_text: h.notify_by_text,
      email: h.email,
      phone: h.phone,
      actor_id: h.actor_id,
      date_added: h.date_added,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** An order's entries, oldest first. */
export async function loadOrderHistory(db: Kysely<DB>, orderRef: string): Promise<OrderHistory[]> {
  const rows = await db
    .selectFrom('order_history')
    .selectAll()
    .where('order_ref', '=', orderRef)
    .orderBy('date_added')
    .orderBy('order_history_id')
    .execute();
  return rows.map(orderHistoryFromSql);
}

/**
 * The customer admin's Orders and Returns tabs on the server (pos-back-office.md §7
 * "GET /api/customer_order; GET /api/order/delete?order_id={id}; GET /api/customer_return"). Rows,
 * summary, sorts and pages come from the domain (src/domain/customer-orders.ts), which the device
 * runs on its own copy for the tabs offline. One customer's orders are read whole and paged here
 * (a customer's history is hundreds of orders at most; the summary needs them all anyway).
 * Deleting: docs/decisions/pos.md "Returns" ("Deleting an order").
 */
import {
  ORDER_DELETED,
  customerOrderRow,
  customerOrderSummary,
  customerReturnRow,
  isListedOrder,
  orderDeleteRefusal,
  pageOf,
  sortOrderRows,
  sortReturnRows,
  type CustomerOrderRow,
  type CustomerOrderSummary,
  type CustomerReturnRow,
  type OrderSort,
  type Paged,
  type ReturnSort,
  type SortOrder,
} from '../../../src/domain/customer-orders';
import { ServiceError, notFound } from '../../errors';
import type { CommandRunner } from '../../commands/runner';
import { orderRowFromSql, selectOrders } from '../../commands/records/orders';
import { returnFromSql } from '../../commands/records/returns';
import { customerUuid } from '../pos/pos-lookups';

export interface ListQuery<S> {
  customer_id: string | number;
  page: number;
  limit: number;
  sort: S;
  order: SortOrder;
}

export type CustomerOrdersReply = Paged<CustomerOrderRow> & CustomerOrderSummary;
export type CustomerReturnsReply = Paged<CustomerReturnRow>;

export class CustomerOrdersService {
  constructor(private readonly commands: CommandRunner) {}

  async orders(q: ListQuery<OrderSort>): Promise<CustomerOrdersReply> {
    const customerRef = await customerUuid(this.commands.reader, q.customer_id);
    const db = this.commands.reader;
    const orders = (await selectOrders(db).where('o.customer_uuid', '=', customerRef).execute()).map(orderRowFromSql);
    const statuses = new Map(
      (await db.selectFrom('order_statuses').select(['order_status_id', 'name']).execute()).map((s) => [
        s.order_status_id,
        s.name,
      ]),
    );
    const counts = new Map(
      (
        await db
          .selectFrom('transactions as t')
          .innerJoin('orders as o', 'o.id', 't.order_ref')
          .where('o.customer_uuid', '=', customerRef)
          .select(['t.order_ref', (eb) => eb.fn.countAll<string>().as('n')])
          .groupBy('t.order_ref')
          .execute()
      ).map((r) => [r.order_ref, Number(r.n)]),
    );
    const returns = await db
      .selectFrom('order_returns')
      .select('total')
      .where('customer_ref', '=', customerRef)
      .execute();
    const listed = orders.filter(isListedOrder);
    const rows = listed.map((o) =>
      customerOrderRow(o, statuses.get(o.order_status_id ?? -1) ?? null, counts.get(o.id) ?? 0),
    );
    const page = pageOf(sortOrderRows(rows, q.sort, q.order), q.page, q.limit);
    return { ...page, ...customerOrderSummary(orders, returns) };
  }

  async returns(q: ListQuery<ReturnSort>): Promise<CustomerReturnsReply> {
    const customerRef = await customerUuid(this.commands.reader, q.customer_id);
    const db = this.commands.reader;
    const rows = await db
      .selectFrom('order_returns as r')
      .innerJoin('orders as o', 'o.id', 'r.order_ref')
      .selectAll('r')
      .select('o.order_id as order_number')
      .where('r.customer_ref', '=', customerRef)
      .execute();
    const data = rows.map(({ order_number, ...r }) =>
      customerReturnRow(returnFromSql(r), { id: r.order_ref, order_id: order_number }),
    );
    return pageOf(sortReturnRows(data, q.sort, q.order), q.page, q.limit);
  }

  /**
   * GET /api/order/delete?order_id=: a saved order or quote that never took a payment, checked
   * under the order's lock in the same transaction that deletes it (its lines, history and returns
   * go with it; devices get tombstones with their next pull).
   */
  async deleteOrder(orderId: number): Promise<{ success: string }> {
    await this.commands.transaction(async (tx) => {
      const o = await tx.trx
        .selectFrom('orders')
        .select(['id', 'status'])
        .where('order_id', '=', orderId)
        .forUpdate()
        .executeTakeFirst();
      if (!o) throw notFound('The order could not be found.');
      const { n } = await tx.trx
        .selectFrom('transactions')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('order_ref', '=', o.id)
        .executeTakeFirstOrThrow();
      const refusal = orderDeleteRefusal(o, Number(n));
      if (refusal) throw new ServiceError('refused', 'order_not_deletable', refusal);
      // A counter that still holds it as its sale lets go of it (the cart row cascades too).
      await tx.trx.deleteFrom('orders').where('id', '=', o.id).execute();
    });
    return { success: ORDER_DELETED };
  }
}

/**
 * GET /api/account/order: the signed-in shopper's own orders and where each is (docs/decisions/
 * storefront.md "Online orders and fulfilment"). The customer is the session's, never a parameter,
 * so one customer never sees another's orders; a guest's order belongs to no account and is listed
 * nowhere (its confirmation email is the guest's record). Drafts are never listed.
 */
import { sql, type Kysely } from 'kysely';
import type { AccountOrdersReply } from '../../../src/contracts/online-orders';
import { formatUSD, money, sum, toWire, type Money } from '../../../src/domain/money';
import type { DB } from '../../db/schema';

type AccountRefund = NonNullable<AccountOrdersReply['orders'][number]['refunds']>[number];

/** The newest this many orders (an account page, not a report). */
export const ACCOUNT_ORDERS_MAX = 50;

export class AccountOrdersService {
  constructor(private readonly db: Kysely<DB>) {}

  async list(customerUuid: string): Promise<AccountOrdersReply> {
    const rows = await this.db
      .selectFrom('orders as o')
      .innerJoin('order_statuses as s', 's.order_status_id', 'o.order_status_id')
      .leftJoin('online_orders as oo', 'oo.order_ref', 'o.id')
      .leftJoin('locations as l', 'l.location_id', 'oo.location_id')
      // The shipping charge is a line of the order, not an item the shopper bought.
      .leftJoin('order_lines as sl', 'sl.id', 'oo.shipping_line_ref')
      .select([
        'o.id',
        'o.order_id',
        'o.date_added',
        'o.order_status_id',
        's.name as order_status',
        sql<string>`o.order_total::text`.as('total'),
        sql<number>`o.total_items - coalesce(sl.quantity, 0)`.as('total_items'),
        'oo.fulfilment',
        'l.name as store',
      ])
      .where('o.customer_uuid', '=', customerUuid)
      .where('o.status', '!=', 'draft')
      .orderBy('o.date_added', 'desc')
      .orderBy('o.order_id', 'desc')
      .limit(ACCOUNT_ORDERS_MAX)
      .execute();
    const refunds = await this.refunds(rows.filter((r) => r.fulfilment !== null).map((r) => r.id));
    return {
      orders: rows.map((r) => ({
        order_id: r.order_id,
        date_added: new Date(r.date_added).toISOString(),
        order_status_id: r.order_status_id,
        order_status: r.order_status,
        total_text: formatUSD(r.total),
        total_items: r.total_items,
        fulfilment: r.fulfilment,
        store: r.fulfilment === 'pickup' ? r.store : null,
        ...(r.fulfilment !== null ? { refunds: refunds.get(r.id) ?? [] } : {}),
      })),
    };
  }

  /**
   * The returns of these online orders, one entry per return (its lines share return_ref), oldest
   * first: the account page sends each as the tag manager's `refund` once (docs/decisions/
   * storefront.md "Refund events"). Lines without a catalog product (custom lines) count in the
   * total but are not items.
   */
  private async refunds(orderRefs: readonly string[]): Promise<Map<string, AccountRefund[]>> {
    const out = new Map<string, AccountRefund[]>();
    if (orderRefs.length === 0) return out;
    const lines = await this.db
      .selectFrom('order_returns')
      .select(['order_ref', 'return_ref', 'product_id', 'product', 'quantity', sql<string>`total::text`.as('total')])
      .where('order_ref', 'in', orderRefs)
      .orderBy('date_added')
      .orderBy('return_id')
      .execute();
    const byReturn = new Map<string, { orderRef: string; totals: Money[]; items: AccountRefund['items'] }>();
    for (const l of lines) {
      let r = byReturn.get(l.return_ref);
      if (!r) byReturn.set(l.return_ref, (r = { orderRef: l.order_ref, totals: [], items: [] }));
      r.totals.push(money(l.total));
      if (l.product_id !== null) r.items.push({ product_id: l.product_id, name: l.product, quantity: l.quantity });
    }
    for (const [refundId, r] of byReturn) {
      const list = out.get(r.orderRef) ?? [];
      list.push({ refund_id: refundId, total: toWire(sum(r.totals)), items: r.items });
      out.set(r.orderRef, list);
    }
    return out;
  }
}

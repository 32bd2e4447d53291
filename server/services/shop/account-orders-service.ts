/**
 * GET /api/account/order: the signed-in shopper's own orders and where each is (docs/decisions/
 * storefront.md "Online orders and fulfilment"). The customer is the session's, never a parameter,
 * so one customer never sees another's orders; a guest's order belongs to no account and is listed
 * nowhere (its confirmation email is the guest's record). Drafts are never listed.
 */
import { sql, type Kysely } from 'kysely';
import type { AccountOrdersReply } from '../../../src/contracts/online-orders';
import { formatUSD } from '../../../src/domain/money';
import type { DB } from '../../db/schema';

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
      .select([
        'o.order_id',
        'o.date_added',
        'o.order_status_id',
        's.name as order_status',
        sql<string>`o.order_total::text`.as('total'),
        'o.total_items',
        'oo.fulfilment',
        'l.name as store',
      ])
      .where('o.customer_uuid', '=', customerUuid)
      .where('o.status', '!=', 'draft')
      .orderBy('o.date_added', 'desc')
      .orderBy('o.order_id', 'desc')
      .limit(ACCOUNT_ORDERS_MAX)
      .execute();
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
      })),
    };
  }
}

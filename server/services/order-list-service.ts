import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { orderTabs, type OrderTab, type OrdersListQuery, type OrdersListReply } from '../../src/contracts/orders-list';
import type { DB } from '../db/schema';

type OrderEb = ExpressionBuilder<DB & { o: DB['orders'] }, 'o'>;

/**
 * Which orders each tab of /pos/order shows. Drafts (a cart not yet saved) are never listed.
 * outstanding_balance: saved, kiosk or completed orders whose payments do not cover the total.
 */
function tabFilter(eb: OrderEb, tab: OrderTab) {
  switch (tab) {
    case 'all':
      return eb('o.status', '!=', 'draft');
    case 'saved':
      return eb('o.status', '=', 'saved');
    case 'kiosk':
      return eb('o.status', '=', 'kiosk');
    case 'complete':
      return eb('o.status', '=', 'complete');
    case 'outstanding_balance':
      return eb.and([eb('o.status', 'in', ['saved', 'kiosk', 'complete']), eb('o.amount_paid', '<', eb.ref('o.order_total'))]);
  }
}

const SORTS = {
  'o.date_added': 'o.date_added',
  'o.order_id': 'o.order_id',
  customer: 'o.customer_name',
  total: 'o.order_total',
} as const;

/** The staff orders list (GET /api/order): one tab's page plus the count of every tab. */
export class OrderListService {
  constructor(private readonly db: Kysely<DB>) {}

  async list(q: OrdersListQuery): Promise<OrdersListReply> {
    const filtered = () => {
      let query = this.db.selectFrom('orders as o');
      if (q.filter_order_id) query = query.where('o.order_id', '=', q.filter_order_id);
      if (q.filter_order_status_id) query = query.where('o.order_status_id', '=', q.filter_order_status_id);
      if (q.filter_customer) {
        const like = `%${q.filter_customer.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        query = query.where((eb) => eb.or([eb('o.customer_name', 'ilike', like), eb('o.email', 'ilike', like), eb('o.telephone', 'ilike', like)]));
      }
      if (q.filter_date_from) query = query.where('o.date_added', '>=', new Date(`${q.filter_date_from}T00:00:00Z`));
      if (q.filter_date_to) query = query.where('o.date_added', '<', new Date(new Date(`${q.filter_date_to}T00:00:00Z`).getTime() + 86_400_000));
      return query;
    };

    const countsRow = await filtered()
      .select((eb) =>
        orderTabs.map((tab) =>
          eb.fn
            .countAll<string>()
            .filterWhere(tabFilter(eb, tab))
            .as(tab),
        ),
      )
      .executeTakeFirstOrThrow();
    const counts = Object.fromEntries(orderTabs.map((t) => [t, Number(countsRow[t])])) as Record<OrderTab, number>;

    const rows = await filtered()
      .innerJoin('order_statuses as s', 's.order_status_id', 'o.order_status_id')
      .leftJoin('customers as c', 'c.id', 'o.customer_uuid')
      .where((eb) => tabFilter(eb, q.status))
      .select([
        'o.id',
        'o.order_id',
        'o.customer_name',
        'o.email',
        'o.telephone',
        'o.date_added',
        's.order_status_id',
        'o.pos_status',
        'o.total_items',
        's.name as order_status',
        's.status_color',
        's.status_text_color',
        'c.customer_id',
        sql<string>`o.order_total::numeric(12,2)::text`.as('order_total'),
        sql<string>`o.amount_paid::numeric(12,2)::text`.as('paid_amount'),
        sql<string>`(o.order_total - o.amount_paid)::numeric(12,2)::text`.as('balance_due'),
      ])
      .orderBy(sql.ref(SORTS[q.sort]), q.order)
      .orderBy('o.id', q.order)
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .execute();

    const total = counts[q.status];
    return {
      orders: rows.map((r) => ({
        id: r.id,
        order_id: r.order_id,
        customer: r.customer_name ?? '',
        customer_id: r.customer_id ?? null,
        email: r.email ?? '',
        telephone: r.telephone ?? '',
        date_added: new Date(r.date_added).toISOString(),
        order_status: r.order_status,
        order_status_id: r.order_status_id,
        status_color: r.status_color,
        status_text_color: r.status_text_color,
        pos_status: r.pos_status ?? '',
        total_items: r.total_items,
        order_total: r.order_total,
        paid_amount: r.paid_amount,
        balance_due: r.balance_due,
      })),
      total_items: total,
      total_pages: Math.ceil(total / q.limit),
      page: q.page,
      limit: q.limit,
      counts,
    };
  }
}

import { sql, type ExpressionBuilder, type Kysely, type SelectQueryBuilder } from 'kysely';
import {
  ORDER_ROW_ITEMS_MAX,
  orderFilterKeys,
  type OrderRowItem,
  type OrderTab,
  type OrdersListQuery,
  type OrdersListReply,
  zeroTabCounts,
} from '../../../src/contracts/orders-list';
import { nextDay, startOfDay, validZone } from '../../../src/domain/shop-day';
import type { DB } from '../../db/schema';
import { CUSTOMER_SEARCH_TEXT } from './pos-lookups';
import { ONLINE_OPEN_STATUSES } from '../../../src/domain/online-orders';

type OrderEb = ExpressionBuilder<DB & { o: DB['orders'] }, 'o'>;
/** Orders as `o` under the request's filters, nothing selected yet. */
type Filtered = SelectQueryBuilder<DB & { o: DB['orders'] }, 'o', object>;

/**
 * Which orders each tab of /pos/order shows. Drafts (a cart not yet saved) are never listed.
 * outstanding_balance: saved, kiosk or completed orders whose payments do not cover the total.
 * online: open online orders, of `onlineStore` only when it is a store (onlineOrderStore: the
 * caller's; docs/decisions/pos.md "Online orders at the counter").
 */
function tabFilter(eb: OrderEb, tab: OrderTab, onlineStore: number | null) {
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
      return eb.and([
        eb('o.status', 'in', ['saved', 'kiosk', 'complete']),
        eb('o.amount_paid', '<', eb.ref('o.order_total')),
      ]);
    case 'online':
      return eb.and([
        eb('o.status', '=', 'complete'),
        eb('o.order_status_id', 'in', ONLINE_OPEN_STATUSES),
        ...(onlineStore === null
          ? []
          : [
              eb.exists(
                eb
                  .selectFrom('online_orders as oo')
                  .select('oo.order_ref')
                  .whereRef('oo.order_ref', '=', 'o.id')
                  .where('oo.location_id', '=', onlineStore),
              ),
            ]),
      ]);
  }
}

interface Bucket {
  status: string;
  owing: boolean;
  n: string;
}

/** The five tab counts from per-(status, owing) counts of listed orders; the same tests as tabFilter. */
function tabCounts(buckets: readonly Bucket[]): Record<OrderTab, number> {
  const counts = zeroTabCounts();
  for (const b of buckets) {
    const n = Number(b.n);
    counts.all += n;
    if (b.status === 'saved' || b.status === 'kiosk' || b.status === 'complete') {
      counts[b.status] += n;
      if (b.owing) counts.outstanding_balance += n;
    }
  }
  return counts;
}

const SORTS = {
  'o.date_added': 'date_added',
  'o.order_id': 'order_id',
  customer: 'customer_name',
  total: 'order_total',
} as const;

/**
 * What the Customer filter searches, exactly as migration 0007 indexes it (trigram GIN): an
 * expression that differs even slightly from the index's is searched by reading every row.
 */
const ORDER_SEARCH_TEXT = sql<string>`(o.customer_name || E'\\n' || o.email || E'\\n' || o.telephone || E'\\n' || regexp_replace(o.telephone, '[^0-9]', '', 'g'))`;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Digits of a filter that looks like a phone number (3+ digits and phone punctuation only), else null. */
function phoneDigits(text: string): string | null {
  if (!/^[\d\s().+-]+$/.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  return digits.length >= 3 ? digits : null;
}

/**
 * The staff orders list (GET /api/order): one tab's page plus the count of every tab, under the
 * same filters. Three statements per call: the counts, the page (its items come from a correlated
 * subquery run for the page's rows only) and the status names for the filter.
 */
export class OrderListService {
  constructor(private readonly db: Kysely<DB>) {}

  /** The shop's time zone (settings.timezone), which the date filters' days are in. */
  private async timeZone(): Promise<string> {
    const row = await this.db.selectFrom('settings').select('value').where('key', '=', 'timezone').executeTakeFirst();
    return validZone(row?.value);
  }

  private async filtered(q: OrdersListQuery): Promise<Filtered> {
    let query = this.db.selectFrom('orders as o');
    if (q.filter_order_id) query = query.where('o.order_id', '=', q.filter_order_id);
    if (q.filter_order_status_id) query = query.where('o.order_status_id', '=', q.filter_order_status_id);
    if (q.filter_customer) {
      // A phone-like filter matches the digits of any telephone format; anything else is a substring.
      const like = `%${escapeLike(phoneDigits(q.filter_customer) ?? q.filter_customer)}%`;
      query = query.where((eb) =>
        eb.or([
          eb(ORDER_SEARCH_TEXT, 'ilike', like),
          eb(
            'o.customer_uuid',
            '=',
            sql<string>`any(array(select c.id from customers c where ${CUSTOMER_SEARCH_TEXT} ilike ${like}))`,
          ),
        ]),
      );
    }
    if (q.filter_date_from || q.filter_date_to) {
      const zone = await this.timeZone();
      if (q.filter_date_from) query = query.where('o.date_added', '>=', startOfDay(q.filter_date_from, zone));
      if (q.filter_date_to) query = query.where('o.date_added', '<', startOfDay(nextDay(q.filter_date_to), zone));
    }
    return query;
  }

  /** Listed orders per (status, owing): from order_list_counts (0007) when nothing filters them. */
  private async buckets(q: OrdersListQuery, filtered: Filtered): Promise<Bucket[]> {
    if (orderFilterKeys.every((k) => q[k] === undefined)) {
      const r = await sql<Bucket>`select status, owing, n from order_list_counts where n <> 0`.execute(this.db);
      return r.rows;
    }
    return filtered
      .where('o.status', '!=', 'draft')
      .select((eb) => [
        'o.status',
        sql<boolean>`${eb.ref('o.amount_paid')} < ${eb.ref('o.order_total')}`.as('owing'),
        eb.fn.countAll<string>().as('n'),
      ])
      .groupBy(['o.status', 'owing'])
      .execute();
  }

  /**
   * `onlineStore`: the store whose online orders the Online tab lists (and counts), re-derived by
   * the route from the session (onlineOrderStore), never a parameter; null lists every store's.
   */
  async list(q: OrdersListQuery, onlineStore: number | null = null): Promise<OrdersListReply> {
    const filtered = await this.filtered(q);
    const counts = tabCounts(await this.buckets(q, filtered));
    // The Online tab's count is not a (status, owing) bucket: its own count (orders_status_id_idx, 0007).
    counts.online = Number(
      (
        await filtered
          .where((eb) => tabFilter(eb, 'online', onlineStore))
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const total = counts[q.status];

    // Past the middle, the page is read from the other end (same rows, reversed afterwards), so
    // the last pages cost what the first ones do instead of stepping over every earlier order.
    const offset = (q.page - 1) * q.limit;
    const fromEnd = offset > total / 2;
    const dir = fromEnd ? (q.order === 'asc' ? 'desc' : 'asc') : q.order;
    const sortCol = SORTS[q.sort];
    // The page first (sort, offset, limit on orders alone), then its names, customers and items.
    const page = filtered
      .where((eb) => tabFilter(eb, q.status, onlineStore))
      .select([
        'o.id',
        'o.order_id',
        'o.status',
        'o.customer_uuid',
        'o.customer_name',
        'o.email',
        'o.telephone',
        'o.date_added',
        'o.order_status_id',
        'o.pos_status',
        'o.total_items',
        'o.order_total',
        'o.amount_paid',
      ])
      .orderBy(`o.${sortCol}`, dir)
      .orderBy('o.id', dir)
      .limit(fromEnd ? Math.min(q.limit, total - offset) : q.limit)
      .offset(fromEnd ? Math.max(0, total - offset - q.limit) : offset);

    const rows =
      total <= offset
        ? []
        : await this.db
            .selectFrom(page.as('p'))
            .innerJoin('order_statuses as s', 's.order_status_id', 'p.order_status_id')
            .leftJoin('customers as c', 'c.id', 'p.customer_uuid')
            .select([
              'p.id',
              'p.order_id',
              'p.status',
              'p.date_added',
              'p.pos_status',
              'p.total_items',
              's.order_status_id',
              's.name as order_status',
              's.status_color',
              's.status_text_color',
              'c.customer_id',
              sql<string>`coalesce(nullif(p.customer_name, ''), trim(c.firstname || ' ' || c.lastname), '')`.as(
                'customer',
              ),
              sql<string>`coalesce(nullif(p.email, ''), c.email, '')`.as('email'),
              sql<string>`coalesce(nullif(p.telephone, ''), c.telephone, '')`.as('telephone'),
              sql<string>`p.order_total::numeric(12,2)::text`.as('order_total'),
              sql<string>`p.amount_paid::numeric(12,2)::text`.as('paid_amount'),
              sql<string>`(p.order_total - p.amount_paid)::numeric(12,2)::text`.as('balance_due'),
              // One ordered pass over the order's lines (order_lines (order_ref, position), 0007): the
              // first ORDER_ROW_ITEMS_MAX as items, and how many there are.
              sql<{ items: OrderRowItem[] | null; count: number }>`(
                select json_build_object(
                  'items', json_agg(json_build_object('name', f.name, 'quantity', f.quantity) order by f.position)
                    filter (where f.n <= ${sql.lit(ORDER_ROW_ITEMS_MAX)}),
                  'count', count(*))
                from (select l.name, l.quantity, l.position, row_number() over (order by l.position) as n
                      from order_lines l where l.order_ref = p.id) f)`.as('lines'),
            ])
            .orderBy(`p.${sortCol}`, dir)
            .orderBy('p.id', dir)
            .execute();
    if (fromEnd) rows.reverse();

    const statuses = await this.db
      .selectFrom('order_statuses')
      .select(['order_status_id', 'name'])
      .orderBy('sort_order')
      .orderBy('order_status_id')
      .execute();

    return {
      orders: rows.map((r) => ({
        id: r.id,
        order_id: r.order_id,
        status: r.status,
        customer: r.customer,
        customer_id: r.customer_id ?? null,
        email: r.email,
        telephone: r.telephone,
        date_added: new Date(r.date_added).toISOString(),
        order_status: r.order_status,
        order_status_id: r.order_status_id,
        status_color: r.status_color,
        status_text_color: r.status_text_color,
        pos_status: r.pos_status,
        total_items: r.total_items,
        items: r.lines.items ?? [],
        line_count: r.lines.count,
        order_total: r.order_total,
        paid_amount: r.paid_amount,
        balance_due: r.balance_due,
      })),
      total_items: total,
      total_pages: Math.ceil(total / q.limit),
      page: q.page,
      limit: q.limit,
      counts,
      statuses,
    };
  }
}

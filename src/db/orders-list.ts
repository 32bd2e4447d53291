/**
 * The POS orders list (/pos/order) read from the device store, for when the server cannot answer
 * (offline, or a call that never reached it): the same tabs, counts, filters, sorts and pages as
 * GET /api/order (server/services/pos/order-list-service.ts), over the live stores (the server's
 * rows plus this device's pending changes). Rows this device changed and the server has not
 * confirmed yet are named in `pending`. docs/decisions/pos.md "Orders list offline".
 */
import {
  ORDER_ROW_ITEMS_MAX,
  type OrderFilters,
  type OrderRow,
  type OrderTab,
  type OrdersListQuery,
  type OrdersListReply,
  zeroTabCounts,
} from '../contracts/orders-list';
import type { CustomerRow, OrderLineRow, OrderRow as OrderHeader } from '../contracts/sync-records';
import { cmp, money, moneyString, sub } from '../domain/money';
import { orderStatusIdFor } from '../domain/mutations/records';
import { ONLINE_OPEN_STATUSES } from '../domain/online-orders';
import { nextDay, startOfDay, validZone } from '../domain/shop-day';
import type { PartsdeskDb } from './database';
import { lookupRows } from './queries';

export type DeviceOrdersQuery = Pick<OrdersListQuery, 'status' | 'page' | 'sort' | 'order' | 'limit'> & OrderFilters;

/** A listed order as the device knows it: its offline reference (C2-0042) until the server numbers it. */
export type DeviceOrderRow = OrderRow & { device_ref: string | null; pending: boolean };

export interface DeviceOrdersList extends Omit<OrdersListReply, 'orders'> {
  orders: DeviceOrderRow[];
}

interface StatusRow {
  order_status_id: number;
  name: string;
  status_color: string;
  status_text_color: string;
  sort_order?: number;
}

const owing = (o: OrderHeader) => cmp(money(o.totals.amount_paid), money(o.totals.order_total)) < 0;

/**
 * The server's tabFilter, on a device row. `onlineStore` as the server's (onlineOrderStore of the
 * signed-in staff member): an online order of another store is not in the Online tab; one pulled
 * before its store was sent (no fulfilment_location_id) is, rather than hidden from every counter.
 */
function inTab(o: OrderHeader, tab: OrderTab, onlineStore: number | null): boolean {
  switch (tab) {
    case 'all':
      return true;
    case 'saved':
    case 'kiosk':
    case 'complete':
      return o.status === tab;
    case 'outstanding_balance':
      return (o.status === 'saved' || o.status === 'kiosk' || o.status === 'complete') && owing(o);
    case 'online':
      return (
        o.status === 'complete' &&
        ONLINE_OPEN_STATUSES.includes(o.order_status_id ?? 0) &&
        (onlineStore === null || o.fulfilment_location_id === undefined || o.fulfilment_location_id === onlineStore)
      );
  }
}

/** Digits of a filter that looks like a phone number (3+ digits and phone punctuation only), else null. */
function phoneDigits(text: string): string | null {
  if (!/^[\d\s().+-]+$/.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  return digits.length >= 3 ? digits : null;
}

const searchText = (...parts: (string | null | undefined)[]) =>
  parts.map((p) => p ?? '').join('\n') +
  '\n' +
  parts
    .map((p) => (p ?? '').replace(/\D/g, ''))
    .filter(Boolean)
    .join('\n');

function compare(a: OrderHeader, b: OrderHeader, sort: DeviceOrdersQuery['sort']): number {
  switch (sort) {
    case 'o.date_added':
      return a.created_at.localeCompare(b.created_at);
    case 'o.order_id':
      // PostgreSQL sorts nulls as larger than any number: an unnumbered order is last ascending.
      return (a.order_id ?? Number.MAX_SAFE_INTEGER) - (b.order_id ?? Number.MAX_SAFE_INTEGER);
    case 'customer':
      return (a.customer_name ?? '').localeCompare(b.customer_name ?? '');
    case 'total':
      return cmp(money(a.totals.order_total), money(b.totals.order_total));
  }
}

/** `onlineStore`: the store whose online orders the Online tab lists (null: every store's). */
export async function deviceOrdersList(
  db: PartsdeskDb,
  q: DeviceOrdersQuery,
  onlineStore: number | null = null,
): Promise<DeviceOrdersList> {
  const headers = ((await db.orders.toArray()) as unknown as OrderHeader[]).filter((o) => o.status !== 'draft');
  const customerRefs = [...new Set(headers.map((o) => o.customer_ref).filter((r): r is string => r !== null))];
  const customers = new Map(
    ((await db.customers.bulkGet(customerRefs)) as (CustomerRow | undefined)[])
      .filter((c): c is CustomerRow => c !== undefined)
      .map((c) => [c.id, c]),
  );
  const settings = await lookupRows<{ key: string; value: unknown }>(db, 'settings');
  const zone = validZone(settings.find((s) => s.key === 'timezone')?.value);
  const from = q.filter_date_from ? startOfDay(q.filter_date_from, zone).toISOString() : null;
  const to = q.filter_date_to ? startOfDay(nextDay(q.filter_date_to), zone).toISOString() : null;
  const needle = q.filter_customer ? (phoneDigits(q.filter_customer) ?? q.filter_customer).toLowerCase() : null;

  const filtered = headers.filter((o) => {
    if (q.filter_order_id !== undefined && o.order_id !== q.filter_order_id) return false;
    const statusId = o.order_status_id ?? orderStatusIdFor[o.status];
    if (q.filter_order_status_id !== undefined && statusId !== q.filter_order_status_id) return false;
    if (from !== null && new Date(o.created_at).toISOString() < from) return false;
    if (to !== null && new Date(o.created_at).toISOString() >= to) return false;
    if (needle !== null) {
      const c = o.customer_ref ? customers.get(o.customer_ref) : undefined;
      const text = searchText(o.customer_name, c && `${c.firstname} ${c.lastname}`, c?.email, c?.telephone);
      if (!text.toLowerCase().includes(needle)) return false;
    }
    return true;
  });

  const counts = zeroTabCounts();
  for (const o of filtered)
    for (const tab of Object.keys(counts) as OrderTab[]) if (inTab(o, tab, onlineStore)) counts[tab] += 1;

  const dir = q.order === 'asc' ? 1 : -1;
  const listed = filtered
    .filter((o) => inTab(o, q.status, onlineStore))
    .sort((a, b) => dir * (compare(a, b, q.sort) || a.id.localeCompare(b.id)));
  const page = listed.slice((q.page - 1) * q.limit, q.page * q.limit);

  const statuses = (await lookupRows<StatusRow>(db, 'order_statuses')).sort(
    (a, b) => (a.sort_order ?? 0) - (b.sort_order ?? 0) || a.order_status_id - b.order_status_id,
  );
  const pendingKeys = await db.dirty.where('[table+k]').between(['orders', ''], ['orders', '\uffff']).primaryKeys();
  const pending = new Set(pendingKeys.map(([, k]) => k));
  const lines = (await db.orderLines
    .where('order_ref')
    .anyOf(page.map((o) => o.id))
    .toArray()) as unknown as OrderLineRow[];

  const orders = page.map((o): DeviceOrderRow => {
    const c = o.customer_ref ? customers.get(o.customer_ref) : undefined;
    const own = lines.filter((l) => l.order_ref === o.id).sort((a, b) => a.position - b.position);
    const statusId = o.order_status_id ?? orderStatusIdFor[o.status];
    const status = statuses.find((s) => s.order_status_id === statusId);
    return {
      id: o.id,
      order_id: o.order_id,
      device_ref: o.device_ref,
      pending: pending.has(o.id) || o.order_id === null,
      status: o.status,
      customer: o.customer_name || (c ? `${c.firstname} ${c.lastname}`.trim() : ''),
      customer_id: o.customer_id ?? c?.customer_id ?? null,
      email: c?.email ?? '',
      telephone: c?.telephone ?? '',
      date_added: o.created_at,
      order_status: status?.name ?? '',
      order_status_id: statusId,
      status_color: status?.status_color ?? '',
      status_text_color: status?.status_text_color ?? '',
      pos_status: '',
      total_items: own.reduce((n, l) => n + l.quantity, 0),
      items: own.slice(0, ORDER_ROW_ITEMS_MAX).map((l) => ({ name: l.name, quantity: l.quantity })),
      line_count: own.length,
      order_total: o.totals.order_total,
      paid_amount: o.totals.amount_paid,
      balance_due: moneyString(sub(money(o.totals.order_total), money(o.totals.amount_paid))),
    };
  });
  return {
    orders,
    total_items: counts[q.status],
    total_pages: Math.ceil(counts[q.status] / q.limit),
    page: q.page,
    limit: q.limit,
    counts,
    statuses: statuses.map((s) => ({ order_status_id: s.order_status_id, name: s.name })),
  };
}

/**
 * The customer admin's Orders and Returns tables (pos-back-office.md §3 "Customer order row",
 * "Customer return row"; §9 page 10, default sorts ascending by order_id and return_id), built
 * from records by the same code on the server (GET /api/customer_order, /api/customer_return) and
 * on the device (the tabs offline), so both answer alike. Which orders may be deleted:
 * docs/decisions/pos.md "Returns" ("Deleting an order").
 */
import type Decimal from 'decimal.js';
import { Dec, decimal, formatUSD, roundMoney, toWire } from './money';
import type { Order, OrderReturn, OrderStatus } from './mutations/records';

export const CUSTOMER_ADMIN_PAGE_SIZE = 10;
export const ORDER_DELETE_CONFIRM = 'Are you sure you want to delete this order?';
export const ORDER_DELETED = 'Success: the order was deleted.';
export const ORDER_NOT_DELETABLE =
  'Only a saved order or a quote that took no payment can be deleted. Void a sale instead.';

/** Statuses the tab lists: a counter's open draft is not the customer's order yet. */
const LISTED: readonly OrderStatus[] = ['saved', 'quote', 'kiosk', 'complete', 'voided'];
/** The customers list's order count and balance rule (src/db/customers-list.ts). */
const COUNTED: readonly OrderStatus[] = ['saved', 'quote', 'kiosk', 'complete'];
const OWES: readonly OrderStatus[] = ['saved', 'kiosk', 'complete'];

export type OrderHeader = Omit<Order, 'lines'>;

/** Nothing was taken and nothing sold: a saved order or quote with no payment ever recorded (voided ones too). */
export function orderDeleteRefusal(order: Pick<Order, 'status'>, transactionCount: number): string | null {
  return (order.status === 'saved' || order.status === 'quote') && transactionCount === 0 ? null : ORDER_NOT_DELETABLE;
}

export const isListedOrder = (o: Pick<Order, 'status'>): boolean => LISTED.includes(o.status);

/** What an order still owes (never negative; a voided order owes nothing). */
export function balanceOf(o: Pick<Order, 'status' | 'totals'>): string {
  if (!OWES.includes(o.status)) return '0.00';
  const due = decimal(o.totals.order_total).minus(decimal(o.totals.amount_paid));
  return toWire(due.lt(0) ? new Dec(0) : due);
}

export interface CustomerOrderRow {
  /** The server's number; null for an order made offline that has not synced yet. */
  order_id: number | null;
  /** The order's own id (what links use while it has no number). */
  id: string;
  status: string;
  order_status_id: number | null;
  total_text: string;
  balance: string;
  balance_text: string;
  date_added: string;
  date_modified: string;
  viewUrl: string;
  editUrl: string;
  /** '' when the order may not be deleted (the tab shows no delete then). */
  deleteUrl: string;
  /** A PACE distributor link: this shop orders no parts through PACE, so always ''. */
  paceapi: string;
}

export interface CustomerOrderSummary {
  total_spent_text: string;
  total_orders: number;
  total_returns: number;
  outstanding_balance_text: string;
}

export function customerOrderRow(
  o: OrderHeader,
  statusName: string | null,
  transactionCount: number,
): CustomerOrderRow {
  const ref = encodeURIComponent(String(o.order_id ?? o.id));
  const editable = o.status === 'saved' || o.status === 'quote' || o.status === 'kiosk';
  const balance = balanceOf(o);
  return {
    order_id: o.order_id,
    id: o.id,
    status: statusName ?? o.status,
    order_status_id: o.order_status_id,
    total_text: formatUSD(decimal(o.totals.order_total)),
    balance,
    balance_text: formatUSD(decimal(balance)),
    date_added: o.created_at,
    date_modified: o.updated_at,
    viewUrl: `/pos/order/view?order_id=${ref}`,
    editUrl: editable ? `/pos/order/continue?order_id=${ref}` : `/pos/order/view?order_id=${ref}`,
    deleteUrl:
      o.order_id !== null && orderDeleteRefusal(o, transactionCount) === null
        ? `/api/order/delete?order_id=${o.order_id}`
        : '',
    paceapi: '',
  };
}

/**
 * Total spent: completed orders' totals less what their returns refunded; orders: the customers
 * list's count (saved, quote, kiosk, complete); returns: returned lines; outstanding: what saved,
 * kiosk and complete orders still owe.
 */
export function customerOrderSummary(
  orders: readonly OrderHeader[],
  returns: readonly Pick<OrderReturn, 'total'>[],
): CustomerOrderSummary {
  let spent: Decimal = new Dec(0);
  let owing: Decimal = new Dec(0);
  let count = 0;
  for (const o of orders) {
    if (COUNTED.includes(o.status)) count += 1;
    if (o.status === 'complete') spent = spent.plus(decimal(o.totals.order_total));
    owing = owing.plus(decimal(balanceOf(o)));
  }
  for (const r of returns) spent = spent.minus(decimal(r.total));
  return {
    total_spent_text: formatUSD(roundMoney(spent)),
    total_orders: count,
    total_returns: returns.length,
    outstanding_balance_text: formatUSD(roundMoney(owing)),
  };
}

export interface CustomerReturnRow {
  return_id: number | null;
  id: string;
  order_id: number | null;
  product: string;
  model: string;
  quantity: number;
  total: string;
  refund_method: string;
  return_status: string;
  date_added: string;
  date_modified: string;
  editUrl: string;
}

/** A return row; its edit opens the order's Returns panel (a return is refunded when recorded). */
export function customerReturnRow(r: OrderReturn, order: Pick<Order, 'order_id' | 'id'> | null): CustomerReturnRow {
  const ref = encodeURIComponent(String(order?.order_id ?? r.order_ref));
  return {
    return_id: r.return_id,
    id: r.id,
    order_id: order?.order_id ?? null,
    product: r.product,
    model: r.model,
    quantity: r.quantity,
    total: r.total,
    refund_method: r.refund_method,
    return_status: r.return_status,
    date_added: r.date_added,
    date_modified: r.date_modified,
    editUrl: `/pos/order/view?order_id=${ref}#returns`,
  };
}

export type SortOrder = 'asc' | 'desc';
export const ORDER_SORTS = ['order_id', 'date_added', 'total', 'status'] as const;
export const RETURN_SORTS = ['return_id', 'order_id', 'product', 'return_status', 'date_added'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];
export type ReturnSort = (typeof RETURN_SORTS)[number];

/** Rows not numbered yet (made offline) sort after the numbered ones, by their date. */
const num = (n: number | null): number => n ?? Number.MAX_SAFE_INTEGER;
const cmpText = (a: string, b: string): number => a.localeCompare(b, 'en-US', { sensitivity: 'base' });

export function sortOrderRows(rows: CustomerOrderRow[], sort: OrderSort, order: SortOrder): CustomerOrderRow[] {
  const key = (a: CustomerOrderRow, b: CustomerOrderRow): number => {
    switch (sort) {
      case 'order_id':
        return num(a.order_id) - num(b.order_id) || cmpText(a.date_added, b.date_added);
      case 'date_added':
        return cmpText(a.date_added, b.date_added);
      case 'total':
        return decimal(a.total_text).cmp(decimal(b.total_text));
      case 'status':
        return cmpText(a.status, b.status);
    }
  };
  const dir = order === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => dir * (key(a, b) || num(a.order_id) - num(b.order_id)));
}

export function sortReturnRows(rows: CustomerReturnRow[], sort: ReturnSort, order: SortOrder): CustomerReturnRow[] {
  const key = (a: CustomerReturnRow, b: CustomerReturnRow): number => {
    switch (sort) {
      case 'return_id':
        return num(a.return_id) - num(b.return_id) || cmpText(a.date_added, b.date_added);
      case 'order_id':
        return num(a.order_id) - num(b.order_id);
      case 'product':
        return cmpText(a.product, b.product);
      case 'return_status':
        return cmpText(a.return_status, b.return_status);
      case 'date_added':
        return cmpText(a.date_added, b.date_added);
    }
  };
  const dir = order === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => dir * (key(a, b) || num(a.return_id) - num(b.return_id)));
}

/** §7 "Paged lists ... return results, totalPages, position (and data)": results the row count, position the page. */
export interface Paged<T> {
  results: number;
  totalPages: number;
  position: number;
  data: T[];
}

export function pageOf<T>(rows: readonly T[], page: number, limit = CUSTOMER_ADMIN_PAGE_SIZE): Paged<T> {
  const totalPages = Math.max(1, Math.ceil(rows.length / limit));
  return { results: rows.length, totalPages, position: page, data: rows.slice((page - 1) * limit, page * limit) };
}

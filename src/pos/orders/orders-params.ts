import {
  orderFilterKeys,
  orderSorts,
  ordersListQuerySchema,
  type OrderFilterKey,
  type OrderFilters,
  type OrderRow,
  type OrdersListQuery,
  type OrdersListReply,
} from '../../contracts/orders-list';
import { ORDERS_PAGE_SIZE } from '../../domain/constants';

/** Server sorts the orders table offers (the contract's sort keys). */
export type OrdersSort = OrdersListQuery['sort'];
export const ORDER_SORTS: readonly OrdersSort[] = orderSorts;

export function isOrdersSort(key: string): key is OrdersSort {
  return (ORDER_SORTS as readonly string[]).includes(key);
}

export type OrdersUrlQuery = Pick<OrdersListQuery, 'status' | 'page' | 'sort' | 'order' | 'limit'> & OrderFilters;

/**
 * The list query from the page URL: tab, page, sort, order and the filters, with the contract's
 * fallbacks (a hand-edited link never breaks the screen; a bad filter is simply not applied).
 * Limit is the spec's 20; from_pos is added by the API call. Absent filters stay absent.
 */
export function ordersQueryFromUrl(params: URLSearchParams): OrdersUrlQuery {
  const q = ordersListQuerySchema.parse({
    status: params.get('status') ?? undefined,
    page: params.get('page') ?? undefined,
    sort: params.get('sort') ?? undefined,
    order: params.get('order') ?? undefined,
    ...Object.fromEntries(orderFilterKeys.map((k) => [k, params.get(k) ?? undefined])),
  });
  const out: OrdersUrlQuery = { status: q.status, page: q.page, sort: q.sort, order: q.order, limit: ORDERS_PAGE_SIZE };
  for (const k of orderFilterKeys) if (q[k] !== undefined) Object.assign(out, { [k]: q[k] });
  return out;
}

/** What the Filter panel's fields hold: text as typed ('' = no filter). */
export type FilterForm = Record<OrderFilterKey, string>;

export const EMPTY_FILTER_FORM: FilterForm = {
  filter_order_id: '',
  filter_customer: '',
  filter_order_status_id: '',
  filter_date_from: '',
  filter_date_to: '',
};

/** The panel's fields from the filters in force (what the URL says). */
export function filterFormFrom(q: OrderFilters): FilterForm {
  const form = { ...EMPTY_FILTER_FORM };
  for (const k of orderFilterKeys) if (q[k] !== undefined) form[k] = String(q[k]);
  return form;
}

/** How many filters are in force (shown on the Filter button). */
export function activeFilterCount(q: OrderFilters): number {
  return orderFilterKeys.filter((k) => q[k] !== undefined).length;
}

/**
 * The URL after Apply (form given) or Clear Filters (null): filters replaced, tab and sort kept,
 * back to page 1 because the old page number means nothing in the new result.
 */
export function withFilters(params: URLSearchParams, form: FilterForm | null): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('page');
  for (const k of orderFilterKeys) {
    const v = form?.[k].trim() ?? '';
    if (v === '') next.delete(k);
    else next.set(k, v);
  }
  return next;
}

/**
 * A listed order: the server's row, or the device's (offline), which also carries its offline
 * reference and whether the server has yet to confirm it (src/db/orders-list.ts).
 */
export type ListedOrder = OrderRow & { device_ref?: string | null; pending?: boolean };
export type ListedOrders = Omit<OrdersListReply, 'orders'> & { orders: ListedOrder[] };

/** "#1042"; before the server numbers an order made offline, its device reference (C2-0042), else "Pending". */
export function orderNumberLabel(row: Pick<ListedOrder, 'order_id' | 'device_ref'>): string {
  return row.order_id === null ? (row.device_ref ?? 'Pending') : `#${row.order_id}`;
}

/** Detail link: by the human number once it exists, else by the client uuid. */
export function orderViewHref(row: Pick<OrderRow, 'order_id' | 'id'>): string {
  return `/pos/order/view?order_id=${encodeURIComponent(String(row.order_id ?? row.id))}`;
}

/** Spec §4: orders with status "Incomplete Transaction" get a special style. */
export function isIncompleteTransaction(row: Pick<OrderRow, 'order_status'>): boolean {
  return row.order_status === 'Incomplete Transaction';
}

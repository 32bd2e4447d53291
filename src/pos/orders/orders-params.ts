import { ordersListQuerySchema, type OrdersListQuery } from '../../contracts/orders-list';
import type { OrderRow } from '../../contracts/orders-list';

/** Server sorts the orders table offers (the contract's sort keys). */
export type OrdersSort = OrdersListQuery['sort'];
export const ORDER_SORTS: readonly OrdersSort[] = ['o.order_id', 'o.date_added', 'customer', 'total'];

export function isOrdersSort(key: string): key is OrdersSort {
  return (ORDER_SORTS as readonly string[]).includes(key);
}

/**
 * The list query from the page URL. Only the parts this screen controls are read (tab, page,
 * sort, order); limit is the spec's 20 and from_pos is added by the API call.
 */
export function ordersQueryFromUrl(params: URLSearchParams): Pick<OrdersListQuery, 'status' | 'page' | 'sort' | 'order' | 'limit'> {
  const q = ordersListQuerySchema.parse({
    status: params.get('status') ?? undefined,
    page: params.get('page') ?? undefined,
    sort: params.get('sort') ?? undefined,
    order: params.get('order') ?? undefined,
  });
  return { status: q.status, page: q.page, sort: q.sort, order: q.order, limit: 20 };
}

/** "#1042", or "Pending" while the server has not numbered an order made offline. */
export function orderNumberLabel(row: Pick<OrderRow, 'order_id'>): string {
  return row.order_id === null ? 'Pending' : `#${row.order_id}`;
}

/** Detail link: by the human number once it exists, else by the client uuid. */
export function orderViewHref(row: Pick<OrderRow, 'order_id' | 'id'>): string {
  return `/pos/order/view?order_id=${encodeURIComponent(String(row.order_id ?? row.id))}`;
}

/** Spec §4: orders with status "Incomplete Transaction" get a special style. */
export function isIncompleteTransaction(row: Pick<OrderRow, 'order_status'>): boolean {
  return row.order_status === 'Incomplete Transaction';
}

import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ordersListReplySchema, type OrdersListQuery, type OrdersListReply } from '../contracts/orders-list';
import { request, toQueryString } from './http';

/** GET /api/order: the POS orders list of one tab, always with from_pos=1. */
export function getOrders(query: Partial<OrdersListQuery>, signal?: AbortSignal): Promise<OrdersListReply> {
  return request(`/api/order${toQueryString({ ...query, from_pos: '1' })}`, ordersListReplySchema, { signal });
}

export function ordersQueryOptions(query: Partial<OrdersListQuery>) {
  return queryOptions({
    queryKey: ['orders', query] as const,
    queryFn: ({ signal }) => getOrders(query, signal),
    placeholderData: keepPreviousData,
  });
}

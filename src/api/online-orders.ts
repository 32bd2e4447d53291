/**
 * The online-order calls (src/contracts/online-orders.ts; docs/decisions/storefront.md "Online
 * orders and fulfilment"): the checkout's shipping method and countries, the shopper's order
 * history, the counter's pick list and steps.
 */
import { queryOptions } from '@tanstack/react-query';
import {
  accountOrdersReplySchema,
  localizationReplySchema,
  onlineStepReplySchema,
  pickListReplySchema,
  shippingMethodReplySchema,
} from '../contracts/online-orders';
import type { OnlineAction } from '../domain/online-orders';
import { request } from './http';

export const shippingMethodQueryOptions = queryOptions({
  queryKey: ['shipping-method'] as const,
  queryFn: ({ signal }) => request('/index.php?route=checkout/shipping_method', shippingMethodReplySchema, { signal }),
  staleTime: 60_000,
});

export const localizationQueryOptions = queryOptions({
  queryKey: ['localization'] as const,
  queryFn: ({ signal }) => request('/api/localization/', localizationReplySchema, { signal }),
  staleTime: 60 * 60_000,
});

export const accountOrdersQueryOptions = queryOptions({
  queryKey: ['account-orders'] as const,
  queryFn: ({ signal }) => request('/api/account/order', accountOrdersReplySchema, { signal }),
});

export const pickListQueryOptions = (orderId: number) =>
  queryOptions({
    queryKey: ['pick-list', orderId] as const,
    queryFn: ({ signal }) =>
      request(`/api/online_order/pick_list?order_id=${orderId}`, pickListReplySchema, { signal }),
  });

export function onlineOrderStep(orderId: number, action: OnlineAction) {
  return request(`/api/online_order/${action}`, onlineStepReplySchema, { method: 'POST', body: { order_id: orderId } });
}

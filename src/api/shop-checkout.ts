import { createOrderReplySchema, type CreateOrderReply, type CreateOrderRequest } from '../contracts/shop-checkout';
import { request } from './http';

/** POST /index.php?route=checkout/confirm/createOrder: the shopper's cart becomes a paid order. */
export function createShopOrder(body: CreateOrderRequest): Promise<CreateOrderReply> {
  return request('/index.php?route=checkout/confirm/createOrder', createOrderReplySchema, { method: 'POST', body });
}

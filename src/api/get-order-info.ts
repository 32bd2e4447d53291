import { orderInfoSchema, type OrderInfo } from '../contracts/pos-order';
import { request } from './http';

/** GET /api/order/info?order_id=: the server's order reply (purchase orders, booked appointments, ...). */
export function getOrderInfo(ref: string | number, signal?: AbortSignal): Promise<OrderInfo> {
  return request(
    `/api/order/info?order_id=${encodeURIComponent(String(ref))}`,
    orderInfoSchema,
    signal ? { signal } : {},
  );
}

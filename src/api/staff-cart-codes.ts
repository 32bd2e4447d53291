import { staffCartReplySchema, type CartCodeRequest, type StaffCartReply } from '../contracts/staff-cart';
import { request } from './http';

/** POST /checkout/cart/applyCode: redeems a gift certificate on the cart (`order_ref`: this device's cart order). */
export function applyCartCode(body: CartCodeRequest): Promise<StaffCartReply> {
  return request('/checkout/cart/applyCode', staffCartReplySchema, { method: 'POST', body });
}

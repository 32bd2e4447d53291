import { z } from 'zod';
import type { RefundMethod } from '../domain/mutations/records';
import { request } from './http';

const returnReplySchema = z
  .object({ success: z.string(), refund_method: z.string(), refunded: z.string(), balance: z.string().optional() })
  .loose();
const deleteReplySchema = z.object({ success: z.string() }).loose();

export interface ReturnRequest {
  id: string;
  refund_method: RefundMethod;
  lines: { id: string; line_id: string; quantity: number; reason: string; condition: string; restock: boolean }[];
}

/** POST /api/order/return?order_id=: a return online (the card refund goes through the terminal). */
export function postOrderReturn(orderRef: string | number, body: ReturnRequest) {
  return request(`/api/order/return?order_id=${encodeURIComponent(String(orderRef))}`, returnReplySchema, {
    method: 'POST',
    body,
  });
}

/** GET /api/order/delete?order_id={id} (pos-back-office.md §7): a saved order or quote with no payments. */
export function deleteOrder(deleteUrl: string) {
  return request(deleteUrl, deleteReplySchema);
}

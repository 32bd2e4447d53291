import { z } from 'zod';
import type { NotificationForm } from '../domain/forms/notification';
import { request } from './http';

const sendReplySchema = z.object({ success: z.string().optional(), error: z.string().optional() }).loose();

/** POST /pos/order/send?order_id={id}: email and/or text the receipt (notification form values). */
export function sendReceipt(
  orderId: string | number,
  form: NotificationForm,
): Promise<z.infer<typeof sendReplySchema>> {
  return request(`/pos/order/send?order_id=${encodeURIComponent(String(orderId))}`, sendReplySchema, {
    method: 'POST',
    body: form,
  });
}

/** POST /pos/order/sendPaymentURL?order_id={id}: email and/or text the customer a link to pay the balance online. */
export function sendPaymentLink(
  orderId: string | number,
  form: NotificationForm,
): Promise<z.infer<typeof sendReplySchema>> {
  return request(`/pos/order/sendPaymentURL?order_id=${encodeURIComponent(String(orderId))}`, sendReplySchema, {
    method: 'POST',
    body: form,
  });
}

import { z } from 'zod';
import { limitParam, pageParam } from './paging';
import { orderRefParam } from './checkout-transactions';

/**
 * Receipts by email and text, payment links, and the notification outbox
 * (pos-back-office.md §7 POST /pos/order/send, /pos/order/sendPaymentURL; §8 "Failed to send to
 * notification"). The request body is the Notification form (src/domain/forms/notification.ts).
 */

export const orderIdQuerySchema = z.object({ order_id: orderRefParam });

/** Reply of both send calls; a delivery failure is 502 {error, message: "Failed to send to notification"}. */
export const sendReplySchema = z.object({
  success: z.string(),
  /** One entry per message sent: 'email' and/or 'sms'. */
  sent: z.array(z.enum(['email', 'sms'])),
});
export type SendReply = z.infer<typeof sendReplySchema>;

/** GET /api/notifications (admin): the outbox, newest first. */
export const notificationsQuerySchema = z.object({ page: pageParam, limit: limitParam(20, 100) });

export const notificationSchema = z.object({
  id: z.uuid(),
  channel: z.enum(['email', 'sms']),
  kind: z.enum(['receipt', 'payment_link']),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  html: z.string().nullable(),
  status: z.enum(['queued', 'sent', 'failed']),
  error: z.string().nullable(),
  order_ref: z.uuid().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type NotificationRow = z.infer<typeof notificationSchema>;

export const notificationsReplySchema = z.object({
  notifications: z.array(notificationSchema),
  total_items: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type NotificationsReply = z.infer<typeof notificationsReplySchema>;

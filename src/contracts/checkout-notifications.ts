import { z } from 'zod';
import { limitParam, pageParam } from './paging';
import { orderRefParam } from './checkout-transactions';

/**
 * Receipts by email and text, payment links, and the notification outbox
 * (pos-back-office.md §7 POST /pos/order/send, /pos/order/sendPaymentURL; §8 "Failed to send to
 * notification"). The request body is the Notification form (src/domain/forms/notification.ts).
 */

export const orderIdQuerySchema = z.object({ order_id: orderRefParam });

/**
 * Reply of both send calls. A refused delivery is 502 {error, message: "Failed to send to
 * notification"}; a message the server could not hand over yet (mail server down) is kept and
 * retried: it is listed in `queued` and `success` says so (docs/decisions/notifications.md).
 */
export const sendReplySchema = z.object({
  success: z.string(),
  /** One entry per message handed over now: 'email' and/or 'sms'. */
  sent: z.array(z.enum(['email', 'sms'])),
  /** Messages waiting for a retry (the mail server or SMS provider could not be reached). */
  queued: z.array(z.enum(['email', 'sms'])).optional(),
});
export type SendReply = z.infer<typeof sendReplySchema>;

export const NOTIFICATION_KINDS = [
  'receipt',
  'payment_link',
  'product_contact',
  'order_history',
  'appointment',
  'customer_history',
  'form_submission',
  'appointment_request',
] as const;
export const NOTIFICATION_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;

/** GET /api/notifications (staff): the outbox, newest first; optionally one status or one order's messages. */
export const notificationsQuerySchema = z.object({
  page: pageParam,
  limit: limitParam(20, 100),
  status: z.enum(NOTIFICATION_STATUSES).optional(),
  order_ref: z.uuid().optional(),
});

/** POST /api/notifications/resend {id}: a failed (or waiting) message is queued again and tried now. */
export const resendRequestSchema = z.object({ id: z.uuid({ error: 'Unknown notification' }) });
export const NOTIFICATION_RESENT = 'The message was sent.';
export const NOTIFICATION_REQUEUED = 'The message could not be handed over yet; it is retried automatically.';
export const ALREADY_SENT = 'This message was already sent.';

export const notificationSchema = z.object({
  id: z.uuid(),
  channel: z.enum(['email', 'sms']),
  kind: z.enum(NOTIFICATION_KINDS),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  html: z.string().nullable(),
  status: z.enum(NOTIFICATION_STATUSES),
  error: z.string().nullable(),
  order_ref: z.uuid().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  /** Delivery attempts so far and when the next one is due (queued rows). */
  attempts: z.number().int(),
  next_attempt_at: z.string().nullable(),
});
export type NotificationRow = z.infer<typeof notificationSchema>;

export const notificationsReplySchema = z.object({
  notifications: z.array(notificationSchema),
  /** Sender name per channel ("outbox" for the simulators, "smtp://host:port", "twilio"). */
  adapters: z.object({ email: z.string(), sms: z.string() }).optional(),
  total_items: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type NotificationsReply = z.infer<typeof notificationsReplySchema>;

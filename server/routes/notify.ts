/**
 * Order documents and messages (pos-back-office.md §7): send the receipt, send a payment link,
 * the invoice as a call, the admin's view of the outbox, and the customer's public payment-link
 * calls. /pos/order/invoice is also a page: a navigation to it gets the app shell (the not-found
 * handler serves it), only a call gets the JSON.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { InvoiceReply } from '../../src/contracts/checkout-invoice';
import {
  notificationsQuerySchema,
  orderIdQuerySchema,
  resendRequestSchema,
  type NotificationsReply,
  type SendReply,
} from '../../src/contracts/checkout-notifications';
import {
  payLinkQuerySchema,
  payLinkRequestSchema,
  type PayLinkPaid,
  type PayLinkReply,
} from '../../src/contracts/payment-link';
import { notificationFormSchema } from '../../src/domain/forms/notification';
import { allow, type Permission } from '../auth/permissions';
import { HttpError } from '../http/errors';
import { isNavigation } from '../http/navigation';
import { parse } from '../http/parse';
import type { CheckoutServices } from '../compose';
import { staffActor } from './checkout';

const may = (p: Permission) => ({ config: { access: allow(p) } });
/** The customer's page may be reloaded and retried, but a token must not be guessable by volume. */
const payLimit = {
  config: {
    access: allow('paylink.pay'),
    rateLimit: {
      max: 30,
      timeWindow: 60_000,
      errorResponseBuilder: () => new HttpError(429, 'rate_limited', 'Too many attempts. Wait a minute and try again.'),
    },
  },
};

/** Shown to staff when PUBLIC_URL is not set (docs/operations.md). */
export const PUBLIC_URL_UNSET =
  "Payment links are off: the shop's public address is not configured. Ask your administrator to set PUBLIC_URL (for example https://shop.example) and restart the server.";

/**
 * The origin of a payment link: only ever the configured PUBLIC_URL. The request's Host header is
 * the caller's to forge (a forged Host once put evil.example into a customer's email), so without
 * PUBLIC_URL no link is sent.
 */
function origin(configured: string | undefined): string {
  if (!configured) throw new HttpError(409, 'public_url_unset', PUBLIC_URL_UNSET);
  return configured;
}

export function notifyRoutes(app: FastifyInstance, s: CheckoutServices): void {
  app.post('/pos/order/send', may('order.edit'), (req): Promise<SendReply> =>
    s.notifications.sendReceipt(
      parse(orderIdQuerySchema, req.query).order_id,
      parse(notificationFormSchema, req.body ?? {}),
      staffActor(req),
    ),
  );

  app.post('/pos/order/sendPaymentURL', may('payment.link'), (req): Promise<SendReply> =>
    s.notifications.sendPaymentLink(
      parse(orderIdQuerySchema, req.query).order_id,
      parse(notificationFormSchema, req.body ?? {}),
      staffActor(req),
      origin(s.publicUrl),
    ),
  );

  // A page as well as a call: the shell for a navigation (before the staff check: the shell signs in).
  const pageOrCall = {
    ...may('order.read'),
    onRequest: async (req: FastifyRequest, reply: FastifyReply) => {
      if (isNavigation(req)) return reply.callNotFound();
    },
  };
  app.get('/pos/order/invoice', pageOrCall, (req): Promise<InvoiceReply> =>
    s.checkout.invoice(parse(orderIdQuerySchema, req.query).order_id),
  );

  // The outbox screen (/pos/notifications): admins and cashiers (server/auth/permissions.ts).
  app.get('/api/notifications', may('notifications.read'), (req): Promise<NotificationsReply> =>
    s.notifications.list(parse(notificationsQuerySchema, req.query)),
  );
  app.post('/api/notifications/resend', may('notifications.read'), (req) =>
    s.notifications.resend(parse(resendRequestSchema, req.body ?? {}).id),
  );

  app.get('/api/pay/link', payLimit, (req): Promise<PayLinkReply> =>
    s.links.view(parse(payLinkQuerySchema, req.query).token),
  );

  app.post('/api/pay/link', payLimit, (req): Promise<PayLinkPaid> =>
    s.links.pay(parse(payLinkRequestSchema, req.body)),
  );
}

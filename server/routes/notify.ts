/**
 * Order documents and messages (pos-back-office.md §7): send the receipt, send a payment link,
 * the invoice as a call, the admin's view of the outbox, and the customer's public payment-link
 * calls. /pos/order/invoice is also a page: a navigation to it gets the app shell (the not-found
 * handler serves it), only a call gets the JSON.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { InvoiceReply } from '../../src/contracts/checkout-invoice';
import { notificationsQuerySchema, orderIdQuerySchema, resendRequestSchema, type NotificationsReply, type SendReply } from '../../src/contracts/checkout-notifications';
import { payLinkQuerySchema, payLinkRequestSchema, type PayLinkPaid, type PayLinkReply } from '../../src/contracts/payment-link';
import { notificationFormSchema } from '../../src/domain/forms/notification';
import { STAFF } from '../auth/access';
import { HttpError } from '../http/errors';
import { isNavigation } from '../http/navigation';
import { parse } from '../http/parse';
import type { CheckoutServices } from '../services/checkout-create';
import { staffActor } from './checkout';

const staff = { config: { access: STAFF } };
/** The customer's page may be reloaded and retried, but a token must not be guessable by volume. */
const payLimit = {
  config: {
    access: 'public' as const,
    rateLimit: { max: 30, timeWindow: 60_000, errorResponseBuilder: () => new HttpError(429, 'rate_limited', 'Too many attempts. Wait a minute and try again.') },
  },
};

function origin(req: FastifyRequest, configured: string | undefined): string {
  return configured ?? `${req.protocol}://${req.host}`;
}

export function notifyRoutes(app: FastifyInstance, s: CheckoutServices): void {
  app.post('/pos/order/send', staff, (req): Promise<SendReply> =>
    s.notifications.sendReceipt(parse(orderIdQuerySchema, req.query).order_id, parse(notificationFormSchema, req.body ?? {}), staffActor(req)),
  );

  app.post('/pos/order/sendPaymentURL', staff, (req): Promise<SendReply> =>
    s.notifications.sendPaymentLink(parse(orderIdQuerySchema, req.query).order_id, parse(notificationFormSchema, req.body ?? {}), staffActor(req), origin(req, s.publicUrl)),
  );

  // A page as well as a call: the shell for a navigation (before the staff check: the shell signs in).
  const pageOrCall = {
    ...staff,
    onRequest: async (req: FastifyRequest, reply: FastifyReply) => {
      if (isNavigation(req)) return reply.callNotFound();
    },
  };
  app.get('/pos/order/invoice', pageOrCall, (req): Promise<InvoiceReply> => s.checkout.invoice(parse(orderIdQuerySchema, req.query).order_id));

  // The outbox screen (/pos/notifications): counter staff and admins; installers have no use for it.
  const outboxAccess = { config: { access: ['admin', 'cashier'] as const } };
  app.get('/api/notifications', outboxAccess, (req): Promise<NotificationsReply> => s.notifications.list(parse(notificationsQuerySchema, req.query)));
  app.post('/api/notifications/resend', outboxAccess, (req) => s.notifications.resend(parse(resendRequestSchema, req.body ?? {}).id));

  app.get('/api/pay/link', payLimit, (req): Promise<PayLinkReply> => s.links.view(parse(payLinkQuerySchema, req.query).token));

  app.post('/api/pay/link', payLimit, (req): Promise<PayLinkPaid> => s.links.pay(parse(payLinkRequestSchema, req.body)));
}

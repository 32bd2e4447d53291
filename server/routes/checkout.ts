/**
 * POS checkout calls (pos-back-office.md §7): payments, the smart terminal and its event stream,
 * card void/return. Staff only. Thin: parse, authorise, call a service, reply.
 *
 * The spec makes some state-changing calls GETs (voidTransactions, cancelSmartTerminal, the
 * void/return url). A GET carries the session cookie on a cross-site top-level navigation
 * (SameSite=Lax), so these also require a header a page on another site cannot send without a
 * CORS preflight (X-Requested-With, which our client always sends, or the CSRF token).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  addTransactionRequestSchema,
  voidTransactionRequestSchema,
  voucherQuerySchema,
  type CompleteReply,
  type PaymentReply,
  type VoucherReply,
} from '../../src/contracts/checkout-payments';
import { orderQuerySchema, type TransactionsReply } from '../../src/contracts/checkout-transactions';
import {
  attemptQuerySchema,
  cancelTerminalQuerySchema,
  cardPaymentRequestSchema,
  voidOrReturnQuerySchema,
  type CardAttempt,
  type TerminalsReply,
  type VoidOrReturnReply,
} from '../../src/contracts/payment-card';
import { CSRF_HEADER } from '../../src/contracts/session';
import { csrfMatches } from '../auth/guard';
import { allow, type Permission } from '../auth/permissions';
import { HttpError, statusOf, unauthorized } from '../http/errors';
import { ServiceError } from '../errors';
import { parse } from '../http/parse';
import type { CheckoutServices } from '../compose';
import type { Actor } from '../commands/actor';

const may = (p: Permission) => ({ config: { access: allow(p) } });
/** A GET that changes data: the guard wants the CSRF token as on a POST. */
const mayChange = (p: Permission) => ({ config: { access: allow(p), changesState: true } });

/** The signed-in staff member as the actor of the domain mutation. */
export function staffActor(req: FastifyRequest): Actor {
  if (!req.user) throw unauthorized();
  return { kind: 'staff', id: req.user.id, role: req.user.role };
}

/** State-changing GET: must come from our client (see the file comment). */
export function requireCallHeader(req: FastifyRequest): void {
  if (req.session && csrfMatches(req.headers[CSRF_HEADER.toLowerCase()], req.session.csrfToken)) return;
  throw new HttpError(403, 'csrf', 'This call changes data: send it from Partsdesk (X-CSRF-Token).');
}

export function checkoutRoutes(app: FastifyInstance, s: CheckoutServices): void {
  app.get('/pos/checkout/getTransactions', may('order.read'), (req): Promise<TransactionsReply> =>
    s.checkout.getTransactions(parse(orderQuerySchema, req.query).orderId),
  );

  app.post('/pos/checkout/addTransaction', may('payment.take'), (req): Promise<PaymentReply> =>
    s.checkout.addTransaction(parse(addTransactionRequestSchema, req.body), staffActor(req)),
  );

  app.post('/pos/checkout/voidTransaction', may('payment.void'), (req): Promise<PaymentReply> =>
    s.checkout.voidTransaction(parse(voidTransactionRequestSchema, req.body), staffActor(req)),
  );

  app.get('/pos/checkout/voidTransactions', mayChange('payment.void'), (req): Promise<TransactionsReply> => {
    requireCallHeader(req);
    return s.checkout.voidTransactions(parse(orderQuerySchema, req.query).orderId, staffActor(req));
  });

  app.post('/pos/checkout/complete', may('payment.take'), async (req, reply): Promise<CompleteReply | FastifyReply> => {
    const { orderId } = parse(orderQuerySchema, req.query);
    try {
      return await s.checkout.complete(orderId, staffActor(req));
    } catch (err) {
      // The spec's reply carries the errors in messages.error (shown joined in a toast).
      if (!(err instanceof ServiceError) || statusOf(err) >= 500) throw err;
      return reply.code(statusOf(err)).send({
        error: err.code,
        message: err.message,
        orderId: typeof orderId === 'number' ? orderId : null,
        messages: { error: [err.message] },
      });
    }
  });

  app.get('/pos/checkout/getVoucher', may('payment.take'), (req): Promise<VoucherReply> =>
    s.checkout.getVoucher(parse(voucherQuerySchema, req.query).voucherCode),
  );

  app.get('/pos/checkout/getTerminals', may('payment.take'), async (): Promise<TerminalsReply> => ({
    departments: await s.terminal.departments(),
    devices: await s.terminal.devices(),
  }));

  app.post('/pos/checkout/cardPayment', may('payment.take'), async (req, reply): Promise<CardAttempt> => {
    const { attempt, created } = await s.cards.start(parse(cardPaymentRequestSchema, req.body), staffActor(req));
    void reply.code(created ? 202 : 200);
    return attempt;
  });

  app.get('/pos/checkout/cardPayment', may('payment.take'), (req): Promise<CardAttempt> =>
    s.cards.get(parse(attemptQuerySchema, req.query).attemptId),
  );

  app.get('/pos/checkout/cardPayment/events', may('payment.take'), async (req, reply) => {
    const { attemptId } = parse(attemptQuerySchema, req.query);
    await s.cards.get(attemptId); // 404 as JSON before the stream starts
    void reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write('retry: 3000\n\n');
    const stop = s.streams.open(attemptId, {
      event: (e) => res.write(`event: ${e.name}\ndata: ${JSON.stringify(e.data)}\n\n`),
      heartbeat: () => res.write(': ping\n\n'),
      retry: (ms) => res.write(`retry: ${ms}\n\n`),
      end: () => res.end(),
    });
    req.raw.on('close', stop);
  });

  app.get('/pos/checkout/cancelSmartTerminal', mayChange('payment.take'), async (req) => {
    requireCallHeader(req);
    const q = parse(cancelTerminalQuerySchema, req.query);
    const attempt = await s.cards.cancel(q.smartTerminalId, q.siteTransactionId);
    return { success: 'The transaction was cancelled.', attempt };
  });

  app.get('/pos/checkout/voidOrReturn', mayChange('payment.void'), (req): Promise<VoidOrReturnReply> => {
    requireCallHeader(req);
    return s.refunds.voidOrReturn(parse(voidOrReturnQuerySchema, req.query).transactionId, staffActor(req));
  });
}

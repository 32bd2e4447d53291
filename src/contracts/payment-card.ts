import { z } from 'zod';
import { CARD_DEPARTMENT_MESSAGE, CARD_DEVICE_MESSAGE, CARD_TYPE_MESSAGE } from '../domain/payments';
import { checkoutStateSchema, checkoutTransactionSchema, orderRefParam } from './checkout-transactions';

/**
 * Card payments on a smart terminal (pos-back-office.md §4 "Smart terminal card flow", §5). The
 * spec names only cancelSmartTerminal and the void/return url; the start call, its event stream
 * and the terminal list are ours (docs/decisions/payments.md "Payments, terminal and notifications").
 * Card payments need the network: they never go through the device's outbox.
 */

const pick = (message: string) => z.string({ error: message }).trim().min(1, message);

/** GET /pos/checkout/getTerminals: what the card modal offers. */
export const terminalsReplySchema = z.object({
  departments: z.array(z.object({ id: z.string(), name: z.string() })),
  devices: z.array(z.object({ id: z.string(), name: z.string(), departmentId: z.string() })),
});
export type TerminalsReply = z.infer<typeof terminalsReplySchema>;

/**
 * POST /pos/checkout/cardPayment: start a charge. `attemptId` is minted by the client; posting the
 * same id again answers the attempt already started and never charges twice.
 */
export const cardPaymentRequestSchema = z.object({
  orderId: orderRefParam,
  attemptId: z.uuid({ error: 'attemptId must be a uuid minted by the client' }),
  amount: z.union([z.string(), z.number()]).transform((v) => String(v).trim()),
  department: pick(CARD_DEPARTMENT_MESSAGE),
  device: pick(CARD_DEVICE_MESSAGE),
  cardType: z.enum(['credit', 'debit'], { error: CARD_TYPE_MESSAGE }),
  action: z.enum(['Charge', 'Refund']).default('Charge'),
});
export type CardPaymentRequest = z.input<typeof cardPaymentRequestSchema>;

export const attemptStatuses = ['pending', 'approved', 'declined', 'cancelled', 'timed_out', 'reversed'] as const;

/** A payment attempt as the POS sees it (also GET /pos/checkout/cardPayment?attemptId=). */
export const cardAttemptSchema = z.object({
  attemptId: z.uuid(),
  orderRef: z.uuid(),
  status: z.enum(attemptStatuses),
  /** Applied to the balance. */
  amount: z.string(),
  /** Card surcharge and its tax, charged on top (docs/decisions/domain.md "Credit card surcharge"). */
  surcharge: z.string(),
  surchargeTax: z.string(),
  /** What the card is charged: amount + surcharge + surchargeTax. */
  total: z.string(),
  message: z.string(),
  transactionId: z.uuid().nullable(),
  /** The server-sent event stream of this attempt. */
  eventsUrl: z.string(),
});
export type CardAttempt = z.infer<typeof cardAttemptSchema>;

export const attemptQuerySchema = z.object({ attemptId: z.uuid({ error: 'attemptId must be a uuid' }) });

/**
 * GET /pos/checkout/cardPayment/events?attemptId= (text/event-stream). Events, in order:
 * `choosing` (the customer is choosing the payment method), then exactly one final event:
 * `approved` {transaction, checkout}, `declined` {message}, `timed_out` {message} or
 * `cancelled` {message}; then the stream closes. Comment lines (": ping") are heartbeats.
 */
export const cardEventNames = ['choosing', 'approved', 'declined', 'timed_out', 'cancelled'] as const;
export type CardEventName = (typeof cardEventNames)[number];

export const cardEventDataSchema = z.object({
  attemptId: z.uuid(),
  status: z.enum(attemptStatuses),
  message: z.string(),
  transaction: checkoutTransactionSchema.optional(),
  checkout: checkoutStateSchema.optional(),
});
export type CardEventData = z.infer<typeof cardEventDataSchema>;

/** GET /pos/checkout/cancelSmartTerminal?smartTerminalId=&siteTransactionId= (the device and the attempt). */
export const cancelTerminalQuerySchema = z.object({
  smartTerminalId: z.string().trim().min(1, CARD_DEVICE_MESSAGE),
  siteTransactionId: z.uuid({ error: 'siteTransactionId must be the payment attempt id' }),
});

export const cancelTerminalReplySchema = z.object({ success: z.string(), attempt: cardAttemptSchema });

/** GET /pos/checkout/voidOrReturn?transactionId=&from_pos=1: refund a terminal card payment, then void it. */
export const voidOrReturnQuerySchema = z.object({
  transactionId: z.union([z.uuid(), z.coerce.number().int().positive().max(2_147_483_647)], {
    error: 'transactionId must name a transaction',
  }),
  from_pos: z.string().optional(),
});

export const voidOrReturnReplySchema = z.object({
  success: z.string(),
  action: z.enum(['Void', 'Return']),
  transaction: checkoutTransactionSchema,
  checkout: checkoutStateSchema,
});
export type VoidOrReturnReply = z.infer<typeof voidOrReturnReplySchema>;

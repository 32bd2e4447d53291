import { z } from 'zod';
import {
  cardAttemptSchema,
  terminalsReplySchema,
  voidOrReturnReplySchema,
  type CardAttempt,
  type CardPaymentRequest,
  type TerminalsReply,
  type VoidOrReturnReply,
} from '../contracts/payment-card';
import { request } from './http';

/** GET /pos/checkout/getTerminals: the departments and devices the card modal offers. */
export function getTerminals(): Promise<TerminalsReply> {
  return request('/pos/checkout/getTerminals', terminalsReplySchema);
}

/** POST /pos/checkout/cardPayment: asks the terminal to charge; the same attemptId never charges twice. */
export function startCardPayment(body: CardPaymentRequest): Promise<CardAttempt> {
  return request('/pos/checkout/cardPayment', cardAttemptSchema, { method: 'POST', body });
}

/** GET /pos/checkout/cancelSmartTerminal: Cancel Transaction while the customer is choosing. */
export function cancelSmartTerminal(deviceId: string, attemptId: string): Promise<unknown> {
  const q = `smartTerminalId=${encodeURIComponent(deviceId)}&siteTransactionId=${encodeURIComponent(attemptId)}`;
  return request(`/pos/checkout/cancelSmartTerminal?${q}`, z.unknown());
}

/** GET /pos/checkout/cardPayment?attemptId=: the attempt's status as the server holds it (never starts a charge). */
export function getCardAttempt(attemptId: string): Promise<CardAttempt> {
  return request(`/pos/checkout/cardPayment?attemptId=${encodeURIComponent(attemptId)}`, cardAttemptSchema);
}

/** GET the void/return url of a terminal card payment: the card is refunded at the terminal, then the payment voided. */
export function voidOrReturn(transactionId: string): Promise<VoidOrReturnReply> {
  return request(
    `/pos/checkout/voidOrReturn?transactionId=${encodeURIComponent(transactionId)}&from_pos=1`,
    voidOrReturnReplySchema,
  );
}

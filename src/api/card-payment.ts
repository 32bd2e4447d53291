import { z } from 'zod';
import { cardAttemptSchema, terminalsReplySchema, type CardAttempt, type CardPaymentRequest, type TerminalsReply } from '../contracts/payment-card';
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

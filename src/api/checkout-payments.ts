import {
  paymentReplySchema,
  voucherReplySchema,
  type AddTransactionRequest,
  type PaymentReply,
  type VoucherReply,
} from '../contracts/checkout-payments';
import { request } from './http';

/** GET /pos/checkout/getVoucher?voucherCode=: the voucher and its remaining balance, or 404 "Invalid code". */
export function getVoucher(code: string, signal?: AbortSignal): Promise<VoucherReply> {
  return request(
    `/pos/checkout/getVoucher?voucherCode=${encodeURIComponent(code)}`,
    voucherReplySchema,
    signal ? { signal } : {},
  );
}

/** POST /pos/checkout/addTransaction: a payment the server applies at once (idempotent by transaction id). */
export function addTransaction(body: AddTransactionRequest): Promise<PaymentReply> {
  return request('/pos/checkout/addTransaction', paymentReplySchema, { method: 'POST', body });
}

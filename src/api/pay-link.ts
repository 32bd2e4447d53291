import {
  payLinkPaidSchema,
  payLinkReplySchema,
  type PayLinkPaid,
  type PayLinkReply,
  type PayLinkRequest,
} from '../contracts/payment-link';
import { request } from './http';

/** GET /api/pay/link?token=: what the customer owes on the order the link is for. */
export function getPayLink(token: string, signal?: AbortSignal): Promise<PayLinkReply> {
  return request(`/api/pay/link?token=${encodeURIComponent(token)}`, payLinkReplySchema, { signal });
}

/** POST /api/pay/link: pays (by default the whole balance); `id` makes a retried request pay once. */
export function payByLink(body: PayLinkRequest): Promise<PayLinkPaid> {
  return request('/api/pay/link', payLinkPaidSchema, { method: 'POST', body });
}

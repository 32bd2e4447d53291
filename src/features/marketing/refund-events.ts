/**
 * The tag manager's `refund` (storefront.md §9 "for the tag manager also refunds"; docs/decisions/
 * storefront.md "Refund events"): returns are taken at the counter, where no tag manager loads, so
 * the shopper's own browser sends them when the order history lists them. Each return is sent once
 * per browser: the ids already sent are kept in localStorage (the newest 200).
 */
import { useEffect } from 'react';
import type { AccountOrdersReply } from '../../contracts/online-orders';
import { useMode } from '../session/mode';
import { track } from './track';

export const REFUNDS_SENT_KEY = 'pd_refunds_sent';
const KEEP = 200;

function readSent(): string[] {
  try {
    const v = JSON.parse(localStorage.getItem(REFUNDS_SENT_KEY) ?? '[]') as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

type Orders = AccountOrdersReply['orders'];
export type RefundToSend = { orderId: number } & NonNullable<Orders[number]['refunds']>[number];

/** The listed returns not in `sent`, oldest order first, and the ids to remember (the newest 200). */
export function refundsToSend(orders: Orders, sent: readonly string[]): { send: RefundToSend[]; remember: string[] } {
  const known = new Set(sent);
  const send: RefundToSend[] = [];
  for (const order of [...orders].reverse())
    for (const r of order.refunds ?? []) {
      if (known.has(r.refund_id)) continue;
      known.add(r.refund_id);
      send.push({ orderId: order.order_id, ...r });
    }
  return { send, remember: [...sent, ...send.map((r) => r.refund_id)].slice(-KEEP) };
}

/** Sends each listed return not sent from this browser before. */
export function useRefundEvents(orders: Orders | undefined): void {
  const staff = useMode() === 'pos';
  useEffect(() => {
    if (!orders || staff) return;
    const { send, remember } = refundsToSend(orders, readSent());
    if (send.length === 0) return;
    for (const r of send) track.refund(r.orderId, r.total, r.items);
    try {
      localStorage.setItem(REFUNDS_SENT_KEY, JSON.stringify(remember));
    } catch {
      // Storage full or blocked: the next visit may send them again; nothing else to do.
    }
  }, [orders, staff]);
}

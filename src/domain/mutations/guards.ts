/** Shared guards and helpers of the mutators. */
import { computeTotals, totalsToRecord, type TotalsInput } from '../totals';
import { refuse, type Refusal } from '../refusal';
import type { StoreSettings } from '../settings';
import { editableStatuses, type Order, type Transaction } from './records';

export const ORDER_NOT_FOUND = 'The order could not be found.';
export const CUSTOMER_NOT_FOUND = 'The customer could not be found.';
export const LINE_NOT_FOUND = 'The item could not be found on this order.';
export const ORDER_VOIDED = 'This order has been voided.';
export const ORDER_COMPLETE = 'This order is complete and can no longer be changed.';

/** The order, or a refusal when missing. */
export function requireOrder(order: Order | undefined, id: string): Order | Refusal {
  return order && order.id === id ? order : refuse('not_found', ORDER_NOT_FOUND);
}

/** A completed or voided order is not editable (its lines, customer, status). */
export function assertEditable(order: Order): Refusal | null {
  if (editableStatuses.includes(order.status)) return null;
  return refuse('order_not_editable', order.status === 'voided' ? ORDER_VOIDED : ORDER_COMPLETE);
}

/** Payments and history may still be recorded on a complete order, never on a voided one. */
export function assertNotVoided(order: Order): Refusal | null {
  return order.status === 'voided' ? refuse('order_already_voided', ORDER_VOIDED) : null;
}

export function isRefusal(v: unknown): v is Refusal {
  return typeof v === 'object' && v !== null && (v as { ok?: unknown }).ok === false;
}

/** What an order's totals are computed from: its lines, payments, exemption and store (its tax rates). */
export function totalsInputOf(
  order: Pick<Order, 'lines' | 'tax_exempt' | 'tax_exempt_number' | 'location_id'>,
  transactions: TotalsInput['transactions'],
): TotalsInput {
  return {
    lines: order.lines,
    transactions,
    taxExempt: order.tax_exempt,
    taxExemptNumber: order.tax_exempt_number,
    // Orders cached before migration 0023 have none: the default store, as the server had then.
    locationId: order.location_id ?? null,
  };
}

/** The order with its totals snapshot recomputed from its lines and transactions. */
export function withTotals(
  order: Order,
  transactions: readonly Transaction[],
  settings: StoreSettings,
  now: string,
): Order {
  const t = computeTotals(totalsInputOf(order, transactions), settings);
  return { ...order, totals: totalsToRecord(t), updated_at: now };
}

export const emptyTotals = {
  parts: '0.00',
  surcharge: '0.00',
  labor: '0.00',
  tax: '0.00',
  card_surcharge: '0.00',
  card_surcharge_tax: '0.00',
  order_total: '0.00',
  amount_paid: '0.00',
  balance_due: '0.00',
  paid_in_full: true,
} as const;

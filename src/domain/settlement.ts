/**
 * What an order's payments come to once its status is known (pos-back-office.md §4 "Paid state on
 * checkout and receipt"; docs/decisions/pos.md "A voided order's refund due"). A live order owes a
 * balance or is paid ("Paid In Full" on checkout and detail, "Payment Processed" on the receipt).
 * A voided order owes nothing: what was paid on it and not yet voided or returned is owed BACK to
 * the customer ("Refund due $X"), settled by voiding each payment (a terminal card: Void/Return).
 */
import { formatUSD, ZERO, type Money } from './money';
import type { OrderStatus, Transaction } from './mutations/records';
import type { OrderTotals } from './totals';

export type SettlementTone = 'paid' | 'owing' | 'refund' | 'settled';

export interface Settlement {
  /** The label of the last totals row. */
  label: 'Balance Due' | 'Change Due' | 'Refund Due';
  /** Its amount (never negative). */
  amount: Money;
  /** Checkout and order detail wording. */
  statusText: string;
  /** Receipt and invoice wording. */
  receiptText: string;
  tone: SettlementTone;
}

export const refundDueText = (amount: Money): string => `Refund due ${formatUSD(amount)}`;
export const VOIDED_SETTLED = 'Order voided: nothing is owed';

export function settlementOf(
  totals: Pick<OrderTotals, 'amountPaid' | 'balanceDue' | 'changeDue' | 'balanceLabel' | 'paidInFull' | 'statusText'>,
  status: OrderStatus,
): Settlement {
  if (status === 'voided') {
    const owed = totals.amountPaid.gt(0) ? totals.amountPaid : ZERO;
    const text = owed.gt(0) ? refundDueText(owed) : VOIDED_SETTLED;
    return {
      label: 'Refund Due',
      amount: owed,
      statusText: text,
      receiptText: text,
      tone: owed.gt(0) ? 'refund' : 'settled',
    };
  }
  return {
    label: totals.balanceLabel,
    amount: totals.changeDue ?? totals.balanceDue,
    statusText: totals.statusText,
    receiptText: totals.paidInFull ? 'Payment Processed' : 'Outstanding Balance',
    tone: totals.paidInFull ? 'paid' : 'owing',
  };
}

/** The payments a voided order still holds: each must be voided (or, a terminal card, returned) to refund it. */
export function paymentsToRefund(status: OrderStatus, transactions: readonly Transaction[]): Transaction[] {
  return status === 'voided' ? transactions.filter((t) => t.status === 'approved') : [];
}

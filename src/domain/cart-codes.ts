/**
 * Codes on the cart (POST /checkout/cart/applyCode, removeCode: type and code). The shop's only
 * codes are its gift certificates (the spec's Voucher entity: amount, code, ...); it defines no
 * coupon entity, so a 'coupon' code is never valid (docs/decisions/storefront.md "Cart codes").
 *
 * Applying a gift certificate redeems it against the order: an approved voucher payment of the
 * certificate's balance, capped at the balance due (`maxPaymentAmount`), so the voucher ledger,
 * exactly-once sync and voids are the payments' own. Removing the code voids those payments,
 * which gives the balance back. The cart shows each applied code and the balance left as totals
 * rows after Order Total; the order total itself does not change (a redemption pays, it does not
 * discount: tax stays on the full sale).
 */
import type Decimal from 'decimal.js';
import { decimal, formatUSD, maxMoney, minMoney, roundMoney, ZERO, type Money } from './money';
import type { Transaction } from './mutations/records';
import type { OrderTotals } from './totals';

export const codeTypes = ['voucher', 'coupon'] as const;
export type CodeType = (typeof codeTypes)[number];

export const INVALID_CODE = 'Invalid code';
export const CODE_MESSAGES = {
  invalid: INVALID_CODE,
  alreadyApplied: 'This code has already been applied to the order.',
  needsNetwork: 'Applying a code needs the network.',
  applied: (code: string): string => `Gift certificate ${code} has been applied.`,
  removed: (code: string): string => `Gift certificate ${code} has been removed.`,
} as const;

export interface AppliedCode {
  type: 'voucher';
  /** As the certificate spells it. */
  code: string;
  /** Sum of the approved redemptions of this code on the order. */
  amount: Money;
  /** The approved voucher payments that make it (what removing the code voids). */
  transactionIds: string[];
}

export interface CodeRow {
  code: 'voucher' | 'balance';
  title: string;
  /** Negative for a redemption. */
  value: Money;
  text: string;
}

const same = (a: string, b: string): boolean => a.toUpperCase() === b.toUpperCase();

/** Gift certificates redeemed on the order, in the order they were first applied (codes match case-insensitively). */
export function appliedCodes(
  transactions: readonly Pick<Transaction, 'id' | 'transaction_type' | 'status' | 'voucher_code' | 'amount'>[],
): AppliedCode[] {
  const out: AppliedCode[] = [];
  for (const t of transactions) {
    if (t.transaction_type !== 'voucher' || t.status !== 'approved' || t.voucher_code === null) continue;
    const code = t.voucher_code;
    const found = out.find((c) => same(c.code, code));
    const amount = roundMoney((found?.amount ?? ZERO).plus(decimal(t.amount)));
    if (found) {
      found.amount = amount;
      found.transactionIds.push(t.id);
    } else out.push({ type: 'voucher', code, amount, transactionIds: [t.id] });
  }
  return out;
}

export function findAppliedCode(codes: readonly AppliedCode[], code: string): AppliedCode | undefined {
  return codes.find((c) => same(c.code, code.trim()));
}

/** What a gift certificate with `balance` left redeems on an order with `balanceDue`: 0 when nothing is due. */
export function redemptionAmount(balance: Money, balanceDue: Money): Money {
  return maxMoney(minMoney(balance, balanceDue), ZERO);
}

/** Totals rows after Order Total: one per applied code ("Gift Certificate (CODE)", negative), then the balance left. */
export function codeRows(
  codes: readonly AppliedCode[],
  totals: Pick<OrderTotals, 'balanceDue' | 'balanceLabel'>,
): CodeRow[] {
  if (codes.length === 0) return [];
  const neg = (d: Decimal): Money => roundMoney(d.neg());
  const rows: CodeRow[] = codes.map((c) => ({
    code: 'voucher',
    title: `Gift Certificate (${c.code})`,
    value: neg(c.amount),
    text: formatUSD(neg(c.amount)),
  }));
  const shown = roundMoney(totals.balanceDue.abs());
  rows.push({ code: 'balance', title: totals.balanceLabel, value: shown, text: formatUSD(shown) });
  return rows;
}

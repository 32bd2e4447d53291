/**
 * Payment rules (pos-back-office.md §4, §5): which types are available, how much each may take,
 * the Balance and 50% shortcuts, the card surcharge, and what adding or voiding a transaction does
 * to amount paid, balance due and store credit.
 */
import { decimal, formatUSD, minMoney, percent, roundMoney, ZERO, type Money } from './money';
import type { CardType, Transaction } from './mutations/records';
import { paymentTypes, taxRateOf, type PaymentType, type StoreSettings, type TaxSettings } from './settings';

export const paymentTypeLabels: Record<PaymentType, string> = {
  card: 'Card',
  online: 'Online',
  cash: 'Cash',
  voucher: 'Voucher',
  check: 'Check',
  store_credit: 'Store Credit',
};

export const NO_PAYMENT_TYPES = 'No payment types have been enabled.';
export const AMOUNT_NOT_POSITIVE = 'Amount must be more than $0.00';
export const maxAmountMessage = (max: Money): string => `Max amount allowed: ${formatUSD(max)}`;
/**
 * A store credit payment beyond the customer's credit (§5 "Store credit may not exceed the lesser
 * of credit and balance due" gives no wording: docs/decisions/payments.md "Store credit never below
 * $0.00"); the same words on the device, before anything is queued, and from the server.
 */
export const storeCreditShortMessage = (available: Money): string =>
  `Not enough store credit: ${formatUSD(available.lt(0) ? ZERO : available)} available.`;
export const CHECK_NUMBER_MESSAGE = 'Check number must be a whole number of at least 1';

export interface PaymentTypeState {
  type: PaymentType;
  label: string;
  enabled: boolean;
}

export interface AvailabilityResult {
  types: PaymentTypeState[];
  /** "No payment types have been enabled." when the store offers none. */
  message: string | null;
}

/** Types shown follow the catalog flags (card also needs devices); all are disabled when nothing is due. */
export function paymentAvailability(
  settings: Pick<StoreSettings, 'paymentTypeFlags' | 'cardDevicesEnabled'>,
  balanceDue: Money,
  storeCredit: Money,
): AvailabilityResult {
  const shown = paymentTypes.filter(
    (t) => settings.paymentTypeFlags[t] && (t !== 'card' || settings.cardDevicesEnabled),
  );
  const due = balanceDue.gt(0);
  return {
    types: shown.map((type) => ({
      type,
      label: paymentTypeLabels[type],
      enabled: due && (type !== 'store_credit' || storeCredit.gt(0)),
    })),
    message: shown.length === 0 ? NO_PAYMENT_TYPES : null,
  };
}

/** The Balance shortcut: the whole balance due (never below 0). */
export function balanceShortcut(balanceDue: Money): Money {
  return balanceDue.gt(0) ? balanceDue : ZERO;
}

/** The 50% shortcut, rounded to cents. */
export function halfShortcut(balanceDue: Money): Money {
  return balanceDue.gt(0) ? roundMoney(balanceDue.div(2)) : ZERO;
}

/** Highest amount a payment of this type may take; null = no cap (cash may overpay: Change Due). */
export function maxPaymentAmount(
  type: PaymentType,
  balanceDue: Money,
  ctx: { storeCredit?: Money; voucherBalance?: Money },
): Money | null {
  switch (type) {
    case 'cash':
      return null;
    case 'voucher':
      return minMoney(ctx.voucherBalance ?? ZERO, balanceDue);
    case 'store_credit':
      return minMoney(ctx.storeCredit ?? ZERO, balanceDue);
    case 'card':
    case 'online':
    case 'check':
      return balanceDue;
  }
}

export type AmountCheck = { ok: true; amount: Money } | { ok: false; code: AmountRefusal; message: string };
export type AmountRefusal =
  'amount_not_positive' | 'amount_above_balance' | 'amount_above_voucher' | 'amount_above_store_credit';

/** Validate an entered amount for a payment type against the caps. */
export function checkPaymentAmount(
  type: PaymentType,
  input: unknown,
  balanceDue: Money,
  ctx: { storeCredit?: Money; voucherBalance?: Money },
): AmountCheck {
  const amount = roundMoney(decimal(input));
  if (amount.lte(0)) return { ok: false, code: 'amount_not_positive', message: AMOUNT_NOT_POSITIVE };
  const max = maxPaymentAmount(type, balanceDue, ctx);
  if (max !== null && amount.gt(max)) {
    const code: AmountRefusal =
      type === 'voucher'
        ? 'amount_above_voucher'
        : type === 'store_credit'
          ? 'amount_above_store_credit'
          : 'amount_above_balance';
    // Store credit: when the credit (not the balance due) is what the amount passes, say so.
    const credit = ctx.storeCredit ?? ZERO;
    if (type === 'store_credit' && credit.lt(balanceDue))
      return { ok: false, code, message: storeCreditShortMessage(credit) };
    return { ok: false, code, message: maxAmountMessage(max.lt(0) ? ZERO : max) };
  }
  return { ok: true, amount };
}

/** Check numbers are integers of at least 1. */
export function isValidCheckNumber(input: unknown): boolean {
  const n = typeof input === 'string' && /^\s*\d+\s*$/.test(input) ? Number(input) : input;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1;
}

export const CARD_DEPARTMENT_MESSAGE = 'Select a department that will process the batch';
export const CARD_DEVICE_MESSAGE = 'Select a device that will display the amount';
export const CARD_TYPE_MESSAGE = 'Select a card type';

/** Card surcharge and its tax for a card payment of `amount` (docs/decisions/domain.md "Credit card surcharge"). */
export function cardSurchargeFor(
  amount: Money,
  cardType: CardType | null,
  settings: Pick<StoreSettings, 'cardSurcharge'> & TaxSettings,
  taxExempt: boolean,
  /** The order's store: its rate taxes the surcharge (null: the default store's). */
  locationId: number | null = null,
): { surcharge: Money; tax: Money } {
  const cfg = settings.cardSurcharge;
  if (cardType === 'debit' && !cfg.applyToDebit) return { surcharge: ZERO, tax: ZERO };
  const surcharge = percent(amount, cfg.percent);
  const rate = taxExempt ? null : taxRateOf(settings, cfg.taxClassId, locationId);
  return { surcharge, tax: rate === null ? ZERO : percent(surcharge, rate) };
}

export interface PaymentState {
  transactions: Transaction[];
  storeCredit: Money;
}

/** Add a transaction: paid rises, balance falls, store credit falls for store_credit payments. */
export function applyTransaction(state: PaymentState, t: Transaction): PaymentState {
  const storeCredit =
    t.transaction_type === 'store_credit' && t.status === 'approved'
      ? (state.storeCredit.minus(decimal(t.amount)) as Money)
      : state.storeCredit;
  return { transactions: [...state.transactions, t], storeCredit };
}

/** Void one transaction: the reverse of adding it. Already-void transactions change nothing. */
export function voidTransactionIn(state: PaymentState, id: string, now: string): PaymentState {
  let storeCredit = state.storeCredit;
  const transactions = state.transactions.map((t) => {
    if (t.id !== id || t.status === 'void') return t;
    if (t.transaction_type === 'store_credit' && t.status === 'approved')
      storeCredit = storeCredit.plus(decimal(t.amount)) as Money;
    return { ...t, status: 'void' as const, voided_at: now };
  });
  return { transactions, storeCredit };
}

/** Void every transaction: amount paid becomes 0 and balance due the order total. */
export function voidAllTransactions(state: PaymentState, now: string): PaymentState {
  return state.transactions.reduce((s, t) => voidTransactionIn(s, t.id, now), state);
}

/** Receipt list: void transactions are hidden. */
export function visibleTransactions(transactions: readonly Transaction[]): Transaction[] {
  return transactions.filter((t) => t.status !== 'void');
}

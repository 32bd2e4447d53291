/**
 * Payments on an order: add a transaction (availability, caps, card surcharge), void one, void all.
 * Payments may be taken on a complete order with an outstanding balance, never on a voided one.
 * Voids are allowed on any order (a refund of a voided sale is still a void of its payment).
 */
import { money, toWire, ZERO, type Money } from '../money';
import {
  applyTransaction,
  cardSurchargeFor,
  checkPaymentAmount,
  CHECK_NUMBER_MESSAGE,
  isValidCheckNumber,
  paymentAvailability,
  paymentTypeLabels,
  storeCreditShortMessage,
  voidAllTransactions,
  voidTransactionIn,
  type PaymentState,
} from '../payments';
import { refuse } from '../refusal';
import { computeTotals } from '../totals';
import type { MutationArgs } from './catalogue';
import { storeCreditEntries } from './credit';
import { assertNotVoided, CUSTOMER_NOT_FOUND, isRefusal, requireOrder, totalsInputOf, withTotals } from './guards';
import type { Order, Transaction } from './records';
import { applied, type Mutator, type MutatorContext, type MutatorResult, type MutatorState } from './types';

export const NO_BALANCE_DUE = 'There is no balance due on this order.';
export const INVALID_VOUCHER = 'Invalid code';
export const TRANSACTION_NOT_FOUND = 'The transaction could not be found.';
export const TRANSACTION_ALREADY_VOID = 'This transaction has already been voided.';
export const VOID_AT_TERMINAL = 'This card payment was taken on a terminal: use Void/Return so the card is refunded.';
export const REFUND_CARDS_FIRST = 'Refund the card payments with Void/Return first, then void the rest.';
export const NOT_A_TERMINAL_CARD = 'Only card payments taken on a terminal are voided or returned there.';
export const typeDisabledMessage = (label: string): string => `${label} payments are not enabled.`;

function balanceOf(order: Order, transactions: readonly Transaction[], ctx: MutatorContext): Money {
  return computeTotals(totalsInputOf(order, transactions), ctx.settings).balanceDue;
}

/** Order, transactions, updated customer credit -> the changes to write. */
function finish(
  state: MutatorState,
  order: Order,
  before: PaymentState,
  after: PaymentState,
  ctx: MutatorContext,
): MutatorResult {
  const changed = after.transactions.filter((t, i) => t !== before.transactions[i]);
  const customer =
    state.customer && !after.storeCredit.eq(before.storeCredit)
      ? { ...state.customer, store_credit: toWire(after.storeCredit), updated_at: ctx.now }
      : undefined;
  // The ledger moves with the balance, in the same change: store_credit == the sum of the entries.
  const creditEntries = state.customer
    ? storeCreditEntries(state.customer, before.transactions, changed, toWire(before.storeCredit), ctx.now)
    : [];
  return applied({
    order: withTotals(order, after.transactions, ctx.settings, ctx.now),
    transactions: changed,
    ...(customer ? { customer } : {}),
    ...(creditEntries.length ? { creditEntries } : {}),
  });
}

export const addTransaction: Mutator<MutationArgs<'transaction.add'>> = (state, args, ctx) => {
  const order = requireOrder(state.order, args.order_ref);
  if (isRefusal(order)) return order;
  const voided = assertNotVoided(order);
  if (voided) return voided;
  const transactions = state.transactions ?? [];
  if (transactions.some((t) => t.id === args.id)) return refuse('duplicate_id', 'This transaction already exists.');
  const type = args.transaction_type;
  if (type === 'store_credit' && (!state.customer || state.customer.id !== order.customer_ref)) {
    return refuse('customer_required', CUSTOMER_NOT_FOUND);
  }
  const storeCredit = state.customer ? money(state.customer.store_credit) : ZERO;
  const balanceDue = balanceOf(order, transactions, ctx);
  const availability = paymentAvailability(ctx.settings, balanceDue, storeCredit).types.find((t) => t.type === type);
  if (!availability) return refuse('payment_type_disabled', typeDisabledMessage(paymentTypeLabels[type]));
  if (!availability.enabled) {
    if (balanceDue.lte(0)) return refuse('no_balance_due', NO_BALANCE_DUE);
    // Store credit is enabled but the customer has none left (spent meanwhile, on another device too).
    if (type === 'store_credit') return refuse('amount_above_store_credit', storeCreditShortMessage(storeCredit));
    return refuse('payment_type_disabled', typeDisabledMessage(paymentTypeLabels[type]));
  }
  if (type === 'check' && !isValidCheckNumber(args.check_number))
    return refuse('invalid_check_number', CHECK_NUMBER_MESSAGE);
  let voucherBalance: Money | undefined;
  if (type === 'voucher') {
    if (!state.voucher || args.voucher_code === null || state.voucher.code !== args.voucher_code)
      return refuse('not_found', INVALID_VOUCHER);
    voucherBalance = money(state.voucher.balance);
  }
  const check = checkPaymentAmount(type, args.amount, balanceDue, { storeCredit, voucherBalance });
  if (!check.ok) return refuse(check.code, check.message);
  const card =
    type === 'card'
      ? cardSurchargeFor(check.amount, args.card_type, ctx.settings, order.tax_exempt, order.location_id ?? null)
      : { surcharge: ZERO, tax: ZERO };
  const t: Transaction = {
    id: args.id,
    transaction_id: null,
    order_ref: order.id,
    transaction_type: type,
    transaction_label: args.label || paymentTypeLabels[type],
    amount: toWire(check.amount),
    surcharge: toWire(card.surcharge),
    surcharge_tax: toWire(card.tax),
    status: args.status,
    card_type: type === 'card' ? (args.card_type ?? 'credit') : null,
    check_number: type === 'check' ? args.check_number : null,
    voucher_code: type === 'voucher' ? args.voucher_code : null,
    terminal: false,
    actor_id: ctx.actor.id,
    created_at: ctx.now,
    voided_at: null,
  };
  const before: PaymentState = { transactions, storeCredit };
  return finish(state, order, before, applyTransaction(before, t), ctx);
};

/** A card payment a terminal approved: its money goes back only through the terminal. */
export const isTerminalCard = (t: Pick<Transaction, 'transaction_type' | 'terminal'>): boolean =>
  t.transaction_type === 'card' && t.terminal === true;

/** A terminal approval recorded by the server: `transaction.add` for a card, marked `terminal`. */
export const addTerminalTransaction: Mutator<MutationArgs<'transaction.addTerminal'>> = (state, args, ctx) => {
  const r = addTransaction(
    state,
    {
      order_ref: args.order_ref,
      id: args.id,
      transaction_type: 'card',
      amount: args.amount,
      label: args.label,
      card_type: args.card_type,
      check_number: null,
      voucher_code: null,
      status: 'approved',
    },
    ctx,
  );
  if (!r.ok) return r;
  return applied({
    ...r.changes,
    transactions: (r.changes.transactions ?? []).map((t) => (t.id === args.id ? { ...t, terminal: true } : t)),
  });
};

function voidOne(
  state: MutatorState,
  orderRef: string,
  transactionRef: string,
  ctx: MutatorContext,
  atTerminal: boolean,
): MutatorResult {
  const order = requireOrder(state.order, orderRef);
  if (isRefusal(order)) return order;
  const transactions = state.transactions ?? [];
  const target = transactions.find((t) => t.id === transactionRef);
  if (!target) return refuse('transaction_not_found', TRANSACTION_NOT_FOUND);
  if (target.status === 'void') return refuse('transaction_already_void', TRANSACTION_ALREADY_VOID);
  if (isTerminalCard(target) !== atTerminal)
    return atTerminal ? refuse('invalid_args', NOT_A_TERMINAL_CARD) : refuse('void_at_terminal', VOID_AT_TERMINAL);
  if (target.transaction_type === 'store_credit' && !state.customer)
    return refuse('customer_required', CUSTOMER_NOT_FOUND);
  const before: PaymentState = {
    transactions,
    storeCredit: state.customer ? money(state.customer.store_credit) : ZERO,
  };
  return finish(state, order, before, voidTransactionIn(before, target.id, ctx.now), ctx);
}

/** A plain void; a terminal card payment is refused (its card must be refunded at the terminal). */
export const voidTransaction: Mutator<MutationArgs<'transaction.void'>> = (state, args, ctx) =>
  voidOne(state, args.order_ref, args.transaction_ref, ctx, false);

/** The void of a terminal card payment, run by the server once the terminal refunded the card. */
export const voidAtTerminal: Mutator<MutationArgs<'transaction.voidAtTerminal'>> = (state, args, ctx) =>
  voidOne(state, args.order_ref, args.transaction_ref, ctx, true);

/**
 * Void all: amount paid 0, balance due the order total (card surcharges go with their payments).
 * Refused while a terminal card payment is still live: those are refunded at the terminal first.
 */
export const voidAll: Mutator<MutationArgs<'transaction.voidAll'>> = (state, args, ctx) => {
  const order = requireOrder(state.order, args.order_ref);
  if (isRefusal(order)) return order;
  if ((state.transactions ?? []).some((t) => t.status !== 'void' && isTerminalCard(t)))
    return refuse('void_at_terminal', REFUND_CARDS_FIRST);
  const credit = (state.transactions ?? []).some(
    (t) => t.transaction_type === 'store_credit' && t.status === 'approved',
  );
  if (credit && !state.customer) return refuse('customer_required', CUSTOMER_NOT_FOUND);
  const before: PaymentState = {
    transactions: state.transactions ?? [],
    storeCredit: state.customer ? money(state.customer.store_credit) : ZERO,
  };
  return finish(state, order, before, voidAllTransactions(before, ctx.now), ctx);
};

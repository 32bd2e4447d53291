/**
 * Store credit entries: a credit (positive) or debit (negative) that moves the customer's balance
 * (docs/decisions/payments.md "Store credit: Add Credit"; rules in ../forms/credit.ts).
 */
import { CREDIT_BELOW_ZERO_MESSAGE, creditFormSchema } from '../forms/credit';
import { money, toWire, type MoneyString } from '../money';
import { refuse } from '../refusal';
import type { MutationArgs } from './catalogue';
import { parseOrRefuse } from './first-issue';
import { CUSTOMER_NOT_FOUND, ORDER_NOT_FOUND } from './guards';
import type { CreditEntry, Customer, Transaction } from './records';
import { applied, type Mutator } from './types';

export const addCredit: Mutator<MutationArgs<'credit.add'>> = (state, args, ctx) => {
  const customer = state.customer;
  if (!customer || customer.id !== args.customer_ref) return refuse('not_found', CUSTOMER_NOT_FOUND);
  // An entry that names an order (a return's credit) needs that order loaded, as the server keeps the link.
  // ... and that order must be this customer's: an entry never links another customer's order.
  if (args.order_ref !== null && (state.order?.id !== args.order_ref || state.order.customer_ref !== customer.id))
    return refuse('not_found', ORDER_NOT_FOUND);
  const form = parseOrRefuse(creditFormSchema, { description: args.description, amount: args.amount });
  if (!form.ok) return form;
  const balance = money(customer.store_credit).plus(money(form.value.amount));
  if (balance.lt(0)) return refuse('credit_below_zero', CREDIT_BELOW_ZERO_MESSAGE);
  const entry: CreditEntry = {
    id: args.id,
    customer_transaction_id: null,
    customer_ref: customer.id,
    description: form.value.description,
    amount: form.value.amount,
    balance: toWire(balance),
    order_ref: args.order_ref,
    date_added: ctx.now,
  };
  return applied({ creditEntry: entry, customer: { ...customer, store_credit: toWire(balance), updated_at: ctx.now } });
};

export const STORE_CREDIT_SPENT = 'Store credit payment';
export const STORE_CREDIT_RESTORED = 'Store credit payment voided';

/**
 * The id of the entry that gives a voided store credit payment back: the payment's id with its
 * version digit set to 8 (RFC 9562's custom UUID), so the device and the server derive the same
 * id without randomness, and it never equals the spending entry's id (the payment's own).
 */
export const restoreEntryId = (transactionId: string): string =>
  `${transactionId.slice(0, 14)}8${transactionId.slice(15)}`.toLowerCase();

/**
 * The ledger rows of store credit payments whose approved state changed between `before` and
 * `after` (docs/decisions/pos.md "Customer vehicles and credits"): a payment that became approved
 * spends (a negative entry under the payment's id), one that stopped being approved gives it back
 * (a positive entry under restoreEntryId). Each entry carries the running balance after it, from
 * `startBalance`, so the customer's store_credit stays the sum of their entries.
 */
export function storeCreditEntries(
  customer: Customer,
  before: readonly Transaction[],
  after: readonly Transaction[],
  startBalance: MoneyString,
  now: string,
): CreditEntry[] {
  let balance = money(startBalance);
  const out: CreditEntry[] = [];
  for (const t of after) {
    if (t.transaction_type !== 'store_credit') continue;
    const was = before.find((b) => b.id === t.id)?.status === 'approved';
    const is = t.status === 'approved';
    if (was === is) continue;
    const amount = is ? money(t.amount).neg() : money(t.amount);
    balance = balance.plus(amount) as typeof balance;
    out.push({
      id: is ? t.id.toLowerCase() : restoreEntryId(t.id),
      customer_transaction_id: null,
      customer_ref: customer.id,
      description: is ? STORE_CREDIT_SPENT : STORE_CREDIT_RESTORED,
      amount: toWire(amount),
      balance: toWire(balance),
      order_ref: t.order_ref,
      date_added: now,
    });
  }
  return out;
}

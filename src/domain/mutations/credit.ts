/**
 * Store credit entries: a credit (positive) or debit (negative) that moves the customer's balance
 * (docs/decisions/payments.md "Store credit: Add Credit"; rules in ../forms/credit.ts).
 */
import { CREDIT_BELOW_ZERO_MESSAGE, creditFormSchema } from '../forms/credit';
import { money, toWire } from '../money';
import { refuse } from '../refusal';
import type { MutationArgs } from './catalogue';
import { parseOrRefuse } from './first-issue';
import { CUSTOMER_NOT_FOUND, ORDER_NOT_FOUND } from './guards';
import type { CreditEntry } from './records';
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

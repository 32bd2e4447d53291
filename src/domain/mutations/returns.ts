/**
 * order.return: staff take back some or all lines of a completed order (docs/decisions/pos.md
 * "Returns"; amounts in ../returns.ts). One mutation is one return: a row per line, the refund
 * re-derived from the order's own prices and tax, and for store credit a credit entry that raises
 * the customer's balance in the same change. `order.returnAtTerminal` is the server's own record of
 * a card refund the terminal approved (never queued by a device: a card refund needs the network).
 */
import { toWire } from '../money';
import { refuse } from '../refusal';
import {
  RETURN_CARD_NEEDS_NETWORK,
  RETURN_COMPLETE,
  RETURN_LINE_NOT_RETURNABLE,
  RETURN_LINE_TWICE,
  RETURN_NEEDS_CUSTOMER,
  RETURN_NOTHING_PAID,
  RETURN_NOT_COMPLETE,
  capRefunds,
  isReturnable,
  lineRefund,
  refundableLeft,
  returnTooMany,
  returnedQuantity,
  sumRefunds,
  type ReturnableLine,
} from '../returns';
import type { MutationArgs } from './catalogue';
import { LINE_NOT_FOUND, requireOrder, isRefusal } from './guards';
import { money } from '../money';
import type { CreditEntry, OrderReturn } from './records';
import { applied, type Mutator, type MutatorResult, type MutatorState, type MutatorContext } from './types';

type ReturnArgs = MutationArgs<'order.return'>;

function recordReturn(state: MutatorState, args: ReturnArgs, ctx: MutatorContext): MutatorResult {
  const order = requireOrder(state.order, args.order_ref);
  if (isRefusal(order)) return order;
  if (order.status !== 'complete') return refuse('invalid_status_transition', RETURN_NOT_COMPLETE);
  const earlier = (state.returns ?? []).filter((r) => r.order_ref === order.id);
  if (earlier.some((r) => r.return_ref === args.id)) return refuse('duplicate_id', 'This return was already recorded.');
  if (new Set(args.lines.map((l) => l.id)).size !== args.lines.length)
    return refuse('invalid_args', 'Each returned item needs its own id.');
  const picked: { line: ReturnableLine; arg: ReturnArgs['lines'][number] }[] = [];
  for (const arg of args.lines) {
    const line = order.lines.find((l) => l.id === arg.line_ref);
    if (!line) return refuse('line_not_found', LINE_NOT_FOUND);
    if (!isReturnable(line)) return refuse('invalid_args', RETURN_LINE_NOT_RETURNABLE);
    if (picked.some((p) => p.line.id === line.id)) return refuse('invalid_args', RETURN_LINE_TWICE);
    const left = line.quantity - returnedQuantity(earlier, line.id);
    if (arg.quantity > left) return refuse('invalid_args', returnTooMany(line.name, left));
    picked.push({ line, arg });
  }
  const refunds = capRefunds(
    picked.map((p) => lineRefund(p.line, returnedQuantity(earlier, p.line.id), p.arg.quantity, order, ctx.settings)),
    refundableLeft(order, earlier),
  );
  const rows: OrderReturn[] = picked.map(({ line, arg }, i) => {
    const r = refunds[i]!;
    return {
      id: arg.id,
      return_id: null,
      return_ref: args.id,
      order_ref: order.id,
      customer_ref: order.customer_ref,
      line_ref: line.id,
      product_id: line.kind === 'product' ? line.product_id : null,
      product: line.name,
      model: line.kind === 'product' ? line.model : '',
      quantity: arg.quantity,
      reason: arg.reason,
      condition: arg.condition,
      restock: arg.restock,
      refund_method: args.refund_method,
      amount: toWire(r.amount),
      tax: toWire(r.tax),
      total: toWire(r.total),
      return_status: RETURN_COMPLETE,
      actor_id: ctx.actor.id,
      date_added: ctx.now,
      date_modified: ctx.now,
    };
  });
  const total = sumRefunds(rows);
  if (args.refund_method !== 'store_credit') return applied({ orderReturns: rows });
  // Store credit: the customer of the order, who must be the one the args name (loaded by it).
  const customer = state.customer;
  if (!order.customer_ref || !customer || customer.id !== order.customer_ref || args.customer_ref !== customer.id)
    return refuse('customer_required', RETURN_NEEDS_CUSTOMER);
  if (money(total).lte(0)) return refuse('amount_not_positive', RETURN_NOTHING_PAID);
  if (!args.credit_id) return refuse('invalid_args', 'A store credit return needs its credit entry id.');
  const balance = toWire(money(customer.store_credit).plus(money(total)));
  const entry: CreditEntry = {
    id: args.credit_id,
    customer_transaction_id: null,
    customer_ref: customer.id,
    description: `Return on order ${order.order_id !== null ? `#${order.order_id}` : (order.device_ref ?? '')}`.trim(),
    amount: total,
    balance,
    order_ref: order.id,
    date_added: ctx.now,
  };
  return applied({
    orderReturns: rows,
    creditEntry: entry,
    customer: { ...customer, store_credit: balance, updated_at: ctx.now },
  });
}

/** A return from a device or the online call: cash, check or store credit (a card refund needs the terminal). */
export const returnOrder: Mutator<ReturnArgs> = (state, args, ctx) =>
  args.refund_method === 'card' ? refuse('invalid_args', RETURN_CARD_NEEDS_NETWORK) : recordReturn(state, args, ctx);

/** Server only: the return whose card refund the terminal approved (server/services/pos/return-service.ts). */
export const returnAtTerminal: Mutator<ReturnArgs> = (state, args, ctx) =>
  args.refund_method === 'card'
    ? recordReturn(state, args, ctx)
    : refuse('invalid_args', 'Only a card refund is recorded from the terminal.');

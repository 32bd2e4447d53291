/**
 * Returns of a completed order (docs/decisions/pos.md "Returns"): which lines can come back, how
 * many units are left, and what returning them refunds, tax included. Pure and shared: the device
 * shows these amounts, the server re-derives them from the order it reads under lock.
 *
 * What must stay true: all the returns of a line together refund exactly what the line cost with
 * its tax, never more, whatever the partial quantities (refund(r, q) = f(r + q) - f(r), so the sum
 * telescopes to f(sold)); all the returns of an order together never refund more than was paid.
 */
import type Decimal from 'decimal.js';
import { Dec, decimal, roundMoney, toWire, type Money } from './money';
import type { CustomLine, Order, OrderLine, OrderReturn, ProductLine, RefundMethod } from './mutations/records';
import { taxRateOf, type StoreSettings } from './settings';
import { productUnitPrice } from './totals';

export const REFUND_METHODS: readonly RefundMethod[] = ['cash', 'check', 'card', 'store_credit'];
export const REFUND_METHOD_LABELS: Readonly<Record<RefundMethod, string>> = {
  cash: 'Cash',
  check: 'Check',
  card: 'Card (terminal refund)',
  store_credit: 'Store Credit',
};
export const RETURN_REASONS = ['Defective', 'Wrong part', 'Ordered by mistake', 'No longer needed', 'Other'] as const;
export const RETURN_CONDITIONS = ['Unopened', 'Opened', 'Used', 'Damaged'] as const;
/** A return is refunded when it is recorded, so it is complete at once. */
export const RETURN_COMPLETE = 'Complete';

export const RETURN_NOT_COMPLETE = 'Only a completed order can be returned.';
export const RETURN_LINE_NOT_RETURNABLE = 'Only parts and custom products can be returned.';
export const RETURN_LINE_TWICE = 'Each item can appear only once in a return.';
export const RETURN_NEEDS_CUSTOMER = 'Store credit needs a customer on the order.';
export const RETURN_CARD_NEEDS_NETWORK =
  'A card refund goes through the card terminal and needs the network. Connect, or refund in cash, check or store credit.';
export const RETURN_NOTHING_PAID = 'Nothing was paid for these items, so there is nothing to refund.';
export const returnTooMany = (name: string, left: number): string =>
  left === 0 ? `${name} has already been returned.` : `Only ${left} of ${name} can be returned.`;

export type ReturnableLine = ProductLine | CustomLine;

/** Parts and custom products come back; labor was done, a gift certificate and a core return are not goods. */
export const isReturnable = (line: OrderLine): line is ReturnableLine =>
  (line.kind === 'product' || line.kind === 'custom') && line.quantity > 0;

/** Units of `lineId` already returned. */
export const returnedQuantity = (returns: readonly Pick<OrderReturn, 'line_ref' | 'quantity'>[], lineId: string) =>
  returns.reduce((n, r) => (r.line_ref === lineId ? n + r.quantity : n), 0);

export interface LineRefund {
  amount: Money;
  tax: Money;
  total: Money;
}

/** f(n): what n units of the line cost, each part rounded once (price, core charge, tax). */
function costOf(line: ReturnableLine, n: number, order: Order, settings: StoreSettings): LineRefund {
  const unit = line.kind === 'product' ? productUnitPrice(line) : decimal(line.price);
  const price = unit.times(n);
  const core: Decimal = line.kind === 'product' ? decimal(line.surcharge).times(n) : new Dec(0);
  const amount = roundMoney(price.plus(core));
  const rate = order.tax_exempt ? null : taxRateOf(settings, line.tax_class_id, order.location_id ?? null);
  const base = settings.surchargeTaxable ? price.plus(core) : price;
  const tax = rate === null ? roundMoney(new Dec(0)) : roundMoney(base.times(decimal(rate)).div(100));
  return { amount, tax, total: roundMoney(amount.plus(tax)) };
}

/** What returning `qty` more units refunds when `already` were returned before (tax included). */
export function lineRefund(
  line: ReturnableLine,
  already: number,
  qty: number,
  order: Order,
  settings: StoreSettings,
): LineRefund {
  const before = costOf(line, already, order, settings);
  const after = costOf(line, already + qty, order, settings);
  const amount = roundMoney(after.amount.minus(before.amount));
  const tax = roundMoney(after.tax.minus(before.tax));
  return { amount, tax, total: roundMoney(amount.plus(tax)) };
}

/** What the order's payments hold: its approved payments (amount_paid), less what its returns refunded. */
export function refundableLeft(order: Order, returns: readonly Pick<OrderReturn, 'order_ref' | 'total'>[]): Money {
  const refunded = returns
    .filter((r) => r.order_ref === order.id)
    .reduce<Decimal>((s, r) => s.plus(decimal(r.total)), new Dec(0));
  const left = decimal(order.totals.amount_paid).minus(refunded);
  return roundMoney(left.lt(0) ? new Dec(0) : left);
}

/**
 * The refunds of one return's lines, capped so the order never refunds more than it was paid:
 * when the cap bites (an order paid short, or tax rounded per line above the order's), the last
 * lines give up the difference, tax first.
 */
export function capRefunds(refunds: readonly LineRefund[], left: Money): LineRefund[] {
  let room: Decimal = left;
  return refunds.map((r) => {
    const total = Dec.min(r.total, room.lt(0) ? 0 : room);
    room = room.minus(total);
    if (total.eq(r.total)) return r;
    const tax = Dec.min(r.tax, total);
    return { amount: roundMoney(total.minus(tax)), tax: roundMoney(tax), total: roundMoney(total) };
  });
}

export const sumRefunds = (rows: readonly Pick<OrderReturn, 'total'>[]): string =>
  toWire(rows.reduce<Decimal>((s, r) => s.plus(decimal(r.total)), new Dec(0)));

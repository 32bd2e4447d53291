/**
 * Order totals (pos-back-office.md §2 "POS checkout page"). Exact decimal sums; each line total is
 * exact (cents x integer quantity) except labor, rounded once per line; tax is summed exactly per
 * class and rounded once per order, so the result does not depend on line order. Decisions on
 * what is taxed: docs/decisions/domain.md "What is taxed"; at which rates: the order's store's
 * ("Tax rates by location"); core charges and core returns: "Core charges".
 */
import type Decimal from 'decimal.js';
import { laborAmount } from './labor';
import { Dec, decimal, formatUSD, money, roundMoney, toWire, type Money } from './money';
import type { OrderLine, OrderTotalsRecord, Transaction } from './mutations/records';
import { taxRateOf, type StoreSettings } from './settings';

export interface TotalsRow {
  code: 'parts' | 'surcharge' | 'labor' | 'tax' | 'card_surcharge' | 'card_surcharge_tax' | 'total';
  title: string;
  value: Money;
  text: string;
}

export interface OrderTotals {
  parts: Money;
  surcharge: Money;
  labor: Money;
  tax: Money;
  taxExempt: boolean;
  taxExemptNumber: string | null;
  cardSurcharge: Money;
  cardSurchargeTax: Money;
  orderTotal: Money;
  amountPaid: Money;
  /** Negative means change is due. */
  balanceDue: Money;
  changeDue: Money | null;
  balanceLabel: 'Balance Due' | 'Change Due';
  paidInFull: boolean;
  statusText: 'Paid In Full' | 'Outstanding Balance';
  rows: TotalsRow[];
}

export interface TotalsInput {
  lines: readonly OrderLine[];
  transactions: readonly Pick<Transaction, 'amount' | 'surcharge' | 'surcharge_tax' | 'status'>[];
  taxExempt: boolean;
  taxExemptNumber: string | null;
  /** The store the order is rung up at (Order.location_id): its tax rates apply; null or absent: the default store's. */
  locationId?: number | null;
}

/** Unit price of a product line: the staff override, else catalog price plus options. */
export function productUnitPrice(line: {
  price: string;
  options: { price: string }[];
  price_override: string | null;
}): Money {
  if (line.price_override !== null) return decimal(line.price_override) as Money;
  let unit = decimal(line.price);
  for (const o of line.options) unit = unit.plus(decimal(o.price));
  return unit as Money;
}

/** Money amount of one line (quantity included). */
/** The order's item count (a cart's `total_items`, the POS bar's Cart count): every line's quantity. */
export const totalItems = (lines: readonly OrderLine[]): number => lines.reduce((n, l) => n + l.quantity, 0);

export function lineTotal(line: OrderLine): Money {
  switch (line.kind) {
    case 'product':
      return roundMoney(productUnitPrice(line).times(line.quantity));
    case 'custom':
      return roundMoney(decimal(line.price).times(line.quantity));
    case 'labor':
      return line.price_override !== null
        ? roundMoney(decimal(line.price_override).times(line.quantity))
        : laborAmount(line.rate, line.minutes, line.quantity);
    case 'voucher':
      return roundMoney(decimal(line.amount));
    case 'core_return':
      return coreCredit(line).neg() as Money;
  }
}

/** What a core return credits: its core charge x quantity (positive; the line shows it negated). */
export const coreCredit = (line: { surcharge: string; quantity: number }): Money =>
  roundMoney(decimal(line.surcharge).times(line.quantity));

export function computeTotals(input: TotalsInput, settings: StoreSettings): OrderTotals {
  let parts: Decimal = new Dec(0);
  let surcharge: Decimal = new Dec(0);
  let labor: Decimal = new Dec(0);
  const taxBase = new Map<number, Decimal>();
  const addBase = (cls: number | null, amount: Decimal): void => {
    if (cls === null || amount.isZero()) return;
    const prev = taxBase.get(cls);
    taxBase.set(cls, prev === undefined ? amount : prev.plus(amount));
  };
  for (const line of input.lines) {
    const total = lineTotal(line);
    switch (line.kind) {
      case 'product': {
        parts = parts.plus(total);
        addBase(line.tax_class_id, total);
        const s = decimal(line.surcharge).times(line.quantity);
        surcharge = surcharge.plus(s);
        if (settings.surchargeTaxable) addBase(line.tax_class_id, s);
        break;
      }
      case 'custom':
        parts = parts.plus(total);
        addBase(line.tax_class_id, total);
        break;
      case 'labor':
        labor = labor.plus(total);
        addBase(settings.laborTaxClassId, total);
        break;
      case 'voucher':
        parts = parts.plus(total);
        break;
      case 'core_return': {
        // The core charge comes back the way it was charged: off the Surcharge row, and off the
        // tax base when surcharges are taxed (so a sale and its core return net both to 0).
        surcharge = surcharge.plus(total);
        if (settings.surchargeTaxable) addBase(line.tax_class_id, total);
        break;
      }
    }
  }
  let taxExact: Decimal = new Dec(0);
  if (!input.taxExempt) {
    for (const [cls, base] of taxBase) {
      const rate = taxRateOf(settings, cls, input.locationId ?? null);
      if (rate !== null) taxExact = taxExact.plus(base.times(decimal(rate)).div(100));
    }
  }
  const tax = roundMoney(taxExact);
  let cardSurcharge: Decimal = new Dec(0);
  let cardSurchargeTax: Decimal = new Dec(0);
  let paid: Decimal = new Dec(0);
  for (const t of input.transactions) {
    if (t.status !== 'approved') continue;
    const s = decimal(t.surcharge);
    const st = decimal(t.surcharge_tax);
    cardSurcharge = cardSurcharge.plus(s);
    cardSurchargeTax = cardSurchargeTax.plus(st);
    paid = paid.plus(decimal(t.amount)).plus(s).plus(st);
  }
  const orderTotal = roundMoney(parts.plus(surcharge).plus(labor).plus(tax).plus(cardSurcharge).plus(cardSurchargeTax));
  return assembleTotals(
    {
      parts: roundMoney(parts),
      surcharge: roundMoney(surcharge),
      labor: roundMoney(labor),
      tax,
      cardSurcharge: roundMoney(cardSurcharge),
      cardSurchargeTax: roundMoney(cardSurchargeTax),
      orderTotal,
      amountPaid: roundMoney(paid),
    },
    input.taxExempt,
    input.taxExemptNumber,
  );
}

interface TotalsAmounts {
  parts: Money;
  surcharge: Money;
  labor: Money;
  tax: Money;
  cardSurcharge: Money;
  cardSurchargeTax: Money;
  orderTotal: Money;
  amountPaid: Money;
}

/**
 * Everything derived from the amounts (balance, labels, status, the display rows) in one place,
 * so a fresh computation and a stored snapshot (`totalsFromRecord`) always read the same.
 */
function assembleTotals(a: TotalsAmounts, taxExempt: boolean, taxExemptNumber: string | null): OrderTotals {
  const balanceDue = roundMoney(a.orderTotal.minus(a.amountPaid));
  const paidInFull = balanceDue.lte(0);
  const row = (code: TotalsRow['code'], title: string, value: Money, text = formatUSD(value)): TotalsRow => ({
    code,
    title,
    value,
    text,
  });
  const rows: TotalsRow[] = [
    row('parts', 'Parts', a.parts),
    row('surcharge', 'Surcharge', a.surcharge),
    row('labor', 'Labor', a.labor),
    taxExempt ? row('tax', 'Tax Exempt', a.tax, taxExemptNumber ?? '') : row('tax', 'Tax', a.tax),
  ];
  if (a.cardSurcharge.gt(0)) rows.push(row('card_surcharge', 'Credit Card Surcharge', a.cardSurcharge));
  if (a.cardSurchargeTax.gt(0)) rows.push(row('card_surcharge_tax', 'Credit Card Surcharge Tax', a.cardSurchargeTax));
  rows.push(row('total', 'Order Total', a.orderTotal));
  return {
    ...a,
    taxExempt,
    taxExemptNumber: taxExempt ? taxExemptNumber : null,
    balanceDue,
    changeDue: balanceDue.lt(0) ? (balanceDue.neg() as Money) : null,
    balanceLabel: balanceDue.lt(0) ? 'Change Due' : 'Balance Due',
    paidInFull,
    statusText: paidInFull ? 'Paid In Full' : 'Outstanding Balance',
    rows,
  };
}

/**
 * The totals of an order from the snapshot its last mutation stored (the domain's own
 * computation, server-confirmed once synced). Screens show this rather than recomputing: a
 * finished order keeps the totals it was completed with even if tax rates change later.
 */
export function totalsFromRecord(
  record: OrderTotalsRecord,
  order: { tax_exempt: boolean; tax_exempt_number: string | null },
): OrderTotals {
  return assembleTotals(
    {
      parts: money(record.parts),
      surcharge: money(record.surcharge),
      labor: money(record.labor),
      tax: money(record.tax),
      cardSurcharge: money(record.card_surcharge),
      cardSurchargeTax: money(record.card_surcharge_tax),
      orderTotal: money(record.order_total),
      amountPaid: money(record.amount_paid),
    },
    order.tax_exempt,
    order.tax_exempt_number,
  );
}

/** The snapshot stored on an order record. */
export function totalsToRecord(t: OrderTotals): OrderTotalsRecord {
  return {
    parts: toWire(t.parts),
    surcharge: toWire(t.surcharge),
    labor: toWire(t.labor),
    tax: toWire(t.tax),
    card_surcharge: toWire(t.cardSurcharge),
    card_surcharge_tax: toWire(t.cardSurchargeTax),
    order_total: toWire(t.orderTotal),
    amount_paid: toWire(t.amountPaid),
    balance_due: toWire(t.balanceDue),
    paid_in_full: t.paidInFull,
  };
}

/** Receipt/status wording: "Payment Processed" once paid in full, else "Outstanding Balance". */
export function paymentStatusText(t: Pick<OrderTotals, 'paidInFull'>): 'Payment Processed' | 'Outstanding Balance' {
  return t.paidInFull ? 'Payment Processed' : 'Outstanding Balance';
}

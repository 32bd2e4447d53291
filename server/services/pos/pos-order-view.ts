/**
 * How an order's lines, customer and totals go on the wire for the staff cart and the POS order
 * calls. Pure: every figure comes from the domain functions (src/domain/totals.ts, labor.ts), so
 * the cart, the order detail and a device computing offline show the same numbers.
 */
import type { CartCustomer, CartProduct, OrderData, StaffCartReply } from '../../../src/contracts/staff-cart';
import { appliedCodes, codeRows } from '../../../src/domain/cart-codes';
import { formatLaborTime, laborUnitAmount } from '../../../src/domain/labor';
import { decimal, formatUSD, moneyString, roundMoney, toWire } from '../../../src/domain/money';
import type { Customer, Order, OrderLine, Transaction, VoucherLine } from '../../../src/domain/mutations/records';
import { customerContact, orderStatusIdFor } from '../../../src/domain/mutations/records';
import type { StoreSettings } from '../../../src/domain/settings';
import { totalsInputOf } from '../../../src/domain/mutations/guards';
import { computeTotals, lineTotal, productUnitPrice, totalsToRecord } from '../../../src/domain/totals';

const text = (m: string) => formatUSD(m);

/** Unit price before any staff override (catalog + options, rate x minutes / 60, the custom price). */
function originalUnit(line: Exclude<OrderLine, VoucherLine>): string {
  switch (line.kind) {
    case 'product':
      return toWire(productUnitPrice({ ...line, price_override: null }));
    case 'custom':
      return toWire(decimal(line.price));
    case 'labor':
      return toWire(laborUnitAmount(line.rate, line.minutes));
    case 'core_return':
      return toWire(decimal(line.surcharge).neg());
  }
}

const overrideOf = (line: Exclude<OrderLine, VoucherLine>): string | null =>
  line.kind === 'product' || line.kind === 'labor' ? line.price_override : null;

function unitPrice(line: Exclude<OrderLine, VoucherLine>): string {
  const override = overrideOf(line);
  if (override !== null) return toWire(decimal(override));
  return originalUnit(line);
}

export function productWire(line: Exclude<OrderLine, VoucherLine>): CartProduct {
  const price = unitPrice(line);
  const total = toWire(lineTotal(line));
  return {
    key: line.id,
    kind: line.kind,
    product_id: line.kind === 'product' || line.kind === 'core_return' ? line.product_id : null,
    name: line.name,
    model: line.kind === 'product' ? line.model : line.kind === 'core_return' ? line.mpn : '',
    mpn: line.kind === 'product' || line.kind === 'core_return' ? line.mpn : '',
    aaia: line.kind === 'product' || line.kind === 'core_return' ? line.aaia : '',
    po_number: line.po_number,
    quantity: line.quantity,
    minimum: line.kind === 'product' ? line.minimum : 1,
    price,
    price_text: text(price),
    original_price: originalUnit(line),
    price_overridden: overrideOf(line) !== null,
    total,
    total_text: text(total),
    option:
      line.kind === 'product'
        ? line.options.map((o) => ({ name: o.name, value: o.value, option_price: toWire(decimal(o.price)) }))
        : [],
    tax_class_id: line.kind === 'labor' ? null : line.tax_class_id,
    labor:
      line.kind === 'labor'
        ? {
            labor_id: line.labor_id,
            minutes: line.minutes,
            rate: moneyString(line.rate),
            time_text: formatLaborTime(line.minutes),
            product_key: line.product_line_id,
          }
        : null,
    surcharge: line.kind === 'product' || line.kind === 'core_return' ? toWire(decimal(line.surcharge)) : '0.00',
  };
}

export function linesWire(lines: readonly OrderLine[]): {
  products: CartProduct[];
  vouchers: StaffCartReply['vouchers'];
} {
  const products: CartProduct[] = [];
  const vouchers: StaffCartReply['vouchers'] = [];
  for (const l of lines) {
    if (l.kind === 'voucher') {
      vouchers.push({
        key: l.id,
        code: l.code,
        description: l.description,
        message: l.message,
        voucher_theme: l.voucher_theme,
        amount: moneyString(l.amount),
        original_amount: moneyString(l.original_amount),
      });
    } else products.push(productWire(l));
  }
  return { products, vouchers };
}

/** Items on the order: product, custom and labor quantities, plus one per gift certificate. */
export { totalItems } from '../../../src/domain/totals';

export function orderData(order: Order, transactions: readonly Transaction[], settings: StoreSettings): OrderData {
  const t = computeTotals(totalsInputOf(order, transactions), settings);
  const { paid_in_full, ...amounts } = totalsToRecord(t);
  return {
    status: order.status,
    order_status_id: order.order_status_id ?? orderStatusIdFor.draft,
    ...amounts,
    change_due: t.changeDue ? toWire(t.changeDue) : null,
    balance_label: t.balanceLabel,
    paid_in_full,
    status_text: t.statusText,
    tax_exempt: t.taxExempt,
    tax_exempt_number: t.taxExemptNumber,
    // Applied gift certificates and the balance they leave follow Order Total (src/domain/cart-codes.ts).
    totals: [...t.rows, ...codeRows(appliedCodes(transactions), t)].map((r) => ({
      code: r.code,
      title: r.title,
      text: r.text,
      value: toWire(r.value),
    })),
  };
}

export function customerWire(c: Customer): CartCustomer {
  return {
    ...customerContact(c),
    texting_alerts: c.texting_alerts,
    store_credit: moneyString(c.store_credit),
    tax_exempt: c.tax_exempt,
    tax_exempt_number: c.tax_exempt_number,
  };
}

/** "12.50 lb" from catalog weights (per unit, by product id) of the product lines. */
export function weightOf(
  lines: readonly OrderLine[],
  weights: ReadonlyMap<number, string>,
): { weight_text: string; show_weight: boolean } {
  let total = decimal(0);
  for (const l of lines)
    if (l.kind === 'product') total = total.plus(decimal(weights.get(l.product_id) ?? '0').times(l.quantity));
  const rounded = roundMoney(total);
  return rounded.gt(0)
    ? { weight_text: `${toWire(rounded)} lb`, show_weight: true }
    : { weight_text: '', show_weight: false };
}

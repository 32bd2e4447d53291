import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import Decimal from 'decimal.js';
import type { OrderLine } from '../../../src/domain/mutations/records';
import {
  computeTotals,
  lineTotal,
  paymentStatusText,
  productUnitPrice,
  totalsFromRecord,
  totalsToRecord,
  type TotalsInput,
} from '../../../src/domain/totals';
import { custom, labor, product, settings, transaction, uuid, voucherLine } from './factories';

const base = (over: Partial<TotalsInput> = {}): TotalsInput => ({
  lines: [],
  transactions: [],
  taxExempt: false,
  taxExemptNumber: null,
  ...over,
});
const wire = (input: TotalsInput, s = settings()) => totalsToRecord(computeTotals(input, s));

describe('line totals', () => {
  it('product: catalog price plus options, or the override, times quantity', () => {
    const p = product({ price: '10.00', options: [{ name: 'Color', value: 'Red', price: '2.50' }], quantity: 3 });
    expect(productUnitPrice(p).toFixed(2)).toBe('12.50');
    expect(lineTotal(p).toFixed(2)).toBe('37.50');
    expect(lineTotal({ ...p, price_override: '9.99' }).toFixed(2)).toBe('29.97');
  });
  it('custom, labor (computed and overridden) and voucher lines', () => {
    expect(lineTotal(custom({ price: '4.25', quantity: 2 })).toFixed(2)).toBe('8.50');
    expect(lineTotal(labor({ rate: '120.00', minutes: 90, quantity: 2 })).toFixed(2)).toBe('360.00');
    expect(lineTotal(labor({ price_override: '50.00', quantity: 2 })).toFixed(2)).toBe('100.00');
    expect(lineTotal(voucherLine({ amount: '25.00' })).toFixed(2)).toBe('25.00');
  });
});

describe('computeTotals', () => {
  it('empty order is 0 and paid in full', () => {
    const t = computeTotals(base(), settings());
    expect(t.orderTotal.toFixed(2)).toBe('0.00');
    expect(t.paidInFull).toBe(true);
    expect(t.statusText).toBe('Paid In Full');
    expect(t.rows.map((r) => r.title)).toEqual(['Parts', 'Surcharge', 'Labor', 'Tax', 'Order Total']);
  });

  it('breaks down parts, surcharge, labor and tax per class, rounding tax once', () => {
    const lines: OrderLine[] = [
      product({ id: uuid(101), price: '10.00', quantity: 2, surcharge: '5.00', tax_class_id: 9 }),
      product({ id: uuid(102), price: '3.33', quantity: 1, tax_class_id: 10 }),
      custom({ id: uuid(201), price: '5.00', tax_class_id: null }),
      labor({ id: uuid(301), rate: '100.00', minutes: 30 }),
      voucherLine({ id: uuid(401), amount: '20.00' }),
    ];
    const t = computeTotals(base({ lines }), settings());
    expect(t.parts.toFixed(2)).toBe('48.33'); // 20 + 3.33 + 5 + 20
    expect(t.surcharge.toFixed(2)).toBe('10.00');
    expect(t.labor.toFixed(2)).toBe('50.00');
    // 20 x 8.25% = 1.65; 3.33 x 5% = 0.1665 -> 1.8165 -> 1.82 (labor untaxed by default, surcharge untaxed)
    expect(t.tax.toFixed(2)).toBe('1.82');
    expect(t.orderTotal.toFixed(2)).toBe('110.15');
    expect(t.balanceDue.toFixed(2)).toBe('110.15');
    expect(t.balanceLabel).toBe('Balance Due');
    expect(t.statusText).toBe('Outstanding Balance');
    expect(paymentStatusText(t)).toBe('Outstanding Balance');
    expect(t.rows.find((r) => r.code === 'total')?.text).toBe('$110.15');
  });

  it('taxes labor and surcharges when the store says so', () => {
    const lines = [
      product({ price: '10.00', surcharge: '10.00', tax_class_id: 9 }),
      labor({ rate: '100.00', minutes: 60 }),
    ];
    const t = computeTotals(base({ lines }), settings({ laborTaxClassId: 11, surchargeTaxable: true }));
    // (10 + 10) x 8.25% = 1.65; 100 x 6% = 6
    expect(t.tax.toFixed(2)).toBe('7.65');
  });

  it('ignores unknown tax classes and shows Tax Exempt with its number', () => {
    const lines = [product({ tax_class_id: 99 }), product({ id: uuid(103), tax_class_id: 9 })];
    expect(computeTotals(base({ lines }), settings()).tax.toFixed(2)).toBe('0.83');
    const t = computeTotals(base({ lines, taxExempt: true, taxExemptNumber: 'EX-1' }), settings());
    expect(t.tax.toFixed(2)).toBe('0.00');
    const row = t.rows.find((r) => r.code === 'tax');
    expect(row?.title).toBe('Tax Exempt');
    expect(row?.text).toBe('EX-1');
    expect(t.taxExemptNumber).toBe('EX-1');
    expect(computeTotals(base({ lines, taxExempt: true }), settings()).rows.find((r) => r.code === 'tax')?.text).toBe(
      '',
    );
  });

  it('card surcharge rows only when above 0; paid includes them; change due when overpaid', () => {
    const lines = [custom({ price: '100.00' })];
    const t = computeTotals(
      base({
        lines,
        transactions: [
          transaction({ amount: '50.00', surcharge: '1.50', surcharge_tax: '0.12' }),
          transaction({ id: uuid(501), amount: '60.00' }),
          transaction({ id: uuid(502), amount: '99.00', status: 'void' }),
          transaction({ id: uuid(503), amount: '99.00', status: 'pending' }),
        ],
      }),
      settings(),
    );
    expect(t.rows.map((r) => r.title)).toContain('Credit Card Surcharge');
    expect(t.rows.map((r) => r.title)).toContain('Credit Card Surcharge Tax');
    expect(t.cardSurcharge.toFixed(2)).toBe('1.50');
    expect(t.orderTotal.toFixed(2)).toBe('101.62');
    expect(t.amountPaid.toFixed(2)).toBe('111.62');
    expect(t.balanceDue.toFixed(2)).toBe('-10.00');
    expect(t.changeDue?.toFixed(2)).toBe('10.00');
    expect(t.balanceLabel).toBe('Change Due');
    expect(t.paidInFull).toBe(true);
    expect(paymentStatusText(t)).toBe('Payment Processed');
    const rec = totalsToRecord(t);
    expect(rec).toMatchObject({
      order_total: '101.62',
      amount_paid: '111.62',
      balance_due: '-10.00',
      paid_in_full: true,
      card_surcharge: '1.50',
      card_surcharge_tax: '0.12',
    });
    const onlySurcharge = computeTotals(
      base({ lines, transactions: [transaction({ surcharge: '1.00' })] }),
      settings(),
    );
    expect(onlySurcharge.rows.map((r) => r.code)).not.toContain('card_surcharge_tax');
  });
});

// ---- properties ----
const cents = (max: number) => fc.integer({ min: 0, max }).map((c) => new Decimal(c).div(100).toFixed(2));
const lineArb: fc.Arbitrary<OrderLine> = fc.oneof(
  fc
    .record({
      price: cents(50000),
      q: fc.integer({ min: 1, max: 20 }),
      opt: cents(2000),
      cls: fc.constantFrom(9, 10, 11, null),
      sur: cents(3000),
      ovr: fc.option(cents(50000)),
    })
    .map((r) =>
      product({
        price: r.price,
        quantity: r.q,
        options: [{ name: 'o', value: 'v', price: r.opt }],
        tax_class_id: r.cls,
        surcharge: r.sur,
        price_override: r.ovr,
      }),
    ),
  fc
    .record({ price: cents(50000), q: fc.integer({ min: 1, max: 20 }), cls: fc.constantFrom(9, 10, null) })
    .map((r) => custom({ price: r.price, quantity: r.q, tax_class_id: r.cls })),
  fc
    .record({ rate: cents(30000), min: fc.integer({ min: 1, max: 480 }), q: fc.integer({ min: 1, max: 5 }) })
    .map((r) => labor({ rate: r.rate, minutes: r.min, quantity: r.q })),
  cents(50000).map((a) => voucherLine({ amount: a })),
);
const storeArb = fc
  .record({ labor: fc.constantFrom(11, null), sur: fc.boolean() })
  .map((r) => settings({ laborTaxClassId: r.labor, surchargeTaxable: r.sur }));

describe('totals properties', () => {
  it('are independent of line order', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 30 }), storeArb, fc.boolean(), (lines, s, exempt) => {
        const reversed = [...lines].reverse();
        const shuffled = [...lines].sort((a, b) => lineTotal(a).comparedTo(lineTotal(b)));
        const w = wire(base({ lines, taxExempt: exempt }), s);
        expect(wire(base({ lines: reversed, taxExempt: exempt }), s)).toEqual(w);
        expect(wire(base({ lines: shuffled, taxExempt: exempt }), s)).toEqual(w);
      }),
    );
  });

  it('a stored snapshot reads back as the computation it came from (screens show totalsFromRecord)', () => {
    const view = (t: ReturnType<typeof computeTotals>) => ({
      ...totalsToRecord(t),
      rows: t.rows.map((r) => [r.code, r.title, r.text]),
      label: t.balanceLabel,
      status: t.statusText,
      change: t.changeDue?.toFixed(2) ?? null,
      number: t.taxExemptNumber,
    });
    fc.assert(
      fc.property(
        fc.array(lineArb, { maxLength: 12 }),
        fc.array(cents(100000), { maxLength: 3 }),
        cents(300),
        fc.boolean(),
        fc.option(fc.constant('EX-9')),
        (lines, pays, sur, exempt, num) => {
          const transactions = pays.map((a, i) =>
            transaction({ id: uuid(700 + i), amount: a, surcharge: i === 0 ? sur : '0.00' }),
          );
          const t = computeTotals(base({ lines, transactions, taxExempt: exempt, taxExemptNumber: num }), settings());
          const back = totalsFromRecord(totalsToRecord(t), { tax_exempt: exempt, tax_exempt_number: num });
          expect(view(back)).toEqual(view(t));
        },
      ),
    );
  });

  it('paid + balance = total, and the total is the sum of its rows', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 20 }), fc.array(cents(100000), { maxLength: 5 }), (lines, pays) => {
        const t = computeTotals(
          base({ lines, transactions: pays.map((a, i) => transaction({ id: uuid(600 + i), amount: a })) }),
          settings(),
        );
        expect(t.amountPaid.plus(t.balanceDue).eq(t.orderTotal)).toBe(true);
        const rows = t.rows.filter((r) => r.code !== 'total').reduce((acc, r) => acc.plus(r.value), new Decimal(0));
        expect(rows.eq(t.orderTotal)).toBe(true);
      }),
    );
  });

  it('no rounding drift over 10,000 random carts: every amount has 2 places and tax is the rounded exact tax', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 12 }), (lines) => {
        const s = settings({ laborTaxClassId: 11 });
        const t = computeTotals(base({ lines }), s);
        for (const v of [t.parts, t.surcharge, t.labor, t.tax, t.orderTotal, t.balanceDue])
          expect(v.decimalPlaces()).toBeLessThanOrEqual(2);
        // independent recomputation at line level, exact
        let exact = new Decimal(0);
        const rate: Record<number, string> = { 9: '8.25', 10: '5', 11: '6' };
        for (const l of lines) {
          const cls = l.kind === 'labor' ? 11 : l.kind === 'voucher' ? null : l.tax_class_id;
          if (cls !== null) exact = exact.plus(lineTotal(l).times(rate[cls]!).div(100));
        }
        expect(t.tax.toFixed(2)).toBe(exact.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2));
      }),
      { numRuns: 10_000 },
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decimal, toWire } from '../../../src/domain/money';
import type { Order, OrderReturn } from '../../../src/domain/mutations/records';
import { runMutation } from '../../../src/domain/mutations/registry';
import type { MutatorResult, MutatorState } from '../../../src/domain/mutations/types';
import { RETURN_CARD_NEEDS_NETWORK, RETURN_NEEDS_CUSTOMER, lineRefund, sumRefunds } from '../../../src/domain/returns';
import { computeTotals, totalsToRecord } from '../../../src/domain/totals';
import { totalsInputOf } from '../../../src/domain/mutations/guards';
import { ctx, custom, customer, labor, order, product, settings, uuid } from './factories';

const O = uuid(1);
const C = uuid(2);
const PART = uuid(100);
const SUPPLIES = uuid(200);
const LABOR = uuid(300);

/** A completed order, its totals computed and paid in full. */
function sold(over: Partial<Order> = {}, s = settings()): Order {
  const o = order({
    status: 'complete',
    order_id: 12,
    customer_ref: C,
    lines: [
      product({ id: PART, quantity: 3, price: '19.99', surcharge: '5.00' }),
      custom({ id: SUPPLIES, quantity: 2, price: '4.10', tax_class_id: 10 }),
      labor({ id: LABOR }),
    ],
    ...over,
  });
  const t = computeTotals(totalsInputOf(o, []), s);
  const totals = totalsToRecord(t);
  return { ...o, totals: { ...totals, amount_paid: totals.order_total, balance_due: '0.00', paid_in_full: true } };
}

const ok = (r: MutatorResult) => {
  if (!r.ok) throw new Error(`refused: ${r.code} ${r.message}`);
  return r.changes;
};

let n = 1000;
const line = (line_ref: string, quantity: number, restock = true) => ({
  id: uuid(n++),
  line_ref,
  quantity,
  reason: 'Defective',
  condition: 'Unopened',
  restock,
});
const ret = (lines: ReturnType<typeof line>[], over: Record<string, unknown> = {}) => ({
  order_ref: O,
  id: uuid(n++),
  refund_method: 'cash',
  lines,
  ...over,
});

describe('order.return', () => {
  it('refunds a line with its core charge and tax (8.25 %), partial quantities adding up to the line', () => {
    const o = sold();
    const first = ok(runMutation('order.return', { order: o }, ret([line(PART, 1)]), ctx())).orderReturns!;
    // 19.99 + 5.00 core = 24.99; tax on 19.99 only (surcharge not taxed by default) = 1.65
    expect(first[0]).toMatchObject({
      quantity: 1,
      amount: '24.99',
      tax: '1.65',
      total: '26.64',
      refund_method: 'cash',
    });
    expect(first[0]).toMatchObject({ product: 'Brake Pad', model: 'BP-1', product_id: 42, return_status: 'Complete' });
    const second = ok(
      runMutation('order.return', { order: o, returns: first }, ret([line(PART, 2)]), ctx()),
    ).orderReturns!;
    // 3 x 19.99 = 59.97, tax 4.95 (4.947...): the two returns together = the line's 74.97 + 4.95
    expect(second[0]).toMatchObject({ amount: '49.98', tax: '3.30' });
    expect(sumRefunds([...first, ...second])).toBe('79.92');
  });

  it('refuses more than is left, a line of another order, labor, twice the same line, a draft order', () => {
    const o = sold();
    const first = ok(runMutation('order.return', { order: o }, ret([line(PART, 2)]), ctx())).orderReturns!;
    expect(runMutation('order.return', { order: o, returns: first }, ret([line(PART, 2)]), ctx())).toEqual({
      ok: false,
      code: 'invalid_args',
      message: 'Only 1 of Brake Pad can be returned.',
    });
    expect(runMutation('order.return', { order: o }, ret([line(uuid(999), 1)]), ctx())).toMatchObject({
      code: 'line_not_found',
    });
    expect(runMutation('order.return', { order: o }, ret([line(LABOR, 1)]), ctx())).toMatchObject({
      message: 'Only parts and custom products can be returned.',
    });
    expect(runMutation('order.return', { order: o }, ret([line(PART, 1), line(PART, 1)]), ctx())).toMatchObject({
      code: 'invalid_args',
    });
    expect(
      runMutation('order.return', { order: { ...o, status: 'saved' } }, ret([line(PART, 1)]), ctx()),
    ).toMatchObject({ message: 'Only a completed order can be returned.' });
    expect(runMutation('order.return', { order: o }, ret([line(PART, 0)]), ctx())).toMatchObject({
      code: 'invalid_args',
    });
    expect(runMutation('order.return', { order: o }, ret([]), ctx())).toMatchObject({
      message: 'Choose at least one item to return.',
    });
  });

  it('a card refund is refused on the device path; the terminal path records it', () => {
    const o = sold();
    expect(runMutation('order.return', { order: o }, ret([line(PART, 1)], { refund_method: 'card' }), ctx())).toEqual({
      ok: false,
      code: 'invalid_args',
      message: RETURN_CARD_NEEDS_NETWORK,
    });
    const rows = ok(
      runMutation('order.returnAtTerminal', { order: o }, ret([line(PART, 1)], { refund_method: 'card' }), ctx()),
    ).orderReturns!;
    expect(rows[0]!.refund_method).toBe('card');
  });

  it('store credit raises the order customer balance with a credit entry linked to the order', () => {
    const o = sold();
    const c = customer({ store_credit: '10.00' });
    const credit = uuid(777);
    const changes = ok(
      runMutation(
        'order.return',
        { order: o, customer: c },
        ret([line(SUPPLIES, 2, false)], { refund_method: 'store_credit', customer_ref: C, credit_id: credit }),
        ctx(),
      ),
    );
    // 2 x 4.10 = 8.20 at 5 % = 0.41
    expect(changes.orderReturns![0]).toMatchObject({ amount: '8.20', tax: '0.41', total: '8.61', restock: false });
    expect(changes.creditEntry).toMatchObject({ id: credit, amount: '8.61', balance: '18.61', order_ref: O });
    expect(changes.customer!.store_credit).toBe('18.61');
    expect(
      runMutation('order.return', { order: o }, ret([line(SUPPLIES, 1)], { refund_method: 'store_credit' }), ctx()),
    ).toMatchObject({ message: RETURN_NEEDS_CUSTOMER });
    const other = customer({ id: uuid(3) });
    expect(
      runMutation(
        'order.return',
        { order: o, customer: other },
        ret([line(SUPPLIES, 1)], { refund_method: 'store_credit', customer_ref: uuid(3), credit_id: credit }),
        ctx(),
      ),
    ).toMatchObject({ message: RETURN_NEEDS_CUSTOMER });
  });

  it('a tax-exempt order refunds no tax', () => {
    const o = sold({ tax_exempt: true, tax_exempt_number: 'EX1' });
    const rows = ok(runMutation('order.return', { order: o }, ret([line(PART, 3)]), ctx())).orderReturns!;
    expect(rows[0]).toMatchObject({ amount: '74.97', tax: '0.00', total: '74.97' });
  });

  it('property: whatever the partial returns, refunds never exceed what was paid for the lines', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            price: fc.integer({ min: 1, max: 99_999 }),
            surcharge: fc.integer({ min: 0, max: 5_000 }),
            quantity: fc.integer({ min: 1, max: 6 }),
            cls: fc.constantFrom(9, 10, null),
          }),
          { minLength: 1, maxLength: 5 },
        ),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 6 })), { minLength: 1, maxLength: 12 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 100 }),
        (specs, steps, surchargeTaxable, paidPct) => {
          const s = settings({ surchargeTaxable });
          const lines = specs.map((p, i) =>
            product({
              id: uuid(500 + i),
              price: toWire(decimal(p.price).div(100)),
              surcharge: toWire(decimal(p.surcharge).div(100)),
              quantity: p.quantity,
              tax_class_id: p.cls,
            }),
          );
          const full = sold({ lines }, s);
          // Sometimes the order was paid short (a paid-in-full order is the usual case).
          const paid = toWire(decimal(full.totals.order_total).times(paidPct).div(100));
          const o = {
            ...full,
            totals: { ...full.totals, amount_paid: paidPct === 100 ? full.totals.order_total : paid },
          };
          let returns: OrderReturn[] = [];
          for (const [pick, qty] of steps) {
            const l = lines[pick % lines.length]!;
            const state: MutatorState = { order: o, returns };
            const r = runMutation('order.return', state, ret([line(l.id, qty)]), { ...ctx(), settings: s });
            if (r.ok) returns = [...returns, ...r.changes.orderReturns!];
          }
          const refunded = decimal(sumRefunds(returns));
          expect(refunded.lte(decimal(o.totals.amount_paid))).toBe(true);
          for (const l of lines) {
            const back = returns.filter((r) => r.line_ref === l.id);
            const qty = back.reduce((q, r) => q + r.quantity, 0);
            expect(qty).toBeLessThanOrEqual(l.quantity);
            const whole = lineRefund(l, 0, l.quantity, o, s);
            expect(decimal(sumRefunds(back)).lte(whole.total)).toBe(true);
            for (const r of back) expect(decimal(r.total).gte(0)).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

/** Core charges and core returns (docs/decisions/domain.md "Core charges"). */
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import type { CoreReturnLine, Order } from '../../../src/domain/mutations/records';
import {
  CORE_RETURN_ABOVE_TOTAL,
  CORE_RETURN_MAX,
  CORE_RETURN_QUANTITY,
  coreReturnName,
  NO_CORE_CHARGE,
} from '../../../src/domain/mutations/cart';
import { runMutation } from '../../../src/domain/mutations/registry';
import type { MutatorResult } from '../../../src/domain/mutations/types';
import { computeTotals, lineTotal } from '../../../src/domain/totals';
import { ctx, order, product, settings, uuid } from './factories';

const O = uuid(1);
const okOrder = (r: MutatorResult): Order => {
  if (!r.ok) throw new Error(`refused: ${r.code} ${r.message}`);
  return r.changes.order!;
};
const coreReturn = (over: Partial<CoreReturnLine> = {}): CoreReturnLine => ({
  kind: 'core_return',
  id: uuid(500),
  name: 'Core Return: Alternator',
  quantity: 1,
  po_number: null,
  product_id: 42,
  mpn: 'ALT-1',
  aaia: 'BOSC',
  surcharge: '45.00',
  tax_class_id: 9,
  ...over,
});
const returnArgs = (over: Record<string, unknown> = {}) => ({
  order_ref: O,
  line_id: uuid(21),
  product_id: 42,
  name: 'Alternator',
  mpn: 'ALT-1',
  quantity: 1,
  surcharge: '45',
  tax_class_id: 9,
  ...over,
});
const alternator = product({ id: uuid(11), product_id: 42, price: '189.99', surcharge: '45.00', quantity: 1 });
const totalsOf = (lines: Order['lines'], taxable = false) =>
  computeTotals(
    { lines, transactions: [], taxExempt: false, taxExemptNumber: null },
    settings({ surchargeTaxable: taxable }),
  );

describe('core charge in the totals', () => {
  it('a product core charge is in the Surcharge row, untaxed by default, taxed with its product when surcharges are', () => {
    const t = totalsOf([{ ...alternator, quantity: 2 }]);
    expect(t.parts.toFixed(2)).toBe('379.98');
    expect(t.surcharge.toFixed(2)).toBe('90.00');
    expect(t.tax.toFixed(2)).toBe('31.35'); // 379.98 x 8.25%
    expect(t.orderTotal.toFixed(2)).toBe('501.33');
    expect(t.rows.find((r) => r.code === 'surcharge')?.text).toBe('$90.00');
    expect(totalsOf([{ ...alternator, quantity: 2 }], true).tax.toFixed(2)).toBe('38.77'); // 469.98 x 8.25%
  });

  it('a core return credits the Surcharge row, shows negative, and leaves Parts alone', () => {
    const r = coreReturn({ quantity: 2 });
    expect(lineTotal(r).toFixed(2)).toBe('-90.00');
    const t = totalsOf([{ ...alternator, quantity: 2 }, r]);
    expect(t.parts.toFixed(2)).toBe('379.98');
    expect(t.surcharge.toFixed(2)).toBe('0.00');
    expect(t.orderTotal.toFixed(2)).toBe('411.33');
  });

  it('property: a sale and its core return net the surcharge (and its tax) to 0', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 99 }),
        fc.integer({ min: 1, max: 99_999 }),
        fc.integer({ min: 1, max: 999_999 }),
        fc.constantFrom(9, 10, null),
        fc.boolean(),
        (quantity, coreCents, priceCents, cls, taxable) => {
          const core = (coreCents / 100).toFixed(2);
          const price = (priceCents / 100).toFixed(2);
          const sale = product({ price, surcharge: core, quantity, tax_class_id: cls });
          const back = coreReturn({ surcharge: core, quantity, tax_class_id: cls });
          const without = totalsOf([{ ...sale, surcharge: '0.00' }], taxable);
          const both = totalsOf([sale, back], taxable);
          expect(totalsOf([sale], taxable).surcharge.toFixed(2)).toBe((Number(coreCents * quantity) / 100).toFixed(2));
          expect(both.surcharge.toFixed(2)).toBe('0.00');
          expect(both.tax.toFixed(2)).toBe(without.tax.toFixed(2));
          expect(both.orderTotal.toFixed(2)).toBe(without.orderTotal.toFixed(2));
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('cart.addProduct carries the core charge', () => {
  it('the line keeps the surcharge it was added with', () => {
    const o = okOrder(
      runMutation(
        'cart.addProduct',
        { order: order() },
        {
          order_ref: O,
          line_id: uuid(11),
          product_id: 42,
          name: 'Alternator',
          price: '189.99',
          surcharge: '45',
          quantity: 1,
          tax_class_id: 9,
        },
        ctx(),
      ),
    );
    expect(o.lines[0]).toMatchObject({ kind: 'product', surcharge: '45.00' });
    expect(o.totals).toMatchObject({ parts: '189.99', surcharge: '45.00', order_total: '250.66' });
  });
});

describe('cart.addCoreReturn', () => {
  const withSale = (): Order => order({ lines: [alternator] });

  it('adds a core return line crediting the core charge x quantity', () => {
    const o = okOrder(runMutation('cart.addCoreReturn', { order: withSale() }, returnArgs({ quantity: 1 }), ctx()));
    expect(o.lines[1]).toMatchObject({
      kind: 'core_return',
      name: coreReturnName('Alternator'),
      product_id: 42,
      surcharge: '45.00',
      quantity: 1,
    });
    expect(o.totals).toMatchObject({ parts: '189.99', surcharge: '0.00', order_total: '205.66' });
  });

  it('a second return of the same part raises the quantity, up to the bound', () => {
    const big = order({ lines: [{ ...alternator, quantity: 200 }] });
    const once = okOrder(runMutation('cart.addCoreReturn', { order: big }, returnArgs({ quantity: 98 }), ctx()));
    const twice = okOrder(runMutation('cart.addCoreReturn', { order: once }, returnArgs({ line_id: uuid(22) }), ctx()));
    expect(twice.lines.filter((l) => l.kind === 'core_return')).toMatchObject([{ quantity: 99 }]);
    expect(runMutation('cart.addCoreReturn', { order: twice }, returnArgs({ line_id: uuid(23) }), ctx())).toMatchObject(
      {
        ok: false,
        code: 'invalid_args',
        message: CORE_RETURN_QUANTITY,
      },
    );
  });

  it.each([0, -1, CORE_RETURN_MAX + 1, 1.5])('refuses quantity %s with a clear message', (quantity) => {
    expect(runMutation('cart.addCoreReturn', { order: withSale() }, returnArgs({ quantity }), ctx())).toMatchObject({
      ok: false,
      message: CORE_RETURN_QUANTITY,
    });
  });

  it('refuses a part without a core charge', () => {
    expect(
      runMutation('cart.addCoreReturn', { order: withSale() }, returnArgs({ surcharge: '0.00' }), ctx()),
    ).toMatchObject({ ok: false, code: 'invalid_args', message: NO_CORE_CHARGE });
  });

  it('may not take the order below $0.00, when added or by a later edit', () => {
    expect(runMutation('cart.addCoreReturn', { order: order() }, returnArgs(), ctx())).toMatchObject({
      ok: false,
      message: CORE_RETURN_ABOVE_TOTAL,
    });
    const o = okOrder(runMutation('cart.addCoreReturn', { order: withSale() }, returnArgs(), ctx()));
    // Removing the part it came back with would leave only the credit: refused until the return goes.
    expect(runMutation('cart.removeLine', { order: o }, { order_ref: O, line_id: uuid(11) }, ctx())).toMatchObject({
      ok: false,
      message: CORE_RETURN_ABOVE_TOTAL,
    });
    const gone = okOrder(runMutation('cart.removeLine', { order: o }, { order_ref: O, line_id: uuid(21) }, ctx()));
    expect(gone.totals.surcharge).toBe('45.00');
  });

  it('quantity changes stay within 1-99 and the unit credit cannot be repriced', () => {
    const big = order({ lines: [{ ...alternator, quantity: 500 }] });
    const o = okOrder(runMutation('cart.addCoreReturn', { order: big }, returnArgs(), ctx()));
    const up = okOrder(
      runMutation('cart.setQuantity', { order: o }, { order_ref: O, line_id: uuid(21), quantity: 500 }, ctx()),
    );
    expect(up.lines[1]?.quantity).toBe(CORE_RETURN_MAX);
    expect(
      runMutation('cart.updatePrice', { order: o }, { order_ref: O, line_id: uuid(21), new_price: '1' }, ctx()),
    ).toMatchObject({ ok: false });
  });
});

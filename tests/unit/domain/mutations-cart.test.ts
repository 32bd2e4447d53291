import { describe, it, expect } from 'vitest';
import { ORDER_LINE_CAP, orderLineCapMessage } from '../../../src/domain/constants';
import type { Order } from '../../../src/domain/mutations/records';
import { runMutation } from '../../../src/domain/mutations/registry';
import type { MutatorResult } from '../../../src/domain/mutations/types';
import { ctx, custom, labor, order, product, uuid, voucherLine } from './factories';

const O = uuid(1);
const okOrder = (r: MutatorResult): Order => {
  if (!r.ok) throw new Error(`refused: ${r.code} ${r.message}`);
  return r.changes.order!;
};
const addProductArgs = (over: Record<string, unknown> = {}) => ({
  order_ref: O,
  line_id: uuid(11),
  product_id: 42,
  name: 'Brake Pad',
  price: '10',
  options: [{ name: 'Side', value: 'Front', price: '2.5' }],
  quantity: 2,
  tax_class_id: 9,
  ...over,
});

describe('cart mutators', () => {
  it('addProduct adds a line, normalises money and recomputes totals', () => {
    const o = okOrder(runMutation('cart.addProduct', { order: order() }, addProductArgs(), ctx()));
    expect(o.lines).toHaveLength(1);
    expect(o.lines[0]).toMatchObject({
      kind: 'product',
      price: '10.00',
      quantity: 2,
      price_override: null,
      surcharge: '0.00',
    });
    expect(o.totals).toMatchObject({
      parts: '25.00',
      tax: '2.06',
      order_total: '27.06',
      balance_due: '27.06',
      paid_in_full: false,
    });
    expect(o.updated_at).toBe(ctx().now);
  });
  it('adding the same product and options raises the quantity (clamped to the max)', () => {
    const first = okOrder(runMutation('cart.addProduct', { order: order() }, addProductArgs(), ctx()));
    const again = okOrder(
      runMutation('cart.addProduct', { order: first }, addProductArgs({ line_id: uuid(12), quantity: 3 }), ctx()),
    );
    expect(again.lines).toHaveLength(1);
    expect(again.lines[0]!.quantity).toBe(5);
    const capped = okOrder(
      runMutation(
        'cart.addProduct',
        { order: first },
        addProductArgs({ line_id: uuid(12), quantity: 9 }),
        ctx({ maxQuantity: 8 }),
      ),
    );
    expect(capped.lines[0]!.quantity).toBe(8);
    const other = okOrder(
      runMutation('cart.addProduct', { order: first }, addProductArgs({ line_id: uuid(13), options: [] }), ctx()),
    );
    expect(other.lines).toHaveLength(2);
    const dup = runMutation('cart.addProduct', { order: first }, addProductArgs({ options: [] }), ctx());
    expect(dup).toMatchObject({ ok: false, code: 'duplicate_id' });
  });
  it('refuses on missing, completed and voided orders, and bad args', () => {
    expect(runMutation('cart.addProduct', {}, addProductArgs(), ctx())).toMatchObject({ ok: false, code: 'not_found' });
    expect(runMutation('cart.addProduct', { order: order({ status: 'complete' }) }, addProductArgs(), ctx())).toEqual({
      ok: false,
      code: 'order_not_editable',
      message: 'This order is complete and can no longer be changed.',
    });
    expect(
      runMutation('cart.addProduct', { order: order({ status: 'voided' }) }, addProductArgs(), ctx()),
    ).toMatchObject({ code: 'order_not_editable', message: 'This order has been voided.' });
    expect(runMutation('cart.addProduct', { order: order() }, addProductArgs({ price: 'ten' }), ctx())).toMatchObject({
      code: 'invalid_args',
    });
    expect(runMutation('cart.nope', {}, {}, ctx())).toMatchObject({
      code: 'invalid_args',
      message: 'Unknown mutation: cart.nope',
    });
  });
  it('addCustomProduct validates with the spec messages', () => {
    const base = { order_ref: O, line_id: uuid(21), name: 'Fluid', price: '4.5', quantity: 2, tax_class_id: null };
    const o = okOrder(runMutation('cart.addCustomProduct', { order: order() }, base, ctx()));
    expect(o.lines[0]).toMatchObject({ kind: 'custom', price: '4.50', tax_class_id: null });
    expect(o.totals.tax).toBe('0.00');
    expect(runMutation('cart.addCustomProduct', { order: order() }, { ...base, name: ' ' }, ctx())).toMatchObject({
      message: 'Name is a required field.',
    });
    expect(runMutation('cart.addCustomProduct', { order: order() }, { ...base, price: '0' }, ctx())).toMatchObject({
      message: 'Price must be a positive number.',
    });
    expect(runMutation('cart.addCustomProduct', { order: order() }, { ...base, quantity: 0 }, ctx())).toMatchObject({
      message: 'Quantity must be a positive number.',
    });
  });
  it('addLabor and updateLabor (time tab and price tab)', () => {
    const start = order({ lines: [product()] });
    const args = {
      order_ref: O,
      line_id: uuid(31),
      labor_id: 1,
      name: 'Install',
      rate: '120',
      minutes: 90,
      quantity: 1,
      product_line_id: uuid(100),
    };
    const o = okOrder(runMutation('cart.addLabor', { order: start }, args, ctx()));
    expect(o.totals.labor).toBe('180.00');
    expect(
      runMutation('cart.addLabor', { order: start }, { ...args, product_line_id: uuid(999) }, ctx()),
    ).toMatchObject({ code: 'line_not_found' });
    const time = okOrder(
      runMutation(
        'cart.updateLabor',
        { order: o },
        { order_ref: O, line_id: uuid(31), minutes: 30, quantity: 2 },
        ctx(),
      ),
    );
    expect(time.totals.labor).toBe('120.00');
    const price = okOrder(
      runMutation(
        'cart.updateLabor',
        { order: time },
        { order_ref: O, line_id: uuid(31), price_override: '50' },
        ctx(),
      ),
    );
    expect(price.totals.labor).toBe('100.00');
    const cleared = okOrder(
      runMutation(
        'cart.updateLabor',
        { order: price },
        { order_ref: O, line_id: uuid(31), price_override: null },
        ctx(),
      ),
    );
    expect(cleared.totals.labor).toBe('120.00');
    expect(
      runMutation('cart.updateLabor', { order: o }, { order_ref: O, line_id: uuid(31), price_override: '-1' }, ctx()),
    ).toMatchObject({ code: 'invalid_args', message: 'Price must be at least $0.00' });
    expect(
      runMutation('cart.updateLabor', { order: o }, { order_ref: O, line_id: uuid(100), minutes: 5 }, ctx()),
    ).toMatchObject({ code: 'line_not_found' });
    expect(
      runMutation('cart.updateLabor', { order: o }, { order_ref: O, line_id: uuid(77), minutes: 5 }, ctx()),
    ).toMatchObject({ code: 'line_not_found' });
  });
  it('setQuantity: zero falls back to the minimum, above max clamps; vouchers stay x1', () => {
    const start = order({ lines: [product({ minimum: 2, quantity: 3 }), custom(), voucherLine()] });
    const q = (line: string, quantity: number) =>
      okOrder(runMutation('cart.setQuantity', { order: start }, { order_ref: O, line_id: line, quantity }, ctx()))
        .lines;
    expect(q(uuid(100), 0)[0]!.quantity).toBe(2);
    expect(q(uuid(100), 20000)[0]!.quantity).toBe(10000);
    expect(q(uuid(200), 4)[1]!.quantity).toBe(4);
    expect(q(uuid(400), 4)[2]!.quantity).toBe(1);
  });
  it('updatePrice: override on products and labor, price on custom, refused on vouchers', () => {
    const start = order({ lines: [product(), custom(), labor(), voucherLine()] });
    const p = (line: string, new_price: string) =>
      runMutation('cart.updatePrice', { order: start }, { order_ref: O, line_id: line, new_price }, ctx());
    expect(okOrder(p(uuid(100), '7.5')).lines[0]).toMatchObject({ price_override: '7.50' });
    expect(okOrder(p(uuid(200), '1')).lines[1]).toMatchObject({ price: '1.00' });
    expect(okOrder(p(uuid(300), '99')).lines[2]).toMatchObject({ price_override: '99.00' });
    expect(p(uuid(400), '1')).toMatchObject({ ok: false, message: "The unit price couldn't be updated." });
    expect(p(uuid(100), '-1')).toMatchObject({ ok: false, code: 'invalid_args' });
  });
  it('removeLine takes labor applied to the product with it', () => {
    const start = order({ lines: [product(), labor({ product_line_id: uuid(100) }), custom()] });
    const o = okOrder(runMutation('cart.removeLine', { order: start }, { order_ref: O, line_id: uuid(100) }, ctx()));
    expect(o.lines.map((l) => l.kind)).toEqual(['custom']);
    expect(runMutation('cart.removeLine', { order: start }, { order_ref: O, line_id: uuid(5) }, ctx())).toMatchObject({
      code: 'line_not_found',
    });
  });
  it('addVoucher sells a gift certificate x1, untaxed', () => {
    const args = { order_ref: O, line_id: uuid(41), code: 'GC1', amount: '25' };
    const o = okOrder(runMutation('cart.addVoucher', { order: order() }, args, ctx()));
    expect(o.lines[0]).toMatchObject({ kind: 'voucher', quantity: 1, amount: '25.00', name: 'Gift Certificate GC1' });
    expect(o.totals).toMatchObject({ parts: '25.00', tax: '0.00' });
    expect(runMutation('cart.addVoucher', { order: order() }, { ...args, amount: '0' }, ctx())).toMatchObject({
      code: 'amount_not_positive',
      message: 'Amount must be more than $0.00',
    });
  });

  it(`refuses a new line once the order holds ORDER_LINE_CAP (${ORDER_LINE_CAP}) lines; an add that merges into a line still applies`, () => {
    const withProduct = okOrder(
      runMutation('cart.addProduct', { order: order() }, addProductArgs({ options: [] }), ctx()),
    );
    const full = order({
      lines: [
        ...withProduct.lines,
        ...Array.from({ length: ORDER_LINE_CAP - 1 }, (_, i) => custom({ id: uuid(1000 + i) })),
      ],
    });
    expect(full.lines).toHaveLength(ORDER_LINE_CAP);
    const refused = { ok: false, code: 'order_line_cap', message: orderLineCapMessage() };
    expect(
      runMutation(
        'cart.addCustomProduct',
        { order: full },
        { order_ref: O, line_id: uuid(9), name: 'Rag', price: '1', quantity: 1, tax_class_id: null },
        ctx(),
      ),
    ).toEqual(refused);
    expect(
      runMutation(
        'cart.addProduct',
        { order: full },
        addProductArgs({ line_id: uuid(9), product_id: 43, options: [] }),
        ctx(),
      ),
    ).toEqual(refused);
    const merged = okOrder(
      runMutation('cart.addProduct', { order: full }, addProductArgs({ line_id: uuid(9), options: [] }), ctx()),
    );
    expect(merged.lines).toHaveLength(ORDER_LINE_CAP);
    expect(merged.lines[0]!.quantity).toBe(4);
  });
});

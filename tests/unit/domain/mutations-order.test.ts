import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { mutationNames } from '../../../src/domain/mutations/catalogue';
import type { Order, Transaction } from '../../../src/domain/mutations/records';
import { isMutationName, mutators, runMutation } from '../../../src/domain/mutations/registry';
import type { MutatorResult } from '../../../src/domain/mutations/types';
import { ctx, custom, customer, order, product, transaction, uuid } from './factories';

const O = uuid(1);
const C = uuid(2);
const ok = (r: MutatorResult) => {
  if (!r.ok) throw new Error(`refused: ${r.code} ${r.message}`);
  return r.changes;
};
const okOrder = (r: MutatorResult): Order => ok(r).order!;

describe('registry', () => {
  it('has a mutator for every catalogued name', () => {
    expect(Object.keys(mutators).sort()).toEqual([...mutationNames].sort());
    expect(isMutationName('order.void')).toBe(true);
    expect(isMutationName('toString')).toBe(false);
  });
});

describe('order lifecycle', () => {
  it('create: a draft stamped by ctx, optionally with a customer', () => {
    const o = okOrder(runMutation('order.create', {}, { id: O, device_ref: 'C2-0042' }, ctx()));
    expect(o).toMatchObject({
      id: O,
      order_id: null,
      status: 'draft',
      device_ref: 'C2-0042',
      cashier_id: 'user-1',
      created_at: ctx().now,
    });
    const withC = okOrder(
      runMutation(
        'order.create',
        { customer: customer({ tax_exempt: true, tax_exempt_number: 'EX' }) },
        { id: O, customer_ref: C },
        ctx(),
      ),
    );
    expect(withC).toMatchObject({
      customer_ref: C,
      customer_id: 7,
      customer_name: 'Ada Lovelace',
      tax_exempt: true,
      tax_exempt_number: 'EX',
    });
    expect(runMutation('order.create', {}, { id: O, customer_ref: C }, ctx())).toMatchObject({ code: 'not_found' });
    expect(runMutation('order.create', { order: order() }, { id: O }, ctx())).toMatchObject({ code: 'duplicate_id' });
    expect(runMutation('order.create', {}, { id: 'not-a-uuid' }, ctx())).toMatchObject({ code: 'invalid_args' });
  });
  it('set and remove customer carry tax exemption into totals', () => {
    const start = order({ lines: [product()] });
    const set = okOrder(
      runMutation(
        'order.setCustomer',
        { order: start, customer: customer({ tax_exempt: true, tax_exempt_number: 'EX9' }) },
        { order_ref: O, customer_ref: C },
        ctx(),
      ),
    );
    expect(set.totals.tax).toBe('0.00');
    expect(set.tax_exempt_number).toBe('EX9');
    const removed = okOrder(runMutation('order.removeCustomer', { order: set }, { order_ref: O }, ctx()));
    expect(removed).toMatchObject({ customer_ref: null, tax_exempt: false, tax_exempt_number: null });
    expect(removed.totals.tax).toBe('0.83');
    expect(runMutation('order.setCustomer', { order: start }, { order_ref: O, customer_ref: C }, ctx())).toMatchObject({
      code: 'not_found',
    });
    expect(
      runMutation(
        'order.setCustomer',
        { order: order({ status: 'complete' }), customer: customer() },
        { order_ref: O, customer_ref: C },
        ctx(),
      ),
    ).toMatchObject({ code: 'order_not_editable' });
    expect(
      runMutation('order.removeCustomer', { order: order({ status: 'voided' }) }, { order_ref: O }, ctx()),
    ).toMatchObject({ code: 'order_not_editable' });
    expect(
      runMutation(
        'order.setCustomer',
        { order: order({ id: uuid(3) }), customer: customer() },
        { order_ref: O, customer_ref: C },
        ctx(),
      ),
    ).toMatchObject({ code: 'not_found' });
  });
  it('save, quote and kiosk submit', () => {
    expect(okOrder(runMutation('order.save', { order: order() }, { order_ref: O }, ctx())).status).toBe('saved');
    expect(okOrder(runMutation('order.quote', { order: order() }, { order_ref: O }, ctx())).status).toBe('quote');
    expect(okOrder(runMutation('order.submitKiosk', { order: order() }, { order_ref: O }, ctx()))).toMatchObject({
      status: 'kiosk',
      shipping_method: 'local_pickup',
      payment_method: 'cod',
    });
    expect(runMutation('order.save', { order: order({ status: 'complete' }) }, { order_ref: O }, ctx())).toMatchObject({
      code: 'order_not_editable',
    });
    expect(runMutation('order.save', {}, { order_ref: O }, ctx())).toMatchObject({ code: 'not_found' });
  });
  it('each lifecycle step moves the named order status (Saved 3, Quote 4, Kiosk 5, Complete 7, Voided 8)', () => {
    const id = (name: string, o = order({ lines: [custom()] })) =>
      okOrder(runMutation(name, { order: o }, { order_ref: O }, ctx())).order_status_id;
    expect([
      id('order.save'),
      id('order.quote'),
      id('order.submitKiosk'),
      id('order.complete'),
      id('order.void'),
    ]).toEqual([3, 4, 5, 7, 8]);
  });

  it('complete: needs items and, when required, PO numbers; then it is not editable', () => {
    expect(runMutation('order.complete', { order: order() }, { order_ref: O }, ctx())).toMatchObject({
      code: 'invalid_args',
      message: 'There are no items on this order.',
    });
    const start = order({ lines: [product()] });
    expect(
      runMutation(
        'order.complete',
        { order: start },
        { order_ref: O },
        ctx({ poNumbersEnabled: true, requirePoNumbers: true }),
      ),
    ).toEqual({
      ok: false,
      code: 'po_number_required',
      message: 'Please add a PO Number to each product before completing check out',
    });
    const done = okOrder(
      runMutation(
        'order.complete',
        { order: start, transactions: [transaction({ amount: '5.00' })] },
        { order_ref: O },
        ctx(),
      ),
    );
    expect(done).toMatchObject({ status: 'complete', completed_at: ctx().now });
    expect(done.totals).toMatchObject({ amount_paid: '5.00', balance_due: '5.83' });
    expect(
      okOrder(runMutation('order.complete', { order: { ...start, cashier_id: null } }, { order_ref: O }, ctx()))
        .cashier_id,
    ).toBe('user-1');
    expect(runMutation('order.complete', { order: done }, { order_ref: O }, ctx())).toMatchObject({
      code: 'order_not_editable',
    });
    expect(runMutation('order.complete', {}, { order_ref: O }, ctx())).toMatchObject({ code: 'not_found' });
  });
  it('void: voids incomplete transactions; a voided order cannot be voided again', () => {
    const txs: Transaction[] = [transaction({ amount: '5.00' }), transaction({ id: uuid(501), status: 'pending' })];
    const r = ok(
      runMutation('order.void', { order: order({ lines: [custom()] }), transactions: txs }, { order_ref: O }, ctx()),
    );
    expect(r.order).toMatchObject({ status: 'voided', voided_at: ctx().now });
    expect(r.transactions).toHaveLength(1);
    expect(r.transactions![0]).toMatchObject({ id: uuid(501), status: 'void' });
    expect(runMutation('order.void', { order: r.order }, { order_ref: O }, ctx())).toEqual({
      ok: false,
      code: 'order_already_voided',
      message: 'This order has been voided.',
    });
    expect(ok(runMutation('order.void', { order: order() }, { order_ref: O }, ctx())).transactions).toEqual([]);
    expect(runMutation('order.void', {}, { order_ref: O }, ctx())).toMatchObject({ code: 'not_found' });
  });
  it('mutators are pure: inputs are never modified (property over random edit sequences)', () => {
    const ops = fc.array(fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 1, max: 30 })), { maxLength: 15 });
    fc.assert(
      fc.property(ops, (seq) => {
        let o = order();
        for (const [op, n] of seq) {
          const before = JSON.stringify(o);
          const lineId = uuid(1000 + n);
          const r =
            op === 0
              ? runMutation(
                  'cart.addCustomProduct',
                  { order: o },
                  { order_ref: O, line_id: lineId, name: 'x', price: `${n}.25`, quantity: n, tax_class_id: 9 },
                  ctx(),
                )
              : op === 1
                ? runMutation(
                    'cart.setQuantity',
                    { order: o },
                    { order_ref: O, line_id: lineId, quantity: n + 1 },
                    ctx(),
                  )
                : op === 2
                  ? runMutation('cart.removeLine', { order: o }, { order_ref: O, line_id: lineId }, ctx())
                  : runMutation(
                      'cart.updatePrice',
                      { order: o },
                      { order_ref: O, line_id: lineId, new_price: `${n}.10` },
                      ctx(),
                    );
          expect(JSON.stringify(o)).toBe(before);
          if (r.ok) o = r.changes.order!;
        }
        const fresh = okOrder(
          runMutation(
            'cart.removeLine',
            { order: { ...o, lines: [...o.lines, custom({ id: uuid(5) })] } },
            { order_ref: O, line_id: uuid(5) },
            ctx(),
          ),
        );
        expect(fresh.totals).toEqual(o.totals);
      }),
      { numRuns: 200 },
    );
  });
});

import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import Decimal from 'decimal.js';
import type { Customer, Order, Transaction } from '../../../src/domain/mutations/records';
import { runMutation } from '../../../src/domain/mutations/registry';
import type { MutatorResult, MutatorState } from '../../../src/domain/mutations/types';
import { ctx, custom, customer, order, transaction, uuid } from './factories';

const O = uuid(1);
const C = uuid(2);
const T = uuid(50);
const ok = (r: MutatorResult) => {
  if (!r.ok) throw new Error(`refused: ${r.code} ${r.message}`);
  return r.changes;
};
const hundred = (over: Partial<Order> = {}) =>
  order({ lines: [custom({ price: '100.00' })], customer_ref: C, ...over });
const add = (state: MutatorState, args: Record<string, unknown>, c = ctx()) =>
  runMutation('transaction.add', state, { order_ref: O, id: T, transaction_type: 'cash', amount: '10', ...args }, c);

describe('transaction.add', () => {
  it('cash lowers the balance and may overpay (change due)', () => {
    const r = ok(add({ order: hundred() }, { amount: '120' }));
    expect(r.transactions![0]).toMatchObject({
      id: T,
      amount: '120.00',
      status: 'approved',
      transaction_label: 'Cash',
      actor_id: 'user-1',
      created_at: ctx().now,
    });
    expect(r.order!.totals).toMatchObject({ amount_paid: '120.00', balance_due: '-20.00', paid_in_full: true });
  });
  it('refuses non-positive amounts, overpaying by card/check, and payments when nothing is due', () => {
    expect(add({ order: hundred() }, { amount: '0' })).toEqual({
      ok: false,
      code: 'amount_not_positive',
      message: 'Amount must be more than $0.00',
    });
    expect(add({ order: hundred() }, { transaction_type: 'card', amount: '100.01' })).toEqual({
      ok: false,
      code: 'amount_above_balance',
      message: 'Max amount allowed: $100.00',
    });
    expect(add({ order: order() }, {})).toEqual({
      ok: false,
      code: 'no_balance_due',
      message: 'There is no balance due on this order.',
    });
  });
  it('refuses disabled types, missing check numbers, voided orders and duplicates', () => {
    expect(add({ order: hundred() }, { transaction_type: 'online' })).toEqual({
      ok: false,
      code: 'payment_type_disabled',
      message: 'Online payments are not enabled.',
    });
    expect(add({ order: hundred() }, { transaction_type: 'check' })).toMatchObject({ code: 'invalid_check_number' });
    expect(
      ok(add({ order: hundred() }, { transaction_type: 'check', check_number: 12 })).transactions![0],
    ).toMatchObject({ check_number: 12, transaction_label: 'Check' });
    expect(add({ order: hundred({ status: 'voided' }) }, {})).toMatchObject({ code: 'order_already_voided' });
    expect(add({ order: hundred(), transactions: [transaction({ id: T })] }, {})).toMatchObject({
      code: 'duplicate_id',
    });
    expect(add({}, {})).toMatchObject({ code: 'not_found' });
  });
  it('payments are accepted on a complete order with an outstanding balance', () => {
    expect(ok(add({ order: hundred({ status: 'complete' }) }, {})).order!.status).toBe('complete');
  });
  it('store credit: needs the customer and credit, capped, and lowers the credit', () => {
    expect(add({ order: hundred() }, { transaction_type: 'store_credit' })).toMatchObject({
      code: 'customer_required',
    });
    // No credit left (spent meanwhile, maybe on another device): the reason, not "not enabled".
    expect(add({ order: hundred(), customer: customer() }, { transaction_type: 'store_credit' })).toEqual({
      ok: false,
      code: 'amount_above_store_credit',
      message: 'Not enough store credit: $0.00 available.',
    });
    const rich = customer({ store_credit: '30.00' });
    expect(add({ order: hundred(), customer: rich }, { transaction_type: 'store_credit', amount: '31' })).toMatchObject(
      { code: 'amount_above_store_credit', message: 'Not enough store credit: $30.00 available.' },
    );
    const r = ok(add({ order: hundred(), customer: rich }, { transaction_type: 'store_credit', amount: '30' }));
    expect(r.customer?.store_credit).toBe('0.00');
    expect(r.order!.totals.balance_due).toBe('70.00');
  });
  it('voucher: must match the looked-up code and stay within its balance', () => {
    const voucher = { code: 'GC1', balance: '25.00' };
    expect(add({ order: hundred() }, { transaction_type: 'voucher', voucher_code: 'GC1' })).toEqual({
      ok: false,
      code: 'not_found',
      message: 'Invalid code',
    });
    expect(add({ order: hundred(), voucher }, { transaction_type: 'voucher', voucher_code: 'GC2' })).toMatchObject({
      code: 'not_found',
    });
    expect(
      add({ order: hundred(), voucher }, { transaction_type: 'voucher', voucher_code: 'GC1', amount: '26' }),
    ).toEqual({ ok: false, code: 'amount_above_voucher', message: 'Max amount allowed: $25.00' });
    expect(
      ok(add({ order: hundred(), voucher }, { transaction_type: 'voucher', voucher_code: 'GC1', amount: '25' }))
        .transactions![0],
    ).toMatchObject({ voucher_code: 'GC1' });
  });
  it('card: surcharge and its tax on top, shown in totals; debit exempt', () => {
    const c = ctx({ cardSurcharge: { percent: '3', applyToDebit: false, taxClassId: 9 } });
    const r = ok(add({ order: hundred() }, { transaction_type: 'card', amount: '100', card_type: 'credit' }, c));
    expect(r.transactions![0]).toMatchObject({ surcharge: '3.00', surcharge_tax: '0.25', card_type: 'credit' });
    expect(r.order!.totals).toMatchObject({
      card_surcharge: '3.00',
      card_surcharge_tax: '0.25',
      order_total: '103.25',
      amount_paid: '103.25',
      balance_due: '0.00',
      paid_in_full: true,
    });
    const debit = ok(add({ order: hundred() }, { transaction_type: 'card', amount: '100', card_type: 'debit' }, c));
    expect(debit.transactions![0]).toMatchObject({ surcharge: '0.00', surcharge_tax: '0.00' });
    expect(
      ok(add({ order: hundred() }, { transaction_type: 'card', amount: '1' }, c)).transactions![0]!.card_type,
    ).toBe('credit');
  });
});

describe('transaction.void and voidAll', () => {
  it('void reverses the payment and restores store credit', () => {
    const rich = customer({ store_credit: '30.00' });
    const added = ok(add({ order: hundred(), customer: rich }, { transaction_type: 'store_credit', amount: '30' }));
    const state = { order: added.order, transactions: added.transactions, customer: added.customer };
    const v = ok(runMutation('transaction.void', state, { order_ref: O, transaction_ref: T }, ctx()));
    expect(v.transactions![0]).toMatchObject({ status: 'void', voided_at: ctx().now });
    expect(v.customer?.store_credit).toBe('30.00');
    expect(v.order!.totals).toMatchObject({ amount_paid: '0.00', balance_due: '100.00' });
    const again = { ...state, transactions: v.transactions };
    expect(runMutation('transaction.void', again, { order_ref: O, transaction_ref: T }, ctx())).toMatchObject({
      code: 'transaction_already_void',
    });
    expect(runMutation('transaction.void', state, { order_ref: O, transaction_ref: uuid(77) }, ctx())).toMatchObject({
      code: 'transaction_not_found',
    });
    expect(
      runMutation('transaction.void', { ...state, customer: undefined }, { order_ref: O, transaction_ref: T }, ctx()),
    ).toMatchObject({ code: 'customer_required' });
    expect(runMutation('transaction.void', {}, { order_ref: O, transaction_ref: T }, ctx())).toMatchObject({
      code: 'not_found',
    });
  });
  it('void all: amount paid 0 and balance due = order total', () => {
    const txs: Transaction[] = [
      transaction({ amount: '40.00' }),
      transaction({ id: uuid(501), transaction_type: 'card', amount: '30.00', surcharge: '0.90' }),
      transaction({ id: uuid(502), transaction_type: 'store_credit', amount: '10.00' }),
    ];
    const v = ok(
      runMutation(
        'transaction.voidAll',
        { order: hundred(), transactions: txs, customer: customer({ store_credit: '5.00' }) },
        { order_ref: O },
        ctx(),
      ),
    );
    expect(v.transactions!.every((t) => t.status === 'void')).toBe(true);
    expect(v.order!.totals).toMatchObject({ amount_paid: '0.00', balance_due: '100.00', order_total: '100.00' });
    expect(v.customer?.store_credit).toBe('15.00');
    expect(
      runMutation('transaction.voidAll', { order: hundred(), transactions: txs }, { order_ref: O }, ctx()),
    ).toMatchObject({ code: 'customer_required' });
    expect(runMutation('transaction.voidAll', {}, { order_ref: O }, ctx())).toMatchObject({ code: 'not_found' });
  });
  it("a terminal approval is labelled with the card's brand and last 4 (the receipt prints it)", () => {
    const r = ok(
      runMutation(
        'transaction.addTerminal',
        { order: hundred() },
        { order_ref: O, id: T, amount: '60', card_type: 'credit', label: 'Card Visa ****4242' },
        ctx(),
      ),
    );
    expect(r.transactions![0]).toMatchObject({ transaction_label: 'Card Visa ****4242', terminal: true });
    const plain = ok(
      runMutation('transaction.addTerminal', { order: hundred() }, { order_ref: O, id: T, amount: '60' }, ctx()),
    );
    expect(plain.transactions![0]!.transaction_label).toBe('Card');
  });
  it('a terminal card payment is voided only through the terminal (void/return), never a plain void', () => {
    const r = ok(
      runMutation(
        'transaction.addTerminal',
        { order: hundred() },
        { order_ref: O, id: T, amount: '60', card_type: 'credit' },
        ctx(),
      ),
    );
    expect(r.transactions![0]).toMatchObject({
      id: T,
      transaction_type: 'card',
      amount: '60.00',
      status: 'approved',
      terminal: true,
    });
    const cash = ok(add({ order: r.order, transactions: r.transactions }, { id: uuid(51), amount: '10' }));
    const state = { order: cash.order, transactions: [...r.transactions!, ...cash.transactions!] };
    const refused = {
      ok: false,
      code: 'void_at_terminal',
      message: 'This card payment was taken on a terminal: use Void/Return so the card is refunded.',
    };
    expect(runMutation('transaction.void', state, { order_ref: O, transaction_ref: T }, ctx())).toEqual(refused);
    expect(runMutation('transaction.voidAll', state, { order_ref: O }, ctx())).toEqual({
      ok: false,
      code: 'void_at_terminal',
      message: 'Refund the card payments with Void/Return first, then void the rest.',
    });
    // The cash payment is still voided plainly; a voidAtTerminal of it is refused.
    expect(
      ok(runMutation('transaction.void', state, { order_ref: O, transaction_ref: uuid(51) }, ctx())).transactions![0]!
        .status,
    ).toBe('void');
    expect(
      runMutation('transaction.voidAtTerminal', state, { order_ref: O, transaction_ref: uuid(51) }, ctx()),
    ).toMatchObject({ code: 'invalid_args' });
    const v = ok(runMutation('transaction.voidAtTerminal', state, { order_ref: O, transaction_ref: T }, ctx()));
    expect(v.transactions![0]).toMatchObject({ id: T, status: 'void', terminal: true });
    // Once the card is refunded, Void All voids the rest.
    const after = {
      order: v.order,
      transactions: state.transactions.map((t) => (t.id === T ? v.transactions![0]! : t)),
    };
    expect(ok(runMutation('transaction.voidAll', after, { order_ref: O }, ctx())).order!.totals).toMatchObject({
      amount_paid: '0.00',
      balance_due: '100.00',
    });
    // A card payment added plainly (not from a terminal) keeps the plain void.
    const manual = ok(add({ order: hundred() }, { transaction_type: 'card', amount: '5' }));
    expect(
      ok(
        runMutation(
          'transaction.void',
          { order: manual.order, transactions: manual.transactions },
          { order_ref: O, transaction_ref: T },
          ctx(),
        ),
      ).transactions![0]!.status,
    ).toBe('void');
  });
  it('add then void restores paid, balance, total and credit (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10000 }),
        fc.constantFrom('cash', 'card', 'check', 'store_credit'),
        (c, type) => {
          const amount = new Decimal(c).div(100).toFixed(2);
          const cust: Customer = customer({ store_credit: '100.00' });
          const cx = ctx({ cardSurcharge: { percent: '3.5', applyToDebit: false, taxClassId: 9 } });
          const start = hundred();
          const a = ok(add({ order: start, customer: cust }, { transaction_type: type, amount, check_number: 1 }, cx));
          const v = ok(
            runMutation(
              'transaction.void',
              { order: a.order, transactions: a.transactions, customer: a.customer ?? cust },
              { order_ref: O, transaction_ref: T },
              cx,
            ),
          );
          const t = v.order!.totals;
          expect([t.amount_paid, t.balance_due, t.order_total]).toEqual(['0.00', '100.00', '100.00']);
          expect((v.customer ?? cust).store_credit).toBe('100.00');
          const paid = new Decimal(a.order!.totals.amount_paid).plus(a.order!.totals.balance_due);
          expect(paid.toFixed(2)).toBe(a.order!.totals.order_total);
        },
      ),
    );
  });
});

import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import Decimal from 'decimal.js';
import { money, toWire, ZERO } from '../../../src/domain/money';
import * as P from '../../../src/domain/payments';
import { computeTotals } from '../../../src/domain/totals';
import { custom, settings, transaction, uuid } from './factories';

describe('payment availability', () => {
  it('shows types per catalog flags; card needs devices', () => {
    const s = settings();
    const r = P.paymentAvailability(s, money('10'), money('5'));
    expect(r.types.map((t) => t.type)).toEqual(['card', 'cash', 'voucher', 'check', 'store_credit']);
    expect(r.types.every((t) => t.enabled)).toBe(true);
    expect(r.message).toBeNull();
    expect(
      P.paymentAvailability({ ...s, cardDevicesEnabled: false }, money('10'), ZERO).types.map((t) => t.type),
    ).not.toContain('card');
  });
  it('disables everything when balance due is 0 or less, store credit when credit is 0', () => {
    expect(P.paymentAvailability(settings(), ZERO, money('5')).types.some((t) => t.enabled)).toBe(false);
    expect(P.paymentAvailability(settings(), money('-1'), money('5')).types.some((t) => t.enabled)).toBe(false);
    const r = P.paymentAvailability(settings(), money('10'), ZERO);
    expect(r.types.find((t) => t.type === 'store_credit')?.enabled).toBe(false);
    expect(r.types.find((t) => t.type === 'cash')?.enabled).toBe(true);
  });
  it('says "No payment types have been enabled." when none is offered', () => {
    const flags = { card: false, online: false, cash: false, voucher: false, check: false, store_credit: false };
    const r = P.paymentAvailability({ paymentTypeFlags: flags, cardDevicesEnabled: true }, money('10'), ZERO);
    expect(r.types).toEqual([]);
    expect(r.message).toBe('No payment types have been enabled.');
  });
});

describe('amount rules', () => {
  const due = money('100.00');
  it('amount must be more than $0.00', () => {
    for (const a of ['0', '-1', 'abc', '0.004']) {
      expect(P.checkPaymentAmount('cash', a, due, {})).toEqual({
        ok: false,
        code: 'amount_not_positive',
        message: 'Amount must be more than $0.00',
      });
    }
  });
  it('cash may exceed the balance (change due); card, check and online may not', () => {
    expect(P.checkPaymentAmount('cash', '150', due, {}).ok).toBe(true);
    for (const t of ['card', 'check', 'online'] as const) {
      expect(P.checkPaymentAmount(t, '100.01', due, {})).toEqual({
        ok: false,
        code: 'amount_above_balance',
        message: 'Max amount allowed: $100.00',
      });
      expect(P.checkPaymentAmount(t, '100', due, {}).ok).toBe(true);
    }
  });
  it('voucher: "Max amount allowed: {amount}" against the card balance (and the balance due)', () => {
    expect(P.checkPaymentAmount('voucher', '30', due, { voucherBalance: money('25') })).toEqual({
      ok: false,
      code: 'amount_above_voucher',
      message: 'Max amount allowed: $25.00',
    });
    expect(P.checkPaymentAmount('voucher', '25', due, { voucherBalance: money('25') }).ok).toBe(true);
    expect(P.checkPaymentAmount('voucher', '1', due, {}).ok).toBe(false);
    expect(P.checkPaymentAmount('voucher', '101', due, { voucherBalance: money('1000') })).toMatchObject({
      message: 'Max amount allowed: $100.00',
    });
  });
  it('store credit: capped at the lesser of credit and balance due', () => {
    expect(P.maxPaymentAmount('store_credit', due, { storeCredit: money('40') })?.toFixed(2)).toBe('40.00');
    expect(P.maxPaymentAmount('store_credit', money('30'), { storeCredit: money('40') })?.toFixed(2)).toBe('30.00');
    expect(P.maxPaymentAmount('store_credit', due, {})?.toFixed(2)).toBe('0.00');
    // The credit is what the amount passes: said so, with what is left.
    expect(P.checkPaymentAmount('store_credit', '41', due, { storeCredit: money('40') })).toMatchObject({
      code: 'amount_above_store_credit',
      message: 'Not enough store credit: $40.00 available.',
    });
    expect(P.checkPaymentAmount('store_credit', '0.01', due, { storeCredit: money('0') })).toMatchObject({
      code: 'amount_above_store_credit',
      message: 'Not enough store credit: $0.00 available.',
    });
    expect(P.checkPaymentAmount('store_credit', '1', due, { storeCredit: money('-3') })).toMatchObject({
      message: 'Not enough store credit: $0.00 available.',
    });
    // The balance due is: the spec's max amount.
    expect(P.checkPaymentAmount('store_credit', '31', money('30'), { storeCredit: money('40') })).toMatchObject({
      code: 'amount_above_store_credit',
      message: 'Max amount allowed: $30.00',
    });
    expect(P.checkPaymentAmount('store_credit', '40', due, { storeCredit: money('40') }).ok).toBe(true);
    expect(P.maxPaymentAmount('cash', due, {})).toBeNull();
  });
  it('a negative cap is reported as $0.00', () => {
    expect(P.checkPaymentAmount('card', '1', money('-5'), {})).toMatchObject({ message: 'Max amount allowed: $0.00' });
  });
  it('check number is an integer of at least 1', () => {
    expect(P.isValidCheckNumber(1)).toBe(true);
    expect(P.isValidCheckNumber('1042')).toBe(true);
    for (const bad of [0, -1, 1.5, '1.5', 'abc', '', null, undefined]) expect(P.isValidCheckNumber(bad)).toBe(false);
  });
  it('card-with-device messages', () => {
    expect(P.CARD_DEPARTMENT_MESSAGE).toBe('Select a department that will process the batch');
    expect(P.CARD_DEVICE_MESSAGE).toBe('Select a device that will display the amount');
    expect(P.CARD_TYPE_MESSAGE).toBe('Select a card type');
  });
});

describe('shortcuts', () => {
  it('Balance and 50% (rounded to cents)', () => {
    expect(P.balanceShortcut(money('10.01')).toFixed(2)).toBe('10.01');
    expect(P.halfShortcut(money('10.01')).toFixed(2)).toBe('5.01');
    expect(P.halfShortcut(money('0.01')).toFixed(2)).toBe('0.01');
    expect(P.balanceShortcut(money('-2')).toFixed(2)).toBe('0.00');
    expect(P.halfShortcut(ZERO).toFixed(2)).toBe('0.00');
  });
});

describe('card surcharge', () => {
  const s = settings({ cardSurcharge: { percent: '3', applyToDebit: false, taxClassId: 9 } });
  it('applies the percent to credit payments and taxes it with its class', () => {
    const r = P.cardSurchargeFor(money('100'), 'credit', s, false);
    expect([toWire(r.surcharge), toWire(r.tax)]).toEqual(['3.00', '0.25']);
    expect(toWire(P.cardSurchargeFor(money('100'), null, s, false).surcharge)).toBe('3.00');
  });
  it('not on debit unless configured; untaxed when exempt or no class', () => {
    expect(toWire(P.cardSurchargeFor(money('100'), 'debit', s, false).surcharge)).toBe('0.00');
    expect(
      toWire(
        P.cardSurchargeFor(
          money('100'),
          'debit',
          { ...s, cardSurcharge: { ...s.cardSurcharge, applyToDebit: true } },
          false,
        ).surcharge,
      ),
    ).toBe('3.00');
    expect(toWire(P.cardSurchargeFor(money('100'), 'credit', s, true).tax)).toBe('0.00');
    expect(toWire(P.cardSurchargeFor(money('100'), 'credit', settings(), false).surcharge)).toBe('0.00');
  });
});

describe('adding and voiding transactions', () => {
  it('store credit falls on add and comes back on void; void all restores paid 0 and balance = total', () => {
    const start: P.PaymentState = { transactions: [], storeCredit: money('50') };
    const a = P.applyTransaction(start, transaction({ transaction_type: 'store_credit', amount: '20.00' }));
    expect(a.storeCredit.toFixed(2)).toBe('30.00');
    const b = P.applyTransaction(a, transaction({ id: uuid(501), amount: '5.00' }));
    expect(b.storeCredit.toFixed(2)).toBe('30.00');
    const v = P.voidTransactionIn(b, uuid(500), 'later');
    expect(v.storeCredit.toFixed(2)).toBe('50.00');
    expect(v.transactions[0]).toMatchObject({ status: 'void', voided_at: 'later' });
    expect(P.voidTransactionIn(v, uuid(500), 'again').storeCredit.toFixed(2)).toBe('50.00');
    const all = P.voidAllTransactions(b, 'x');
    expect(all.transactions.every((t) => t.status === 'void')).toBe(true);
    expect(all.storeCredit.toFixed(2)).toBe('50.00');
    const t = computeTotals(
      { lines: [custom({ price: '70.00' })], transactions: all.transactions, taxExempt: false, taxExemptNumber: null },
      settings(),
    );
    expect([t.amountPaid.toFixed(2), t.balanceDue.toFixed(2)]).toEqual(['0.00', '70.00']);
    expect(P.visibleTransactions(v.transactions).map((x) => x.id)).toEqual([uuid(501)]);
  });

  it('adding then voiding restores the state (property)', () => {
    const amount = fc.integer({ min: 1, max: 100000 }).map((c) => new Decimal(c).div(100).toFixed(2));
    fc.assert(
      fc.property(
        fc.array(amount, { maxLength: 5 }),
        amount,
        fc.constantFrom<'cash' | 'card' | 'store_credit' | 'check'>('cash', 'card', 'store_credit', 'check'),
        (prior, a, type) => {
          const lines = [custom({ price: '500.00' })];
          const start: P.PaymentState = {
            transactions: prior.map((p, i) => transaction({ id: uuid(700 + i), amount: p })),
            storeCredit: money('1000'),
          };
          const totals = (st: P.PaymentState) =>
            computeTotals(
              { lines, transactions: st.transactions, taxExempt: false, taxExemptNumber: null },
              settings(),
            );
          const before = totals(start);
          const added = P.applyTransaction(
            start,
            transaction({
              id: uuid(900),
              transaction_type: type,
              amount: a,
              surcharge: type === 'card' ? '1.00' : '0.00',
            }),
          );
          expect(totals(added).balanceDue.plus(a).eq(before.balanceDue)).toBe(true);
          const back = P.voidTransactionIn(added, uuid(900), 'now');
          const after = totals(back);
          expect([after.amountPaid.toFixed(2), after.balanceDue.toFixed(2), after.orderTotal.toFixed(2)]).toEqual([
            before.amountPaid.toFixed(2),
            before.balanceDue.toFixed(2),
            before.orderTotal.toFixed(2),
          ]);
          expect(back.storeCredit.eq(start.storeCredit)).toBe(true);
        },
      ),
    );
  });
});

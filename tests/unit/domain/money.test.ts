import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import Decimal from 'decimal.js';
import * as M from '../../../src/domain/money';

describe('money parsing', () => {
  it('parses numbers, strings and currency text to 2 places', () => {
    expect(M.toWire(M.money('1234.5'))).toBe('1234.50');
    expect(M.toWire(M.money(' $1,234.567 '))).toBe('1234.57');
    expect(M.toWire(M.money(12))).toBe('12.00');
    expect(M.toWire(M.money(new Decimal('2.345')))).toBe('2.35');
    expect(M.toWire(M.money(10n))).toBe('10.00');
    expect(M.toWire(M.money('(5.00)'))).toBe('-5.00');
    expect(M.toWire(M.money('-$5.10'))).toBe('-5.10');
    expect(M.toWire(M.money('.5'))).toBe('0.50');
    expect(M.toWire(M.money('1e2'))).toBe('100.00');
  });
  it('turns anything non-numeric into 0 / "0.00"', () => {
    for (const bad of ['abc', '', '  ', null, undefined, NaN, Infinity, {}, [], '1.2.3', new Decimal(NaN), true]) {
      expect(M.moneyString(bad)).toBe('0.00');
    }
    expect(M.decimal('x').isZero()).toBe(true);
  });
  it('rounds half-up to cents (away from zero on a tie)', () => {
    expect(M.toWire(M.money('0.005'))).toBe('0.01');
    expect(M.toWire(M.money('0.004'))).toBe('0.00');
    expect(M.toWire(M.money('2.675'))).toBe('2.68');
    expect(M.toWire(M.money('-2.675'))).toBe('-2.68');
  });
});

describe('money arithmetic', () => {
  it('adds, subtracts, multiplies and takes percents exactly', () => {
    expect(M.toWire(M.add(M.money('0.10'), M.money('0.20')))).toBe('0.30');
    expect(M.toWire(M.sub(M.money('1.00'), M.money('0.99')))).toBe('0.01');
    expect(M.toWire(M.mul(M.money('19.99'), 3))).toBe('59.97');
    expect(M.toWire(M.mul(M.money('10.00'), '0.333'))).toBe('3.33');
    expect(M.toWire(M.percent(M.money('100.00'), '8.25'))).toBe('8.25');
    expect(M.toWire(M.percent(M.money('10.10'), '8.25'))).toBe('0.83');
    expect(M.toWire(M.neg(M.money('3')))).toBe('-3.00');
    expect(M.toWire(M.sum([M.money('1.11'), M.money('2.22'), M.money('3.33')]))).toBe('6.66');
    expect(M.toWire(M.sum([]))).toBe('0.00');
  });
  it('compares exactly', () => {
    const a = M.money('1.00');
    const b = M.money('1.01');
    expect(M.cmp(a, b)).toBe(-1);
    expect(M.cmp(b, a)).toBe(1);
    expect(M.cmp(a, M.money(1))).toBe(0);
    expect(M.eq(a, M.money('1'))).toBe(true);
    expect(M.gt(b, a) && M.gte(a, a) && M.lt(a, b) && M.lte(a, a)).toBe(true);
    expect(M.isZero(M.ZERO) && M.isPositive(a) && M.isNegative(M.money(-1))).toBe(true);
    expect(M.toWire(M.minMoney(a, b))).toBe('1.00');
    expect(M.toWire(M.maxMoney(a, b))).toBe('1.01');
  });
  it('sums of cents never drift (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1_000_000, max: 1_000_000 }), { maxLength: 200 }), (cents) => {
        const total = M.sum(cents.map((c) => M.money(new Decimal(c).div(100))));
        expect(M.toWire(total)).toBe(M.toWire(new Decimal(cents.reduce((a, b) => a + b, 0)).div(100)));
      }),
    );
  });
});

describe('formatUSD', () => {
  it('formats en-US dollars', () => {
    expect(M.formatUSD('1234.5')).toBe('$1,234.50');
    expect(M.formatUSD(0)).toBe('$0.00');
    expect(M.formatUSD('-5')).toBe('-$5.00');
    expect(M.formatUSD('1234567.891')).toBe('$1,234,567.89');
    expect(M.formatUSD(M.money('999.999'))).toBe('$1,000.00');
    expect(M.formatUSD('abc')).toBe('$0.00');
  });
  it('matches Intl en-US USD formatting (property)', () => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000_00, max: 10_000_000_00 }), (cents) => {
        const d = new Decimal(cents).div(100);
        expect(M.formatUSD(d)).toBe(intl.format(Number(d.toFixed(2))));
      }),
    );
  });
});

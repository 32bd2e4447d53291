import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import Decimal from 'decimal.js';
import { priceEditSchema } from '../../../src/domain/forms/price-edit';
import * as P from '../../../src/domain/pricing';

describe('price edit sync', () => {
  it('from price, amount and percent against the original', () => {
    const a = P.fromPrice('80.00', '60.00');
    expect([a.price.toFixed(2), a.amount.toFixed(2), P.percentText(a.percent)]).toEqual(['60.00', '-20.00', '-25']);
    const b = P.fromAmount('80.00', '10');
    expect([b.price.toFixed(2), b.amount.toFixed(2), P.percentText(b.percent)]).toEqual(['90.00', '10.00', '12.5']);
    const c = P.fromPercent('80.00', '-12.5');
    expect([c.price.toFixed(2), c.amount.toFixed(2)]).toEqual(['70.00', '-10.00']);
    expect(P.percentText(P.fromPrice('3.00', '4.00').percent)).toBe('33.33');
  });
  it('clamps to the bounds: price >= 0, amount >= -original, percent >= -100', () => {
    expect(P.fromPrice('10', '-5').price.toFixed(2)).toBe('0.00');
    expect(P.fromAmount('10', '-50').price.toFixed(2)).toBe('0.00');
    expect(P.fromPercent('10', '-150').price.toFixed(2)).toBe('0.00');
    expect(P.fromPrice('0', '5').percent.toString()).toBe('0');
  });
  it('validates typed values', () => {
    expect(P.validatePriceInput('-0.01')).toBe(P.PRICE_MIN_MESSAGE);
    expect(P.validatePriceInput('1.005')).toBe(P.PRICE_STEP_MESSAGE);
    expect(P.validatePriceInput('1.05')).toBeNull();
    expect(P.validateAmountInput('10', '-10.01')).toBe(P.AMOUNT_MIN_MESSAGE);
    expect(P.validateAmountInput('10', '-10')).toBeNull();
    expect(P.validatePercentInput('-100.5')).toBe(P.PERCENT_MIN_MESSAGE);
    expect(P.validatePercentInput('12.25')).toBe(P.PERCENT_STEP_MESSAGE);
    expect(P.validatePercentInput('-100')).toBeNull();
  });
  it('price, amount and percent round-trip (property)', () => {
    const cents = (min: number, max: number) => fc.integer({ min, max }).map((c) => new Decimal(c).div(100).toFixed(2));
    fc.assert(
      fc.property(cents(1, 10_000_000), cents(0, 20_000_000), (original, price) => {
        const a = P.fromPrice(original, price);
        const b = P.fromAmount(original, a.amount);
        const c = P.fromPercent(original, a.percent);
        expect(b.price.toFixed(2)).toBe(price);
        expect(c.price.toFixed(2)).toBe(price);
        expect(c.amount.eq(a.amount) && b.percent.eq(a.percent)).toBe(true);
      }),
    );
  });
  it('percent in 0.5 steps gives cents and stays in sync (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: -200, max: 1000 }), (oc, halfSteps) => {
        const original = new Decimal(oc).div(100).toFixed(2);
        const e = P.fromPercent(original, new Decimal(halfSteps).div(2));
        expect(e.price.decimalPlaces()).toBeLessThanOrEqual(2);
        expect(e.price.minus(e.amount).toFixed(2)).toBe(original);
      }),
    );
  });
});

describe('price edit form', () => {
  it('reports each broken rule on its field', () => {
    const s = priceEditSchema('10.00');
    expect(s.safeParse({ price: '9.50', amount: '-0.50', percent: '-5' }).success).toBe(true);
    const r = s.safeParse({ price: '-1', amount: '-11', percent: '-101' });
    expect(r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['price', P.PRICE_MIN_MESSAGE],
      ['amount', P.AMOUNT_MIN_MESSAGE],
      ['percent', P.PERCENT_MIN_MESSAGE],
    ]);
  });
});

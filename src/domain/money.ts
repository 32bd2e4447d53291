/**
 * Money: a branded Decimal with exactly 2 places, rounded half-up (away from zero on a tie) to
 * cents. This module is the only place amounts are rounded; nothing in a money path is a JS float.
 * Wire and record format: a decimal string with 2 places ("1234.50").
 */
import Decimal from 'decimal.js';

/** Decimal with room for exact intermediate products (rates x minutes x quantities). */
export const Dec = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -30, toExpPos: 30 });
export type Dec = Decimal;

declare const moneyBrand: unique symbol;
export type Money = Decimal & { readonly [moneyBrand]: true };
/** A money value on the wire or in a record: "-12.50", "0.00". */
export type MoneyString = string;

const PLAIN = /^-?\d+(\.\d+)?$/;
const NUMERIC = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** Exact decimal from anything; non-numeric input (including "", null, NaN, "abc") becomes 0. */
export function decimal(input: unknown): Decimal {
  if (input instanceof Decimal) return input.isFinite() ? new Dec(input) : new Dec(0);
  if (typeof input === 'number') return Number.isFinite(input) ? new Dec(input) : new Dec(0);
  if (typeof input === 'bigint') return new Dec(input.toString());
  if (typeof input !== 'string') return new Dec(0);
  if (PLAIN.test(input)) return new Dec(input);
  let s = input.trim().replace(/[$,\s]/g, '');
  let negative = false;
  if (/^\(.*\)$/.test(s)) {
    negative = true;
    s = s.slice(1, -1);
  }
  if (s.startsWith('-$')) s = '-' + s.slice(2);
  if (!NUMERIC.test(s)) return new Dec(0);
  const d = new Dec(s);
  return negative ? d.neg() : d;
}

/** Round an exact decimal to cents, half-up. */
export function roundMoney(d: Decimal): Money {
  return d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP) as Money;
}

/** Money from anything: numbers, strings ("$1,234.5"), Decimals; non-numeric becomes 0.00. */
export function money(input: unknown): Money {
  return roundMoney(decimal(input));
}

export const ZERO: Money = money(0);

/** "1234.50" — the wire/record form. */
export function toWire(m: Decimal): MoneyString {
  return roundMoney(m).toFixed(2);
}

/** Normalise any input to the wire form: non-numeric gives "0.00". */
export function moneyString(input: unknown): MoneyString {
  return toWire(decimal(input));
}

export function add(a: Money, b: Money): Money {
  return a.plus(b) as Money;
}

export function sub(a: Money, b: Money): Money {
  return a.minus(b) as Money;
}

/** a x factor, rounded to cents. */
export function mul(a: Money, factor: unknown): Money {
  return roundMoney(a.times(decimal(factor)));
}

/** pct percent of a, rounded to cents ("3.5" -> 3.5 %). */
export function percent(a: Money, pct: unknown): Money {
  return roundMoney(a.times(decimal(pct)).div(100));
}

export function neg(a: Money): Money {
  return a.neg() as Money;
}

export function sum(values: readonly Money[]): Money {
  let total = new Dec(0);
  for (const v of values) total = total.plus(v);
  return total as Money;
}

export function cmp(a: Decimal, b: Decimal): -1 | 0 | 1 {
  return a.comparedTo(b) as -1 | 0 | 1;
}
export const eq = (a: Decimal, b: Decimal): boolean => a.eq(b);
export const gt = (a: Decimal, b: Decimal): boolean => a.gt(b);
export const gte = (a: Decimal, b: Decimal): boolean => a.gte(b);
export const lt = (a: Decimal, b: Decimal): boolean => a.lt(b);
export const lte = (a: Decimal, b: Decimal): boolean => a.lte(b);
export const isZero = (a: Decimal): boolean => a.isZero();
export const isPositive = (a: Decimal): boolean => a.gt(0);
export const isNegative = (a: Decimal): boolean => a.lt(0);
export const minMoney = (a: Money, b: Money): Money => (a.lte(b) ? a : b);
export const maxMoney = (a: Money, b: Money): Money => (a.gte(b) ? a : b);

/** en-US USD: "$1,234.50", "-$5.00". */
export function formatUSD(input: unknown): string {
  const m = input instanceof Decimal ? roundMoney(input) : money(input);
  const fixed = m.abs().toFixed(2);
  const dot = fixed.indexOf('.');
  const whole = fixed.slice(0, dot).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = m.lt(0) ? '-' : '';
  return `${sign}$${whole}${fixed.slice(dot)}`;
}

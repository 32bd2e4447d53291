/**
 * Staff price edit (cart unit price): new price, adjustment amount and percent stay in sync, the
 * percent always computed against the original price. Price >= 0 in cents; amount >= -original;
 * percent >= -100 in steps of 0.5 when typed by staff.
 */
import Decimal from 'decimal.js';
import { Dec, decimal, roundMoney, type Money } from './money';

export interface PriceEdit {
  price: Money;
  amount: Money;
  /** Exact percent against the original (display with percentText). */
  percent: Decimal;
}

export const PRICE_MIN_MESSAGE = 'Price must be at least $0.00';
export const PRICE_STEP_MESSAGE = 'Price must be in whole cents';
export const AMOUNT_MIN_MESSAGE = 'Adjustment cannot be below minus the original price';
export const PERCENT_MIN_MESSAGE = 'Percentage cannot be below -100';
export const PERCENT_STEP_MESSAGE = 'Percentage must be a multiple of 0.5';

function percentOf(original: Money, price: Money): Decimal {
  return original.isZero() ? new Dec(0) : price.minus(original).times(100).div(original);
}

/** From a new price: amount = price - original, percent against original. */
export function fromPrice(originalInput: unknown, priceInput: unknown): PriceEdit {
  const original = roundMoney(decimal(originalInput));
  const price = roundMoney(Dec.max(decimal(priceInput), 0));
  return { price, amount: price.minus(original) as Money, percent: percentOf(original, price) };
}

/** From an adjustment amount (not below minus the original). */
export function fromAmount(originalInput: unknown, amountInput: unknown): PriceEdit {
  const original = roundMoney(decimal(originalInput));
  const amount = roundMoney(Dec.max(decimal(amountInput), original.neg()));
  const price = original.plus(amount) as Money;
  return { price, amount, percent: percentOf(original, price) };
}

/** From a percent (not below -100): price rounded to cents, amount follows. */
export function fromPercent(originalInput: unknown, percentInput: unknown): PriceEdit {
  const original = roundMoney(decimal(originalInput));
  const pct = Dec.max(decimal(percentInput), -100);
  const price = roundMoney(original.times(pct.plus(100)).div(100));
  return { price, amount: price.minus(original) as Money, percent: new Dec(pct) };
}

/** Percent shown to staff: 2 places, trailing zeros trimmed ("12.5", "-100", "33.33"). */
export function percentText(p: Decimal): string {
  return p.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toString();
}

/** Validation of what staff typed, with the message for the first rule broken (null = valid). */
export function validatePriceInput(input: unknown): string | null {
  const d = decimal(input);
  if (d.lt(0)) return PRICE_MIN_MESSAGE;
  if (!d.times(100).isInteger()) return PRICE_STEP_MESSAGE;
  return null;
}

export function validateAmountInput(original: unknown, input: unknown): string | null {
  return decimal(input).lt(decimal(original).neg()) ? AMOUNT_MIN_MESSAGE : null;
}

export function validatePercentInput(input: unknown): string | null {
  const d = decimal(input);
  if (d.lt(-100)) return PERCENT_MIN_MESSAGE;
  if (!d.times(2).isInteger()) return PERCENT_STEP_MESSAGE;
  return null;
}

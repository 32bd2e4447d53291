/**
 * Cart unit price edit (both specs §5): new price >= 0 in cents, adjustment not below minus the
 * original, percent >= -100 in steps of 0.5. Sync between the three lives in ../pricing.
 */
import { z } from 'zod';
import { validateAmountInput, validatePercentInput, validatePriceInput } from '../pricing';

export const UNIT_PRICE_UPDATED = 'The unit price has been updated.';
export const UNIT_PRICE_FAILED = "The unit price couldn't be updated.";
export const SYSTEM_ERROR = 'A system error occurred. Contact your administrator.';

const text = z.union([z.string(), z.number()]).transform(String);

export function priceEditSchema(originalPrice: string) {
  return z.object({ price: text, amount: text.default('0'), percent: text.default('0') }).superRefine((v, ctx) => {
    const checks: [keyof typeof v, string | null][] = [
      ['price', validatePriceInput(v.price)],
      ['amount', validateAmountInput(originalPrice, v.amount)],
      ['percent', validatePercentInput(v.percent)],
    ];
    for (const [path, message] of checks) if (message !== null) ctx.addIssue({ code: 'custom', path: [path], message });
  });
}
export type PriceEditForm = z.infer<ReturnType<typeof priceEditSchema>>;

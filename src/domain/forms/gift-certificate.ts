/**
 * Selling a gift certificate at the counter (docs/decisions/pos.md "Gift certificates at the
 * counter"; the spec shows only redemption): amount, code (generated or typed, unique: the
 * server checks at sync), recipient name and email, optional message. The same schema runs in the
 * modal and in the cart.addVoucher mutator, on the device and the server.
 */
import { z } from 'zod';
import { emailField, maxChars, optionalText, requiredText } from './messages';

export const GIFT_AMOUNT_MESSAGE = 'Amount must be more than $0.00';
export const GIFT_AMOUNT_MAX_MESSAGE = 'Amount must be at most $10,000.00';
export const GIFT_CODE_MESSAGE = 'Code must be 4 to 32 letters, digits or dashes';
export const GIFT_CODE_IN_CART = 'This code is already on this order.';

/** Codes are compared case-insensitively (the vouchers index is on upper(code)). */
export const normaliseGiftCode = (code: string): string => code.trim().toUpperCase();

export const giftCertificateFormSchema = z.object({
  amount: z
    .string()
    .trim()
    .regex(/^\d{1,10}(\.\d{1,2})?$/, GIFT_AMOUNT_MESSAGE)
    .refine((s) => Number(s) > 0, GIFT_AMOUNT_MESSAGE)
    .refine((s) => Number(s) <= 10_000, GIFT_AMOUNT_MAX_MESSAGE),
  code: z
    .string()
    .transform(normaliseGiftCode)
    .refine((s) => /^[A-Z0-9-]{4,32}$/.test(s), GIFT_CODE_MESSAGE),
  to_name: requiredText(2, 64),
  to_email: emailField(false),
  message: optionalText(0, 1000).default(''),
});
export type GiftCertificateForm = z.infer<typeof giftCertificateFormSchema>;

/** Letters and digits that cannot be misread (no 0/O, 1/I/L). */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A 12-character code from `random` (0 <= x < 1), grouped XXXX-XXXX-XXXX; randomness is the caller's. */
export function generateGiftCode(random: () => number): string {
  const chars = Array.from({ length: 12 }, () => ALPHABET[Math.floor(random() * ALPHABET.length)] ?? 'A');
  return [chars.slice(0, 4), chars.slice(4, 8), chars.slice(8)].map((g) => g.join('')).join('-');
}

export { maxChars };

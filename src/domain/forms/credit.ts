/**
 * Add Credit (pos-back-office.md §5: "description and amount free text; server decides validity
 * (not shown)"). The rules the server decides, shared with the device so an offline entry is
 * refused the same way (docs/decisions/payments.md "Store credit: Add Credit"):
 * description required, at most 255 characters; amount not zero, at most 2 decimals, at most
 * $10,000.00 either way (a negative amount takes credit back); the balance never below $0.00.
 */
import { z } from 'zod';
import { decimal } from '../money';
import { requiredText } from './messages';

/** The spec gives no success wording ("success or error in an alert"): ours, on device and server alike. */
export const CREDIT_ADDED = 'Success: store credit added.';
export const CREDIT_AMOUNT_MESSAGE = 'Amount must not be $0.00';
export const CREDIT_AMOUNT_INVALID_MESSAGE = 'Amount must be a number with at most 2 decimals';
export const CREDIT_AMOUNT_MAX = '10000.00';
export const CREDIT_AMOUNT_MAX_MESSAGE = 'Amount must be at most $10,000.00 either way';
export const CREDIT_BELOW_ZERO_MESSAGE = 'Store credit cannot go below $0.00';
export const CREDIT_DESCRIPTION_MAX = 255;

const AMOUNT = /^-?\d{1,10}(\.\d{1,2})?$/;

export const creditFormSchema = z.object({
  description: z.string().default('').pipe(requiredText(1, CREDIT_DESCRIPTION_MAX)),
  amount: z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .refine((v) => AMOUNT.test(v), CREDIT_AMOUNT_INVALID_MESSAGE)
    .refine((v) => !AMOUNT.test(v) || !decimal(v).isZero(), CREDIT_AMOUNT_MESSAGE)
    .refine((v) => !AMOUNT.test(v) || decimal(v).abs().lte(CREDIT_AMOUNT_MAX), CREDIT_AMOUNT_MAX_MESSAGE)
    .transform((v) => decimal(v).toFixed(2)),
});
export type CreditForm = z.infer<typeof creditFormSchema>;

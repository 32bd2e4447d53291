/**
 * Add Credits (pos-back-office.md §5): description and amount are free text and the server
 * decides validity; the domain refuses only a zero or non-numeric amount and a balance below 0.
 */
import { z } from 'zod';
import { decimal } from '../money';

export const CREDIT_AMOUNT_MESSAGE = 'Amount must not be $0.00';
export const CREDIT_BELOW_ZERO_MESSAGE = 'Store credit cannot go below $0.00';

export const creditFormSchema = z.object({
  description: z.string().trim().default(''),
  amount: z
    .union([z.string(), z.number()])
    .refine((v) => !decimal(v).toDecimalPlaces(2).isZero(), CREDIT_AMOUNT_MESSAGE)
    .transform((v) => decimal(v).toFixed(2)),
});
export type CreditForm = z.infer<typeof creditFormSchema>;

/**
 * Payment modals (pos-back-office.md §5): amount more than $0.00; card with a device needs the
 * department (terminal), device and card type; check number an integer of at least 1.
 */
import { z } from 'zod';
import { decimal } from '../money';
import {
  AMOUNT_NOT_POSITIVE,
  CARD_DEPARTMENT_MESSAGE,
  CARD_DEVICE_MESSAGE,
  CARD_TYPE_MESSAGE,
  CHECK_NUMBER_MESSAGE,
} from '../payments';

export const cardTypeOptions = [
  { value: 'credit', label: 'Credit' },
  { value: 'debit', label: 'Debit' },
] as const;
export const terminalActions = ['Charge', 'Refund'] as const;

export const amountField = z
  .union([z.string(), z.number()])
  .refine((v) => decimal(v).toDecimalPlaces(2).gt(0), AMOUNT_NOT_POSITIVE)
  .transform((v) => decimal(v).toFixed(2));

const pick = (message: string) => z.string({ error: message }).trim().min(1, message);

export const cardDevicePaymentSchema = z.object({
  amount: amountField,
  department: pick(CARD_DEPARTMENT_MESSAGE),
  device: pick(CARD_DEVICE_MESSAGE),
  cardType: z.enum(['credit', 'debit'], { error: CARD_TYPE_MESSAGE }),
  action: z.enum(terminalActions).default('Charge'),
});
export type CardDevicePayment = z.infer<typeof cardDevicePaymentSchema>;

export const checkNumberField = z.coerce
  .number({ error: CHECK_NUMBER_MESSAGE })
  .int(CHECK_NUMBER_MESSAGE)
  .min(1, CHECK_NUMBER_MESSAGE);

export const checkPaymentSchema = z.object({ amount: amountField, checkNumber: checkNumberField });
export const simplePaymentSchema = z.object({ amount: amountField });

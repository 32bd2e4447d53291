/** Custom labor (pos-back-office.md §5): laborId, laborTime (minutes), quantity positive integers. */
import { z } from 'zod';
import { flag } from './messages';

export const LABOR_TIME_POSITIVE = 'Time must be a positive number';
export const LABOR_QUANTITY_POSITIVE = 'Quantity must be a positive number';
export const LABOR_TYPE_REQUIRED = 'Please select a labor type';
export const LABOR_UPDATED = 'The labor has been updated.';
export const LABOR_UPDATE_FAILED = "The labor couldn't be updated.";

const positiveInt = (message: string) => z.coerce.number(message).int(message).positive(message);

export const customLaborFormSchema = z.object({
  laborId: positiveInt(LABOR_TYPE_REQUIRED),
  laborTime: positiveInt(LABOR_TIME_POSITIVE),
  name: z.string().trim().default(''),
  quantity: positiveInt(LABOR_QUANTITY_POSITIVE),
  applyLabor: flag.default(false),
  productLaborKey: z.string().default(''),
});
export type CustomLaborForm = z.infer<typeof customLaborFormSchema>;

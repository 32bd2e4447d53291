/** Vehicle add/edit (pos-back-office.md §7): vin, notes, ymm_data, title, customer_id. */
import { z } from 'zod';
import { CUSTOMER_MUST_BE_SELECTED } from './appointment';
import { maxChars } from './messages';

export const VIN_MESSAGE = 'VIN must be 17 characters';
export const DELETE_VEHICLE_CONFIRM = 'Are you sure you want to delete this vehicle?';

export const ymmChoiceSchema = z.object({
  api_field: z.string(),
  api_value: z.string(),
  label_field: z.string(),
  label_value: z.string(),
});

export const vehicleFormSchema = z.object({
  customer_ref: z.string({ error: CUSTOMER_MUST_BE_SELECTED }).min(1, CUSTOMER_MUST_BE_SELECTED),
  title: z.string().trim().max(128, maxChars(128)).default(''),
  vin: z
    .string()
    .trim()
    .toUpperCase()
    .default('')
    .refine((s) => s === '' || /^[A-HJ-NPR-Z0-9]{17}$/.test(s), VIN_MESSAGE),
  notes: z.string().default(''),
  ymm_data: z.record(z.string(), ymmChoiceSchema).default({}),
});
export type VehicleForm = z.infer<typeof vehicleFormSchema>;

/** "Add This Vehicle to Customer?" prompt text. */
export function addVehiclePrompt(customer: string, vehicle: string): string {
  return `${customer} does not have a ${vehicle} in The Garage matching the current YMM selections. Would you like to add this ${vehicle} to ${customer}'s Garage?`;
}

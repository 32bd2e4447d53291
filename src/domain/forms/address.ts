/** Customer address (pos-back-office.md §5): required only if require_address; lengths always apply. */
import { z } from 'zod';
import { customFieldsSchema, type CustomFieldDef } from './custom-fields';
import { optionalText, REQUIRED, requiredText } from './messages';

export const POSITIVE_SELECT = 'Please select a value';

function idField(required: boolean) {
  return z.coerce
    .number()
    .int()
    .refine((n) => (required ? n > 0 : n >= 0), required ? REQUIRED : POSITIVE_SELECT);
}

/** `customFields`: the shop's definitions; the address's answers (`custom_field`) are checked against its address fields. */
export function addressSchema(requireAddress: boolean, customFields?: readonly CustomFieldDef[]) {
  const text = (min: number, max: number) => (requireAddress ? requiredText(min, max) : optionalText(min, max));
  return z.object({
    address_id: z.string().optional(),
    firstname: requireAddress ? requiredText(2, 32) : optionalText(2, 32),
    lastname: requireAddress ? requiredText(2, 32) : optionalText(2, 32),
    company: optionalText(2, 40).default(''),
    address_1: text(2, 128),
    address_2: optionalText(2, 128).default(''),
    city: text(2, 128),
    postcode: text(2, 10),
    country_id: idField(requireAddress),
    zone_id: idField(requireAddress),
    default: z.boolean().default(false),
    custom_field: customFieldsSchema(customFields, 'address'),
  });
}
export type AddressForm = z.infer<ReturnType<typeof addressSchema>>;

/** The admin address editor: first name, last name, address 1, city, postcode, country, region required. */
export const adminAddressSchema = addressSchema(true);

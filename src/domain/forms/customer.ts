/**
 * Customer form (pos-back-office.md §5). firstname/lastname 2-32; email valid, required only with
 * require_email; telephone in the phone format, required only with require_telephone; password
 * 4-20 (the field exists only when a customer id is present; empty keeps the old one); Tax Exempt
 * Number only when tax exempt; addresses validated per require_address.
 */
import { z } from 'zod';
import { addressSchema } from './address';
import { customFieldsSchema, type CustomFieldDef } from './custom-fields';
import { emailField, flag, maxChars, minChars, phoneField, requiredText } from './messages';

export interface CustomerFormOptions {
  requireEmail: boolean;
  requireTelephone: boolean;
  requireAddress: boolean;
  /** Editing an existing customer: the password field is shown. */
  hasCustomerId: boolean;
  /** The shop's custom fields: `account_custom_field` and each address's `custom_field` are checked against them. */
  customFields?: readonly CustomFieldDef[];
  /** The admin address editor (General tab): every address needs the §5 admin fields, whatever require_address says. */
  adminAddresses?: boolean;
}

export function customerFormSchema(o: CustomerFormOptions) {
  return z
    .object({
      firstname: requiredText(2, 32),
      lastname: requiredText(2, 32),
      email: emailField(o.requireEmail),
      telephone: phoneField(o.requireTelephone),
      texting_alerts: flag.default(false),
      newsletter: flag.default(false),
      status: flag.default(true),
      safe: flag.default(false),
      customer_group_id: z.coerce.number().int().nullable().default(null),
      tax_exempt: flag.default(false),
      tax_exempt_number: z.string().trim().max(64, maxChars(64)).default(''),
      default_location_id: z.coerce.number().int().positive().nullable().default(null),
      password: z
        .string()
        .default('')
        .refine((s) => !o.hasCustomerId || s === '' || s.length >= 4, minChars(4))
        .refine((s) => !o.hasCustomerId || s.length <= 20, maxChars(20))
        .transform((s) => (o.hasCustomerId ? s : '')),
      addresses: z.array(addressSchema(o.requireAddress || o.adminAddresses === true, o.customFields)).default([]),
      account_custom_field: customFieldsSchema(o.customFields, 'account'),
    })
    .transform((v) => ({ ...v, tax_exempt_number: v.tax_exempt ? v.tax_exempt_number : '' }));
}
export type CustomerForm = z.infer<ReturnType<typeof customerFormSchema>>;

/** Which optional controls the form shows. */
export function customerFormVisibility(input: {
  hasCustomerId: boolean;
  taxExempt: boolean;
  isPro: boolean;
  locationCount: number;
  inPos: boolean;
}) {
  return {
    password: input.hasCustomerId,
    safe: !input.inPos,
    taxExemptNumber: input.taxExempt,
    defaultLocation: input.isPro && input.locationCount >= 2,
  };
}

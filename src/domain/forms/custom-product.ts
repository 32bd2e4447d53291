/** Add a Custom Product (pos-back-office.md §5); empty tax class means no tax. */
import { z } from 'zod';
import { decimal } from '../money';
import { maxChars } from './messages';

export const CUSTOM_PRODUCT_NAME_REQUIRED = 'Name is a required field.';
export const CUSTOM_PRODUCT_PRICE_POSITIVE = 'Price must be a positive number.';
export const CUSTOM_PRODUCT_QUANTITY_POSITIVE = 'Quantity must be a positive number.';
export const TAX_CLASS_HINT = 'Leave blank to exclude tax.';

/** "" / null / undefined -> null (no tax); otherwise a positive class id. */
export const taxClassField = z
  .union([z.literal(''), z.null(), z.coerce.number().int().positive()])
  .optional()
  .transform((v) => (typeof v === 'number' ? v : null));

export const customProductFormSchema = z.object({
  name: z.string().trim().min(1, CUSTOM_PRODUCT_NAME_REQUIRED).max(255, maxChars(255)),
  price: z
    .union([z.string(), z.number()])
    .refine((v) => decimal(v).gt(0), CUSTOM_PRODUCT_PRICE_POSITIVE)
    .transform((v) => decimal(v).toFixed(2)),
  quantity: z.coerce
    .number(CUSTOM_PRODUCT_QUANTITY_POSITIVE)
    .int(CUSTOM_PRODUCT_QUANTITY_POSITIVE)
    .min(1, CUSTOM_PRODUCT_QUANTITY_POSITIVE),
  tax_class_id: taxClassField,
});
export type CustomProductForm = z.infer<typeof customProductFormSchema>;

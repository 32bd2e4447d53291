/** Line item schema (both specs §5): name required, price positive, quantity positive integer, tax class nullable. */
import { z } from 'zod';
import { decimal } from '../money';
import {
  CUSTOM_PRODUCT_NAME_REQUIRED,
  CUSTOM_PRODUCT_PRICE_POSITIVE,
  CUSTOM_PRODUCT_QUANTITY_POSITIVE,
} from './custom-product';

export const lineItemSchema = z.object({
  name: z.string().trim().min(1, CUSTOM_PRODUCT_NAME_REQUIRED),
  price: z.union([z.string(), z.number()]).refine((v) => decimal(v).gt(0), CUSTOM_PRODUCT_PRICE_POSITIVE),
  quantity: z
    .number(CUSTOM_PRODUCT_QUANTITY_POSITIVE)
    .int(CUSTOM_PRODUCT_QUANTITY_POSITIVE)
    .positive(CUSTOM_PRODUCT_QUANTITY_POSITIVE),
  tax_class_id: z.number().int().nullable(),
});
export type LineItem = z.infer<typeof lineItemSchema>;

/**
 * GET /api/customer/get?customerId= and POST /api/customer/save (pos-back-office.md §7 "success,
 * error, customer, result, redirect"): one customer as the customer form's calls answer it (§3
 * "Customer"; never a password). The POS reads it for a customer the device has not pulled yet.
 */
import { z } from 'zod';

const answers = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

export const customerReplyAddressSchema = z.object({
  address_id: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  company: z.string(),
  address_1: z.string(),
  address_2: z.string(),
  city: z.string(),
  postcode: z.string(),
  country_id: z.number(),
  zone_id: z.number(),
  default: z.boolean(),
  custom_field: answers.optional(),
});

export const customerReplySchema = z.object({
  id: z.string(),
  customer_id: z.number().nullable(),
  custname: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  telephone: z.string(),
  texting_alerts: z.boolean(),
  newsletter: z.boolean(),
  status: z.boolean(),
  safe: z.boolean(),
  customer_group_id: z.number().nullable(),
  tax_exempt: z.boolean(),
  tax_exempt_number: z.string().nullable(),
  default_location_id: z.number().nullable(),
  store_credit: z.string(),
  date_added: z.string(),
  addresses: z.array(customerReplyAddressSchema),
  account_custom_field: answers,
  total_orders: z.number(),
  outstanding: z.object({ balance: z.string() }),
  require_email: z.boolean(),
  require_telephone: z.boolean(),
  require_address: z.boolean(),
});
export type CustomerReply = z.infer<typeof customerReplySchema>;

export const customerGetReplySchema = z.object({
  success: z.string(),
  error: z.string(),
  customer: customerReplySchema,
  result: z.object({ customer_id: z.number().nullable(), id: z.string() }),
  redirect: z.string(),
});
export type CustomerGetReply = z.infer<typeof customerGetReplySchema>;

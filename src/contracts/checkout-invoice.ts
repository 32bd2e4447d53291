import { z } from 'zod';

/**
 * GET /pos/order/invoice?order_id= as a call (a navigation to the same path gets the app shell,
 * which renders this): everything an invoice or receipt shows. The emailed receipt is rendered
 * from the same data, so the two never disagree.
 */
export const invoiceLineSchema = z.object({
  id: z.string(),
  kind: z.enum(['product', 'custom', 'labor', 'voucher', 'core_return']),
  name: z.string(),
  model: z.string(),
  /** Options, core charge, labor time or gift certificate code, one line each. */
  details: z.array(z.string()),
  quantity: z.number().int(),
  unit_price: z.string(),
  total: z.string(),
  po_number: z.string().nullable(),
});

export const invoicePaymentSchema = z.object({
  id: z.uuid(),
  transaction_id: z.number().int().nullable(),
  label: z.string(),
  type: z.string(),
  /** Amount + card surcharge + its tax: what the customer paid with it. */
  amount: z.string(),
  card: z.object({ brand: z.string(), last4: z.string(), auth_code: z.string() }).nullable(),
  check_number: z.number().int().nullable(),
  date: z.string(),
});

export const invoiceReplySchema = z.object({
  store: z.object({
    name: z.string(),
    address: z.array(z.string()),
    telephone: z.string(),
    email: z.string(),
    website: z.string(),
  }),
  order: z.object({
    id: z.uuid(),
    order_id: z.number().int().nullable(),
    device_ref: z.string().nullable(),
    status: z.string(),
    date_added: z.string(),
    completed_at: z.string().nullable(),
    customer: z.object({ name: z.string(), email: z.string(), telephone: z.string() }).nullable(),
    cashier: z.string().nullable(),
    tax_exempt: z.boolean(),
    tax_exempt_number: z.string().nullable(),
  }),
  lines: z.array(invoiceLineSchema),
  /** The Order Total breakdown rows (code, title, text), card rows only when above 0. */
  totals: z.array(z.object({ code: z.string(), title: z.string(), text: z.string(), value: z.string() })),
  payments: z.array(invoicePaymentSchema),
  orderTotal: z.string(),
  amountPaid: z.string(),
  balanceDue: z.string(),
  /** Refund Due (with what is owed back as balanceDue) for a voided order (src/domain/settlement.ts). */
  balanceLabel: z.enum(['Balance Due', 'Change Due', 'Refund Due']),
  /** Paid In Full, Outstanding Balance, or for a voided order "Refund due $X" / "Order voided: nothing is owed". */
  statusText: z.string(),
  /** The shop's receipt footer (setting receipt_footer); '' when it set none. */
  footer: z.string(),
});
export type InvoiceReply = z.infer<typeof invoiceReplySchema>;

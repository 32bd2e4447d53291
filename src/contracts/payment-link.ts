import { z } from 'zod';

/**
 * Pay-by-link (pos-back-office.md §7 POST /pos/order/sendPaymentURL; the customer's side is ours):
 * staff send a link `/checkout/pay?token=...`; the customer opens it, sees what is owed, and pays
 * online. Only test card numbers are accepted (this product processes no real card online) and
 * nothing of the card is kept but its brand and last 4 digits.
 */

export const payLinkQuerySchema = z.object({
  token: z.string().trim().min(16, 'This payment link is invalid or has expired.').max(128),
});

/** GET /api/pay/link?token= (public) */
export const payLinkReplySchema = z.object({
  orderId: z.number().int().nullable(),
  storeName: z.string(),
  orderTotal: z.string(),
  amountPaid: z.string(),
  balanceDue: z.string(),
  paidInFull: z.boolean(),
  lines: z.array(z.object({ name: z.string(), quantity: z.number().int(), total: z.string() })),
  expiresAt: z.string(),
});
export type PayLinkReply = z.infer<typeof payLinkReplySchema>;

export const CARD_NUMBER_MESSAGE =
  'Use a test card number such as 4242 4242 4242 4242: this shop takes no real cards online.';
export const CARD_EXPIRY_MESSAGE = 'Enter a future expiry date as MM/YY';
export const CARD_CVC_MESSAGE = 'Enter the 3 or 4 digit security code';

/** POST /api/pay/link (public). `id` is minted by the page: a double submit pays once. */
export const payLinkRequestSchema = z.object({
  token: z.string().trim().min(16).max(128),
  id: z.uuid().optional(),
  /** Defaults to the whole balance due. */
  amount: z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .optional(),
  card: z.object({
    number: z
      .string()
      .transform((s) => s.replace(/[\s-]/g, ''))
      .pipe(z.string().regex(/^\d{12,19}$/, CARD_NUMBER_MESSAGE)),
    expiry: z
      .string()
      .trim()
      .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, CARD_EXPIRY_MESSAGE),
    cvc: z
      .string()
      .trim()
      .regex(/^\d{3,4}$/, CARD_CVC_MESSAGE),
    name: z.string().trim().max(100).default(''),
  }),
});
export type PayLinkRequest = z.input<typeof payLinkRequestSchema>;

export const payLinkPaidSchema = z.object({
  success: z.string(),
  payment: z.object({ id: z.uuid(), amount: z.string(), brand: z.string(), last4: z.string() }),
  balanceDue: z.string(),
  paidInFull: z.boolean(),
});
export type PayLinkPaid = z.infer<typeof payLinkPaidSchema>;

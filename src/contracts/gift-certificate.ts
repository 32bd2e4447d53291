/**
 * The staff view of gift certificates (docs/decisions/pos.md "Gift certificate lookup"; the spec
 * only redeems them): GET /api/gift_certificate (one page of 10, newest issued first, optionally
 * filtered by code or recipient) and GET /api/gift_certificate/info?code= (one certificate: issued
 * amount, balance, recipient, the order that sold it, and its history). Staff only.
 */
import { z } from 'zod';

export const GIFT_LOOKUP_CODE_MESSAGE = 'Enter a gift certificate code: 1 to 64 letters, digits or dashes.';
export const GIFT_NOT_FOUND = 'No gift certificate has this code.';
export const GIFT_FILTER_MESSAGE = 'Search text must be at most 64 characters.';
/** The screen's offline texts (the list and history are on the server; the device holds balances). */
export const GIFT_LIST_OFFLINE =
  'The list of gift certificates is kept on the server: connect to the network to see it.';
export const GIFT_OFFLINE_NOTE =
  "Offline: this is the device's copy from the last sync (less this device's unsynced payments). The history needs the network.";
export const GIFT_NOT_ON_DEVICE =
  'This device has no gift certificate with this code. It may be newer than the last sync: connect to the network to look it up.';

/** A code as typed: trimmed and upper-cased (codes match case-insensitively). */
export const giftCodeParam = z
  .string({ error: GIFT_LOOKUP_CODE_MESSAGE })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9_-]{1,64}$/, GIFT_LOOKUP_CODE_MESSAGE);

export const giftInfoQuerySchema = z.object({ code: giftCodeParam });

export const GIFT_LIST_LIMIT = 10;
const GIFT_PAGE_MESSAGE = 'Page must be a whole number from 1 to 100000.';
const GIFT_LIMIT_MESSAGE = 'Limit must be a whole number from 1 to 100.';

export const giftListQuerySchema = z.object({
  page: z.coerce
    .number({ error: GIFT_PAGE_MESSAGE })
    .int(GIFT_PAGE_MESSAGE)
    .min(1, GIFT_PAGE_MESSAGE)
    .max(100_000, GIFT_PAGE_MESSAGE)
    .default(1),
  limit: z.coerce
    .number({ error: GIFT_LIMIT_MESSAGE })
    .int(GIFT_LIMIT_MESSAGE)
    .min(1, GIFT_LIMIT_MESSAGE)
    .max(100, GIFT_LIMIT_MESSAGE)
    .default(GIFT_LIST_LIMIT),
  filter: z.string().trim().max(64, GIFT_FILTER_MESSAGE).default(''),
});
export type GiftListQuery = z.output<typeof giftListQuerySchema>;

const money = z.string().regex(/^-?\d+\.\d{2}$/);

/** The order a certificate was sold or spent on. */
export const giftOrderSchema = z.object({
  order_ref: z.string(),
  /** The order's number ("#1042"); null until the server numbered it (never for a stored row). */
  order_id: z.number().int().nullable(),
  customer_name: z.string(),
  /** The store (location) the order was taken at; '' when it has none. */
  store_name: z.string(),
});
export type GiftOrder = z.infer<typeof giftOrderSchema>;

export const giftCertificateSchema = z.object({
  code: z.string(),
  status: z.enum(['active', 'void']),
  original_amount: money,
  balance: money,
  description: z.string(),
  message: z.string(),
  recipient_name: z.string(),
  recipient_email: z.string(),
  date_issued: z.string(),
  /** Null for a certificate made outside a sale (loaded into the database). */
  sold_on: giftOrderSchema.nullable(),
});
export type GiftCertificate = z.infer<typeof giftCertificateSchema>;

/**
 * One ledger row: issued (+amount), redeemed (-amount), redemption voided (+amount, the payment
 * was voided), voided (the selling order was voided: nothing can be spent any more, amount 0).
 * `balance` is what was left after the row.
 */
export const giftHistoryRowSchema = z.object({
  kind: z.enum(['issued', 'redeemed', 'redemption_voided', 'voided']),
  date: z.string(),
  amount: money,
  balance: money,
  order: giftOrderSchema.nullable(),
  /** The voucher payment's number on its order (redemptions). */
  transaction_id: z.number().int().nullable(),
});
export type GiftHistoryRow = z.infer<typeof giftHistoryRowSchema>;

export const giftInfoReplySchema = z.object({
  certificate: giftCertificateSchema,
  history: z.array(giftHistoryRowSchema),
});
export type GiftInfoReply = z.infer<typeof giftInfoReplySchema>;

export const giftListRowSchema = giftCertificateSchema.omit({ description: true, message: true });
export type GiftListRow = z.infer<typeof giftListRowSchema>;

export const giftListReplySchema = z.object({
  certificates: z.array(giftListRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type GiftListReply = z.infer<typeof giftListReplySchema>;

import { z } from 'zod';
import { paymentTypes } from '../domain/settings';
import { checkoutStateSchema, checkoutTransactionSchema, orderRefParam } from './checkout-transactions';

/**
 * Payment calls of the POS checkout (pos-back-office.md §7). The rules (amount more than $0.00,
 * caps, check number, voucher balance) are the domain's: these schemas only check shapes, and the
 * server answers the domain's refusal with its message.
 */

const amountInput = z.union([z.string(), z.number()]).transform((v) => String(v).trim());

/**
 * POST /pos/checkout/addTransaction. `transaction.id` is minted by the client: sending the same id
 * again (a retry after a lost reply) answers the transaction already stored, `replayed: true`.
 */
export const addTransactionRequestSchema = z.object({
  orderId: orderRefParam,
  transaction: z.object({
    id: z.uuid({ error: 'transaction.id must be a uuid minted by the client' }),
    transaction_type: z.enum(paymentTypes, { error: 'Select a payment type' }),
    amount: amountInput,
    label: z.string().max(64).optional(),
    check_number: z.union([z.number(), z.string()]).nullable().optional(),
    voucher_code: z.string().trim().max(64).nullable().optional(),
    card_type: z.enum(['credit', 'debit']).nullable().optional(),
  }),
});
export type AddTransactionRequest = z.input<typeof addTransactionRequestSchema>;

export const paymentReplySchema = z.object({
  transaction: checkoutTransactionSchema,
  checkout: checkoutStateSchema,
  /** True when this id was already stored: nothing new was applied. */
  replayed: z.boolean(),
});
export type PaymentReply = z.infer<typeof paymentReplySchema>;

/** POST /pos/checkout/voidTransaction: the transaction by uuid or by its number. */
export const voidTransactionRequestSchema = z.object({
  transaction: z
    .object({
      id: z.uuid().optional(),
      transaction_id: z.coerce.number().int().positive().max(2_147_483_647, 'No such transaction.').optional(),
    })
    .refine((t) => t.id !== undefined || t.transaction_id !== undefined, 'Name the transaction to void'),
});
export type VoidTransactionRequest = z.input<typeof voidTransactionRequestSchema>;

/** POST /pos/checkout/complete?orderId= (the checkout data in the body is not needed and ignored). */
export const completeReplySchema = z.object({
  orderId: z.number().int().nullable(),
  orderRef: z.uuid(),
  messages: z.object({ error: z.array(z.string()) }),
});
export type CompleteReply = z.infer<typeof completeReplySchema>;

/** GET /pos/checkout/getVoucher?voucherCode= ; an unknown or used-up-and-void code is 404 "Invalid code". */
export const voucherQuerySchema = z.object({
  voucherCode: z.string({ error: 'Invalid code' }).trim().min(1, 'Invalid code').max(64, 'Invalid code'),
});

export const voucherReplySchema = z.object({
  voucher: z.object({
    code: z.string(),
    /** The remaining balance. */
    amount: z.string(),
    original_amount: z.string(),
    description: z.string(),
    message: z.string(),
    voucher_theme: z.string(),
  }),
});
export type VoucherReply = z.infer<typeof voucherReplySchema>;

import { z } from 'zod';
import { paymentTypes } from '../domain/settings';

/**
 * The checkout's view of an order's payments (pos-back-office.md §3 Transaction, Checkout state),
 * as GET /pos/checkout/getTransactions and every payment call answer it. Money is a 2-place
 * decimal string. Void transactions are included and flagged (`void: true`); the receipt hides them.
 */

/** An order named by its uuid or its human number ("1042"), as the spec's orderId / order_id. */
export const orderRefParam = z.preprocess(
  (v) =>
    typeof v === 'string' && /^\d{1,9}$/.test(v.trim()) ? Number(v.trim()) : typeof v === 'string' ? v.trim() : v,
  z.union([
    z.uuid({ error: 'orderId must be an order number or id' }),
    z.number({ error: 'orderId must be an order number or id' }).int().positive().max(2_147_483_647),
  ]),
);
export type OrderRefParam = z.infer<typeof orderRefParam>;

const moneyWire = z.string().regex(/^-?\d+\.\d{2}$/);

/** Card details a receipt may show; a card number, CVV or track data is never stored or sent. */
export const cardDetailsSchema = z.object({
  brand: z.string(),
  last4: z.string(),
  auth_code: z.string(),
  terminal_ref: z.string(),
});
export type CardDetails = z.infer<typeof cardDetailsSchema>;

/** The void/return action of a card payment taken through a terminal (the spec's datacap_dc_direct). */
export const voidOrReturnSchema = z.object({
  void_or_return_action: z.enum(['Void', 'Return']),
  /** '' while it can still be done, 'complete' once done. */
  void_or_return_status: z.enum(['', 'complete']),
  void_or_return_url: z.string(),
});

export const checkoutTransactionSchema = z.object({
  id: z.uuid(),
  transaction_id: z.number().int().nullable(),
  order_ref: z.uuid(),
  transaction_type: z.enum(paymentTypes),
  transaction_label: z.string(),
  amount: moneyWire,
  surcharge: moneyWire,
  surcharge_tax: moneyWire,
  status: z.enum(['pending', 'approved', 'void']),
  void: z.boolean(),
  card_type: z.enum(['credit', 'debit']).nullable(),
  check_number: z.number().int().nullable(),
  voucher_code: z.string().nullable(),
  card: cardDetailsSchema.nullable(),
  datacap_dc_direct: voidOrReturnSchema.nullable(),
  created_at: z.string(),
  voided_at: z.string().nullable(),
});
export type CheckoutTransaction = z.infer<typeof checkoutTransactionSchema>;

/**
 * A booked appointment as the order reply carries it (§3 "bookedAppointments (id, display_time
 * with start_date and start_time)"); the receipt shows it as "{date} @ {time}" (appointmentLabel).
 */
export const bookedAppointmentSchema = z.object({
  id: z.string(),
  display_time: z.object({ start_date: z.string(), start_time: z.string() }),
});
export type BookedAppointment = z.infer<typeof bookedAppointmentSchema>;

export const checkoutStateSchema = z.object({
  orderTotal: moneyWire,
  costParts: moneyWire,
  costSurcharge: moneyWire,
  costLabor: moneyWire,
  costTax: moneyWire,
  costCreditCardSurcharge: moneyWire,
  costCreditCardSurchargeTax: moneyWire,
  amountPaid: moneyWire,
  balanceDue: moneyWire,
  /** The attached customer's store credit ("0.00" without a customer). */
  storeCredit: moneyWire,
  /** The order's booked (not cancelled) appointments (server/services/appointments/appointment-reads.ts). */
  bookedAppointments: z.array(bookedAppointmentSchema),
  taxExempt: z.boolean(),
  taxExemptNumber: z.string().nullable(),
  paidInFull: z.boolean(),
  statusText: z.enum(['Paid In Full', 'Outstanding Balance']),
  balanceLabel: z.enum(['Balance Due', 'Change Due']),
});
export type CheckoutState = z.infer<typeof checkoutStateSchema>;

/** GET /pos/checkout/getTransactions?orderId= ; also the reply of GET voidTransactions. */
export const transactionsReplySchema = z.object({
  orderId: z.number().int().nullable(),
  orderRef: z.uuid(),
  orderStatus: z.string(),
  transactions: z.array(checkoutTransactionSchema),
  checkout: checkoutStateSchema,
});
export type TransactionsReply = z.infer<typeof transactionsReplySchema>;

export const orderQuerySchema = z.object({ orderId: orderRefParam });

/**
 * POS order calls (pos-back-office.md §3 "Order", §7 "Orders and customers"): the order detail,
 * void, history, PO numbers, customer assignment and search. Orders are named by their number
 * ("1042") or their uuid (an order made offline has no number until it syncs). Money is a 2-place
 * decimal string; `*_text` is en-US USD. The detail call's path is ours (the spec does not show it):
 * GET /api/order/info?order_id=.
 */
import { z } from 'zod';
import { purchaseOrderSchema } from './distributor';
import { INVALID_EMAIL, isEmail } from '../domain/forms/messages';
import { orderHistoryFormSchema } from '../domain/forms/order-history';
import { INVALID_PHONE_MESSAGE, PHONE_PATTERN } from '../domain/phone';
import { PO_NUMBER_EMPTY } from '../domain/forms/po-number';
import { paymentTypes } from '../domain/settings';
import { bookedAppointmentSchema } from './checkout-transactions';
import { cartProductSchema, cartVoucherSchema, customerRefParam, orderDataSchema } from './staff-cart';

const money = z.string().regex(/^-?\d+\.\d{2}$/);
const ORDER_REF_MESSAGE = 'order_id must be an order number or id';

/** An order by number or uuid, as the spec's order_id / orderId. */
export const posOrderRef = z.preprocess(
  (v) =>
    typeof v === 'string' && /^\d{1,9}$/.test(v.trim()) ? Number(v.trim()) : typeof v === 'string' ? v.trim() : v,
  z.union([
    z.uuid({ error: ORDER_REF_MESSAGE }),
    z.number({ error: ORDER_REF_MESSAGE }).int().positive().max(2_147_483_647),
  ]),
);
export const orderIdQuerySchema = z.object({ order_id: posOrderRef });

export const orderStatusSchema = z.object({
  order_status_id: z.number().int(),
  name: z.string(),
  status_color: z.string(),
  status_text_color: z.string(),
});
export type OrderStatusWire = z.infer<typeof orderStatusSchema>;

export const orderTransactionSchema = z.object({
  id: z.uuid(),
  transaction_id: z.number().int().nullable(),
  transaction_type: z.enum(paymentTypes),
  transaction_label: z.string(),
  amount: money,
  surcharge: money,
  surcharge_tax: money,
  status: z.enum(['pending', 'approved', 'void']),
  /** Hidden from the receipt (§4). */
  void: z.boolean(),
  card_type: z.enum(['credit', 'debit']).nullable(),
  check_number: z.number().int().nullable(),
  voucher_code: z.string().nullable(),
  created_at: z.string(),
  voided_at: z.string().nullable(),
});

export const orderHistoryEntrySchema = z.object({
  id: z.uuid(),
  date_added: z.string(),
  /** The status name. */
  status: z.string(),
  order_status_id: z.number().int(),
  status_color: z.string(),
  status_text_color: z.string(),
  comment: z.string(),
  notify_customer: z.boolean(),
});
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntrySchema>;

/** The Order entity of §3 for the detail screen. */
export const orderInfoSchema = z.object({
  id: z.uuid(),
  order_id: z.number().int().nullable(),
  device_ref: z.string().nullable(),
  /** Business state: draft, saved, quote, kiosk, complete, voided. */
  status: orderDataSchema.shape.status,
  order_status: z.string(),
  order_status_id: z.number().int(),
  status_color: z.string(),
  status_text_color: z.string(),
  pos_status: z.string(),
  date_added: z.string(),
  /** "Tuesday, March 3, 2026 at 2:15 PM" in the shop's time zone. */
  date_added_long: z.string(),
  date_modified: z.string(),
  customer: z.string(),
  customer_id: z.number().int().nullable(),
  customer_ref: z.uuid().nullable(),
  email: z.string(),
  telephone: z.string(),
  /** The customer's store credit; null without a customer. */
  store_credit: money.nullable(),
  cashier: z.string(),
  shipping_firstname: z.string(),
  shipping_lastname: z.string(),
  shipping_company: z.string(),
  shipping_address_1: z.string(),
  shipping_address_2: z.string(),
  shipping_city: z.string(),
  shipping_postcode: z.string(),
  shipping_country_id: z.number().int().nullable(),
  shipping_zone_id: z.number().int().nullable(),
  shipping_method: z.string().nullable(),
  payment_method: z.string().nullable(),
  tax_exempt: z.boolean(),
  tax_exempt_number: z.string().nullable(),
  products: z.array(cartProductSchema.extend({ order_product_id: z.uuid() })),
  vouchers: z.array(cartVoucherSchema),
  total_items: z.number().int(),
  totals: z.array(z.object({ code: z.string(), title: z.string(), text: z.string() })),
  order_data: orderDataSchema,
  order_total: money,
  amount_paid: money,
  paid_amount: money,
  balance_due: money,
  change_due: money.nullable(),
  paid_in_full: z.boolean(),
  transactions: z.array(orderTransactionSchema),
  history: z.array(orderHistoryEntrySchema),
  /** Distributor purchase orders: the distributor issue fills them; [] until then. */
  purchase_orders: z.array(purchaseOrderSchema),
  /** Distinct PO numbers on the order's lines. */
  po_number_list: z.array(z.string()),
  /** Orders carry no vehicle yet: always null. */
  order_ymm: z.string().nullable(),
  /** Appointments are not stored yet (their issue): always [] from this server. */
  bookedAppointments: z.array(bookedAppointmentSchema),
  /** Continue Order is offered (the order is still editable). */
  can_continue: z.boolean(),
  /** Void Order is enabled (not voided yet). */
  can_void: z.boolean(),
});
export type OrderInfo = z.infer<typeof orderInfoSchema>;

/** GET /pos/order/void?order_id= */
export const voidReplySchema = z.object({
  errors: z.array(z.string()),
  success: z.string(),
  order: orderInfoSchema.nullable(),
});
export type VoidReply = z.infer<typeof voidReplySchema>;
export const ORDER_VOIDED_MESSAGE = 'The order has been voided.';

const HISTORY_FLAGS = ['notifyCustomer', 'notifyByEmail', 'notifyByText', 'overrideTextPermission', 'textingAlerts'];
/** Form-encoded flags arrive as '1'/'0', 'true'/'false', 'on' or ''. */
const formFlags = (v: unknown): unknown => {
  if (typeof v !== 'object' || v === null) return v;
  const out: Record<string, unknown> = { ...(v as Record<string, unknown>) };
  for (const k of HISTORY_FLAGS) {
    const x = out[k];
    if (x === 'true' || x === 'on') out[k] = '1';
    else if (x === 'false' || x === '') out[k] = '0';
  }
  return out;
};
/** POST /pos/order/history?order_id= (form-encoded): the order history form of §3 with §5's rules. */
export const historyFormRequestSchema = z.preprocess(formFlags, orderHistoryFormSchema);
export const historyReplySchema = z.object({ success: z.string() });
export const HISTORY_ADDED_MESSAGE = 'The order history was added.';

/** GET (or POST) /pos/order/histories?order_id=: the entries and the form's status record (§3). */
export const historiesReplySchema = z.object({
  histories: z.array(orderHistoryEntrySchema),
  orderStatuses: z.array(orderStatusSchema),
  orderStatusId: z.number().int(),
  /** The newest entry's comment ('' when none). */
  recentHistoryNote: z.string(),
  email: z.string(),
  phone: z.string(),
  textingAlerts: z.boolean(),
});
export type HistoriesReply = z.infer<typeof historiesReplySchema>;

const poNumber = z.string({ error: PO_NUMBER_EMPTY }).trim().min(1, PO_NUMBER_EMPTY).max(64);
const poFlag = z
  .union([
    z.boolean(),
    z.literal(0),
    z.literal(1),
    z.literal('0'),
    z.literal('1'),
    z.literal('true'),
    z.literal('false'),
  ])
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');
/** POST /api/cart/applyPoNumber: products of the session's cart. */
export const cartPoNumberRequestSchema = z.object({
  products: z
    .array(
      z.object({
        cart_key: z.uuid({ error: 'Select a product for the PO Number' }),
        name: z.string().optional(),
        po_number: poNumber,
        apply_to_all: poFlag.default(false),
      }),
    )
    .min(1, 'Select a product for the PO Number'),
});
/** POST /pos/order/applyPoNumber?order_id=: products by order_product_id (or cart_key; both are the line uuid). */
export const orderPoNumberRequestSchema = z.object({
  products: z
    .array(
      z
        .object({
          order_product_id: z.uuid().optional(),
          cart_key: z.uuid().optional(),
          name: z.string().optional(),
          po_number: poNumber,
          apply_to_all: poFlag.default(false),
        })
        .refine(
          (p) => p.apply_to_all || p.order_product_id !== undefined || p.cart_key !== undefined,
          'Select a product for the PO Number',
        ),
    )
    .min(1, 'Select a product for the PO Number'),
});
export const poNumberReplySchema = z.object({ success: z.string() });

/** POST /pos/checkout/setCustomer (orderId optional: the session's cart) and POST /pos/order/setCustomer. */
export const checkoutSetCustomerRequestSchema = z.object({
  customerId: customerRefParam,
  orderId: posOrderRef.optional(),
});
export const orderSetCustomerRequestSchema = z.object({ order_id: posOrderRef, customer_id: customerRefParam });
export const setCustomerReplySchema = z.object({ success: z.string(), order: orderInfoSchema });

/**
 * GET /pos/customer/search?s= : name, email or phone, case-insensitive; at most 10; empty s gives [].
 * With filter_ip= instead: the accounts seen at that IP address, at most 100 (the IP Addresses
 * tab's filter_ip_url; docs/decisions/pos.md "Customer IP addresses and tags").
 */
export const customerSearchQuerySchema = z.object({
  s: z.string().max(100).catch('').default(''),
  filter_ip: z.string().max(45, 'Enter a valid IPv4 or IPv6 address.').optional(),
});
export const CUSTOMER_SEARCH_LIMIT = 10;
export const customerSearchReplySchema = z.array(
  z.object({
    id: z.uuid(),
    customer_id: z.number().int(),
    firstname: z.string(),
    lastname: z.string(),
    email: z.string(),
    telephone: z.string(),
  }),
);
export type CustomerSearchReply = z.infer<typeof customerSearchReplySchema>;

/** GET /pos/order/continue?order_id= (a call, not the page): answers the staff cart (see staff-cart.ts). */
export const continueQuerySchema = orderIdQuerySchema;

/**
 * POST updateContactInfo?customerId= (§7; body "email, phone, etc.", reply not shown): the
 * notification form's contact fields saved on the customer. Each field is optional (only what is
 * sent changes); `phone` and `telephone` are the same field; `textingAlerts` records the
 * customer's consent to texts. Ours: `{success, customer: {email, telephone, texting_alerts}}`.
 */
export const updateContactQuerySchema = z.object({ customerId: customerRefParam });
const contactFlag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false', 'on'])])
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true' || v === 'on');
export const updateContactRequestSchema = z
  .object({
    email: z
      .string()
      .trim()
      .max(96, 'Maximum 96 characters')
      .refine((s) => s === '' || isEmail(s), INVALID_EMAIL)
      .optional(),
    phone: z
      .string()
      .trim()
      .max(32, 'Maximum 32 characters')
      .refine((s) => s === '' || PHONE_PATTERN.test(s), INVALID_PHONE_MESSAGE)
      .optional(),
    telephone: z
      .string()
      .trim()
      .max(32, 'Maximum 32 characters')
      .refine((s) => s === '' || PHONE_PATTERN.test(s), INVALID_PHONE_MESSAGE)
      .optional(),
    textingAlerts: contactFlag.optional(),
  })
  .refine(
    (v) => v.email !== undefined || v.phone !== undefined || v.telephone !== undefined || v.textingAlerts !== undefined,
    { message: 'Nothing to update', path: ['email'] },
  );
export const CONTACT_UPDATED = 'The contact information was updated.';
export const updateContactReplySchema = z.object({
  success: z.string(),
  customer: z.object({ email: z.string(), telephone: z.string(), texting_alerts: z.boolean() }),
});
export type UpdateContactReply = z.infer<typeof updateContactReplySchema>;

/**
 * The staff cart under /checkout/cart/ (pos-back-office.md §3 "Cart (staff)", §7 "Staff cart").
 * The cart is the draft order of the caller's staff session; every call answers the whole cart
 * (`StaffCartReply`) and the UI replaces its cart state with it (§4). Refusals are the usual
 * `{error, message, fields?}` with 4xx. Money is a 2-place decimal string; `*_text` is en-US USD.
 */
import { CART_NOT_EMPTY } from '../domain/cart-lifecycle';
import { z } from 'zod';
import { codeTypes, INVALID_CODE } from '../domain/cart-codes';
import { facetsSchema } from '../domain/fitment-facets';
import { customLaborFormSchema, LABOR_QUANTITY_POSITIVE, LABOR_TIME_POSITIVE } from '../domain/forms/custom-labor';
import { customProductFormSchema } from '../domain/forms/custom-product';
import { flag } from '../domain/forms/messages';
import { LINE_NOT_FOUND } from '../domain/mutations/guards';

const money = z.string().regex(/^-?\d+\.\d{2}$/);
const orderStatuses = ['draft', 'saved', 'quote', 'kiosk', 'complete', 'voided'] as const;

/** A cart line's key: the order line's uuid. */
export const cartKey = z.uuid({ error: LINE_NOT_FOUND });
/** A quantity as typed: a number or numeric text; the server applies the domain's min/max rules. */
export const quantityInput = z.union([z.number(), z.string()]);
/** A customer by number ("1042") or uuid. */
export const customerRefParam = z.preprocess(
  (v) =>
    typeof v === 'string' && /^\d{1,9}$/.test(v.trim()) ? Number(v.trim()) : typeof v === 'string' ? v.trim() : v,
  z.union([
    z.uuid({ error: 'Select a customer' }),
    z.number({ error: 'Select a customer' }).int().positive().max(2_147_483_647),
  ]),
);
export type CustomerRefParam = z.infer<typeof customerRefParam>;

export const cartOptionSchema = z.object({ name: z.string(), value: z.string(), option_price: money });

export const cartLaborSchema = z.object({
  labor_id: z.number().int(),
  minutes: z.number().int(),
  rate: money,
  /** "1 hr 30 min". */
  time_text: z.string(),
  /** The product line this labor installs (cart key), when applied from a product. */
  product_key: z.uuid().nullable(),
});

export const cartProductSchema = z.object({
  key: z.uuid(),
  /** 'core_return': an old part brought back against its core charge (docs/decisions/domain.md "Core charges"). */
  kind: z.enum(['product', 'custom', 'labor', 'core_return']),
  product_id: z.number().int().nullable(),
  name: z.string(),
  model: z.string(),
  mpn: z.string(),
  aaia: z.string(),
  po_number: z.string().nullable(),
  quantity: z.number().int(),
  minimum: z.number().int(),
  /** Unit price charged (a staff override when set). */
  price: money,
  price_text: z.string(),
  /** Unit price before a staff override: what the price editor's percent is against. */
  original_price: money,
  price_overridden: z.boolean(),
  total: money,
  total_text: z.string(),
  option: z.array(cartOptionSchema),
  tax_class_id: z.number().int().nullable(),
  labor: cartLaborSchema.nullable(),
  /**
   * Core charge per unit, in the Surcharge row: a product's (the catalog's), a core return's credit
   * (positive; its `total` is the negated credit), '0.00' for other lines.
   */
  surcharge: money,
});
export type CartProduct = z.infer<typeof cartProductSchema>;

/** Gift certificates sold on the order (spec "Voucher"). */
export const cartVoucherSchema = z.object({
  key: z.uuid(),
  code: z.string(),
  description: z.string(),
  message: z.string(),
  voucher_theme: z.string(),
  amount: money,
  original_amount: money,
});

export const cartCustomerSchema = z.object({
  id: z.uuid(),
  customer_id: z.number().int().nullable(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  telephone: z.string(),
  texting_alerts: z.boolean(),
  store_credit: money,
  tax_exempt: z.boolean(),
  tax_exempt_number: z.string().nullable(),
});
export type CartCustomer = z.infer<typeof cartCustomerSchema>;

export const cartVehicleSchema = z.object({
  id: z.uuid(),
  vehicle_id: z.number().int().nullable(),
  title: z.string(),
  vin: z.string(),
  ymm_data: z.record(z.string(), z.unknown()),
});

export const totalsRowSchema = z.object({ code: z.string(), title: z.string(), text: z.string(), value: money });
export type TotalsRowWire = z.infer<typeof totalsRowSchema>;

/** The order's figures, as src/domain/totals.ts computes them. */
export const orderDataSchema = z.object({
  status: z.enum(orderStatuses),
  order_status_id: z.number().int(),
  parts: money,
  surcharge: money,
  labor: money,
  tax: money,
  card_surcharge: money,
  card_surcharge_tax: money,
  order_total: money,
  amount_paid: money,
  balance_due: money,
  change_due: money.nullable(),
  balance_label: z.enum(['Balance Due', 'Change Due']),
  paid_in_full: z.boolean(),
  status_text: z.enum(['Paid In Full', 'Outstanding Balance']),
  tax_exempt: z.boolean(),
  tax_exempt_number: z.string().nullable(),
  totals: z.array(totalsRowSchema),
});
export type OrderData = z.infer<typeof orderDataSchema>;

/** Checkout-step marketing events to send (§4: step 1, option Login, when a customer is attached). */
export const marketingEventSchema = z.object({
  event: z.literal('checkout_progress'),
  step: z.number().int(),
  option: z.string(),
});

export const staffCartReplySchema = z.object({
  products: z.array(cartProductSchema),
  vouchers: z.array(cartVoucherSchema),
  total_items: z.number().int(),
  /** The Check Out / confirm button is enabled (the cart has at least one line). */
  confirm_button: z.boolean(),
  marketing_tracking: z.array(marketingEventSchema),
  /** Human order number; null until the server numbers it (and for an empty cart). */
  order_id: z.number().int().nullable(),
  /** The cart order's uuid (every call keys on it until it has a number); null for an empty cart. */
  order_ref: z.uuid().nullable(),
  success: z.string(),
  /** A non-fatal message to toast (a clamped quantity); refusals are 4xx instead. */
  error_message: z.string(),
  /** Where the client goes next ('/checkout/cart', '/pos/checkout', '/pos/order/receipt?order_id=...'), else null. */
  redirect: z.string().nullable(),
  /** "3 item(s) - $45.00". */
  total_text: z.string(),
  /** The vehicle of the current YMM selection (the pd_vehicle fitment cookie), null when none. */
  ymm_vehicle: z.object({ label: z.string(), facets: facetsSchema }).nullable(),
  customer_vehicles: z.array(cartVehicleSchema),
  customer: cartCustomerSchema.nullable(),
  order_data: orderDataSchema.nullable(),
  /** "12.50 lb" (catalog weights x quantity); '' when show_weight is false. */
  weight_text: z.string(),
  show_weight: z.boolean(),
});
export type StaffCartReply = z.infer<typeof staffCartReplySchema>;

/** POST add. `option`: product_option_id -> product_option_value_id (select, radio), ids (checkbox) or text. */
export const cartAddRequestSchema = z.object({
  product_id: z.coerce.number({ error: 'Select a product' }).int('Select a product').positive('Select a product'),
  quantity: quantityInput.default(1),
  option: z
    .record(z.string(), z.union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))]))
    .default({}),
  apply_labor: flag.default(false),
});
export type CartAddRequest = z.input<typeof cartAddRequestSchema>;

export const cartEditRequestSchema = z.object({ key: cartKey, quantity: quantityInput });
export const cartKeyRequestSchema = z.object({ key: cartKey });
/**
 * POST applyCode / removeCode. `type`: 'voucher' (a gift certificate) or 'coupon' (none exist:
 * always "Invalid code"). `order_ref`: a POS device names its own cart order (else the session's cart).
 */
export const cartCodeRequestSchema = z.object({
  type: z.enum(codeTypes, { error: INVALID_CODE }),
  code: z.string({ error: INVALID_CODE }).trim().min(1, INVALID_CODE).max(64, INVALID_CODE),
  order_ref: z.uuid({ error: 'There are no results.' }).optional(),
});
export type CartCodeRequest = z.input<typeof cartCodeRequestSchema>;
export const cartSetCustomerRequestSchema = z.object({ customer_id: customerRefParam });
/** POST getCustomer: an email, a phone number or a customer number, as typed or scanned. */
export const cartGetCustomerRequestSchema = z.object({
  customerData: z.string({ error: 'Required' }).trim().min(1, 'Required').max(96),
});
/** POST setCheckoutData: the checkout data the POS order keeps (its customer; null removes it). */
export const cartCheckoutDataRequestSchema = z.object({
  customer_id: z.union([customerRefParam, z.null(), z.literal('')]).optional(),
});
export const cartUpdatePriceRequestSchema = z.object({
  key: cartKey,
  // A unit price override stays below $1,000,000 (a line's total must fit numeric(12,2) at any quantity the cart allows).
  newPrice: z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .pipe(
      z
        .string()
        .regex(/^-?\d{1,6}(\.\d+)?$/, 'A number must be input')
        .refine((v) => Math.abs(Number(v)) < 1_000_000, 'Enter a price below $1,000,000.'),
    ),
});
export const cartCustomProductRequestSchema = customProductFormSchema;
export const cartApplyLaborRequestSchema = customLaborFormSchema;
const positiveInt = (message: string) => z.coerce.number(message).int(message).positive(message);
/** POST updateLabor: the labor editor's tabs, time (minutes, quantity) or price (per unit; null or '' clears it). */
export const cartUpdateLaborRequestSchema = z.object({
  key: cartKey,
  laborTime: positiveInt(LABOR_TIME_POSITIVE).optional(),
  quantity: positiveInt(LABOR_QUANTITY_POSITIVE).optional(),
  price: z
    .union([
      z.null(),
      z.literal(''),
      z
        .union([z.string(), z.number()])
        .transform((v) => String(v).trim())
        .pipe(z.string().regex(/^-?\d{1,12}(\.\d+)?$/, 'A number must be input')),
    ])
    .optional(),
});

/** Reply texts the spec does not word (docs/decisions/pos.md "Staff cart and POS order calls"). */
export const CART_MESSAGES = {
  empty: 'There is no order in the cart.',
  saved: 'Order Saved!',
  quoted: 'Quote Saved!',
  cancelled: 'The order has been cancelled.',
  abandoned: 'The order has been set aside.',
  customerRemoved: 'The customer has been removed from the order.',
  creditRemoved: 'The store credit has been removed.',
  noCredit: 'No store credit has been applied to this order.',
  invalidCode: INVALID_CODE,
  taken: "This order is open in another cashier's cart.",
  notEmpty: CART_NOT_EMPTY,
  noCustomerMatch: 'No customer matches that email, phone or customer number.',
  manyCustomersMatch: 'More than one customer matches. Search by name instead.',
} as const;
export const addedToCart = (name: string): string => `${name} has been added to the cart.`;
export const customerAssigned = (name: string): string => `${name} has been assigned to the order.`;

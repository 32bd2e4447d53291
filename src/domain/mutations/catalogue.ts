/**
 * Every change a client can queue: its name and the zod schema of its args (the wire shape of a
 * mutation's `args`). Business validation that depends on store settings (customer form flags,
 * appointment slot length) runs inside the mutator so the server re-checks it with its settings.
 * Adding a mutation: add it here, write the mutator, register it in registry.ts.
 */
import { z } from 'zod';
import { MAX_TAGS } from '../customer-tags';
import { paymentTypes } from '../settings';

const id = z.uuid();

/**
 * Every arg is bounded so a device's data can always be stored (docs/decisions/sync.md
 * "Trust at the mutation door"): text has a length cap and no character PostgreSQL refuses (NUL, a
 * lone UTF-16 surrogate: text and jsonb reject both), integers fit an int4 column, money a
 * numeric(12,2) one, arrays and maps have a size cap. The server checks them before any SQL.
 */
const INT4_MAX = 2_147_483_647;
export const UNSTORABLE_TEXT = 'This text contains characters that cannot be stored.';
// eslint-disable-next-line no-control-regex -- NUL is exactly what PostgreSQL text refuses
const unstorable = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const text = (max: number) =>
  z
    .string()
    .max(max)
    .refine((v) => !unstorable.test(v), UNSTORABLE_TEXT);
const int = z.number().int().min(-INT4_MAX).max(INT4_MAX);
const posInt = z.number().int().positive().max(INT4_MAX);
const nonNegInt = z.number().int().nonnegative().max(INT4_MAX);
/** Money on the wire: up to 2 places (at most 10 digits before them: numeric(12,2)), normalised to exactly 2 ("5" -> "5.00"). */
export const moneyArg = z
  .string()
  .regex(/^-?\d{1,10}(\.\d{1,2})?$/)
  .transform((s) => {
    const [w = '0', f = ''] = s.split('.');
    return `${w}.${f.padEnd(2, '0')}`;
  });
/** A yes/no argument: false when not sent. */
const flag = z.boolean().default(false);
const qty = z.number().int().positive().max(10000);
const name = text(255);
const taxClass = posInt.nullable();
const orderRef = { order_ref: id };
/** A set of customer tag ids (customer_tags.tag_id). */
const tagIds = z.array(posInt).max(MAX_TAGS);

/**
 * A chosen product option. The server prices it from its catalog by the ids (name, value and price
 * are what the device shows until then); an option without `product_option_id` is refused there.
 */
const lineOption = z.object({
  name,
  value: name,
  price: moneyArg,
  product_option_id: posInt.optional(),
  product_option_value_id: posInt.nullable().optional(),
});
/** How a message to the customer goes out (email, text) and to where: a receipt's, a notification's. */
const messageChannels = {
  notify_by_email: flag,
  notify_by_text: flag,
  texting_alerts: flag,
  override_text_permission: flag,
  email: text(96).default(''),
  phone: text(32).default(''),
};
const notification = { notify_customer: flag, ...messageChannels };
/** Custom field answers keyed by custom_field_id (src/domain/forms/custom-fields.ts checks them against the shop's fields). */
const customFieldAnswers = z
  .record(text(12), z.union([text(2000), z.array(text(12)).max(50)]))
  .refine((r) => Object.keys(r).length <= 50, 'Too many custom fields.')
  .default({});
const address = z.object({
  address_id: id,
  firstname: text(64),
  lastname: text(64),
  company: text(128).default(''),
  address_1: text(128),
  address_2: text(128).default(''),
  city: text(128),
  postcode: text(16),
  country_id: nonNegInt,
  zone_id: nonNegInt,
  default: flag,
  custom_field: customFieldAnswers,
});
const customerFields = {
  firstname: text(64),
  lastname: text(64),
  email: text(96).default(''),
  telephone: text(32).default(''),
  texting_alerts: flag,
  newsletter: flag,
  status: z.boolean().default(true),
  safe: flag,
  customer_group_id: posInt.nullable().default(null),
  tax_exempt: flag,
  tax_exempt_number: text(64).default(''),
  default_location_id: posInt.nullable().default(null),
  /** Never stored in a record; the server stores only its argon2 hash (server/commands/appliers/customers.ts). */
  password: text(128).default(''),
  addresses: z.array(address).max(20).default([]),
  account_custom_field: customFieldAnswers,
};
/**
 * customer.update's `base`: the values the edited fields had when the edit began, so the record
 * merges by field (src/domain/mutations/customer-merge.ts). The customer fields, each optional and
 * WITHOUT its default (a default would invent a base value); never the password.
 */
const customerBase = z.object(
  Object.fromEntries(
    Object.entries(customerFields)
      .filter(([key]) => key !== 'password')
      .map(([key, schema]) => [key, (schema instanceof z.ZodDefault ? schema.unwrap() : schema).optional()]),
  ),
);
const ymmChoice = z.object({
  api_field: text(64),
  api_value: text(128),
  label_field: text(64),
  label_value: text(128),
});
const vehicleFields = {
  title: text(255).default(''),
  vin: text(32).default(''),
  notes: text(5000).default(''),
  ymm_data: z
    .record(text(64), ymmChoice)
    .refine((r) => Object.keys(r).length <= 20, 'Too many vehicle fields.')
    .default({}),
};

const returnArgs = z.object({
  ...orderRef,
  id,
  customer_ref: id.nullable().default(null),
  refund_method: z.enum(['cash', 'check', 'card', 'store_credit']),
  credit_id: id.nullable().default(null),
  lines: z
    .array(
      z.object({
        id,
        line_ref: id,
        quantity: qty,
        reason: text(64).trim().min(1, 'Choose a reason.'),
        condition: text(64).trim().min(1, 'Choose a condition.'),
        restock: flag,
      }),
    )
    .min(1, 'Choose at least one item to return.')
    .max(200),
});

/** A product line's args: cart.addProduct's besides order_ref, and a kiosk order's line (priced by the server, not the device). */
const kioskLine = z.object({
  line_id: id,
  product_id: posInt,
  name: name.min(1),
  model: text(64).default(''),
  mpn: text(64).default(''),
  aaia: text(64).default(''),
  price: moneyArg,
  options: z.array(lineOption).max(50).default([]),
  quantity: qty,
  minimum: posInt.default(1),
  surcharge: moneyArg.default('0.00'),
  tax_class_id: taxClass,
});

export const mutationArgs = {
  'order.create': z.object({
    id,
    device_ref: text(40).nullable().default(null),
    customer_ref: id.nullable().default(null),
    /**
     * The store the sale is rung up at (its tax rates apply): the device sends its signed-in staff
     * member's store; the server stamps its own the same way (server/commands/appliers/orders.ts).
     */
    location_id: posInt.nullable().default(null),
  }),
  'cart.addProduct': z.object({ ...orderRef, ...kioskLine.shape }),
  /**
   * An old part brought back against its core charge (docs/decisions/domain.md "Core charges").
   * Like cart.addProduct, the server re-reads name, part numbers, core charge and tax class from its
   * catalog; quantity 1-99 is checked by the mutator with its own message.
   */
  'cart.addCoreReturn': z.object({
    ...orderRef,
    line_id: id,
    product_id: posInt,
    name: name.min(1),
    mpn: text(64).default(''),
    aaia: text(64).default(''),
    quantity: z.number().min(-INT4_MAX).max(INT4_MAX),
    surcharge: moneyArg,
    tax_class_id: taxClass,
  }),
  'cart.addCustomProduct': z.object({
    ...orderRef,
    line_id: id,
    name,
    price: moneyArg,
    quantity: int,
    tax_class_id: taxClass,
  }),
  'cart.addLabor': z.object({
    ...orderRef,
    line_id: id,
    labor_id: posInt,
    name: name.min(1),
    rate: moneyArg,
    minutes: posInt,
    quantity: qty,
    product_line_id: id.nullable().default(null),
  }),
  'cart.updateLabor': z.object({
    ...orderRef,
    line_id: id,
    minutes: posInt.optional(),
    quantity: qty.optional(),
    price_override: moneyArg.nullable().optional(),
  }),
  'cart.setQuantity': z.object({ ...orderRef, line_id: id, quantity: z.number().min(-INT4_MAX).max(INT4_MAX) }),
  'cart.updatePrice': z.object({ ...orderRef, line_id: id, new_price: moneyArg }),
  'cart.removeLine': z.object({ ...orderRef, line_id: id }),
  'cart.addVoucher': z.object({
    ...orderRef,
    line_id: id,
    code: text(64).min(1),
    description: text(255).default(''),
    message: text(1000).default(''),
    voucher_theme: text(64).default(''),
    amount: moneyArg,
    /** The recipient (docs/decisions/pos.md "Gift certificates at the counter"). */
    to_name: text(64).default(''),
    to_email: text(96).default(''),
  }),
  'order.setCustomer': z.object({ ...orderRef, customer_ref: id }),
  'order.removeCustomer': z.object(orderRef),
  'order.save': z.object(orderRef),
  'order.quote': z.object(orderRef),
  'order.submitKiosk': z.object(orderRef),
  'order.complete': z.object(orderRef),
  'order.void': z.object(orderRef),
  'transaction.add': z.object({
    ...orderRef,
    id,
    transaction_type: z.enum(paymentTypes),
    amount: moneyArg,
    label: text(128).default(''),
    card_type: z.enum(['credit', 'debit']).nullable().default(null),
    check_number: int.nullable().default(null),
    voucher_code: text(64).nullable().default(null),
    status: z.enum(['pending', 'approved']).default('approved'),
  }),
  'transaction.void': z.object({ ...orderRef, transaction_ref: id }),
  'transaction.voidAll': z.object(orderRef),
  /**
   * Server only (never queued by a device; push refuses it): the record of a card payment a
   * terminal approved, marked `terminal` so it can only be voided through the terminal.
   */
  'transaction.addTerminal': z.object({
    ...orderRef,
    id,
    amount: moneyArg,
    card_type: z.enum(['credit', 'debit']).nullable().default(null),
    /** What the receipt calls it: brand and last 4 as the terminal gave them ("Card Visa ****4242"); '' = "Card". */
    label: text(128).default(''),
  }),
  /** Server only: the void of a terminal card payment after the terminal refunded it (void/return url). */
  'transaction.voidAtTerminal': z.object({ ...orderRef, transaction_ref: id }),
  'orderHistory.add': z.object({
    ...orderRef,
    id,
    order_status_id: posInt,
    comment: text(5000).default(''),
    ...notification,
  }),
  /** Email and/or text the receipt (POST /pos/order/send's form), queued on a device offline; `id` names the message. */
  'receipt.send': z.object({
    ...orderRef,
    id,
    ...messageChannels,
  }),
  'poNumber.apply': z.object({
    ...orderRef,
    po_number: z.string().trim().min(1).max(64),
    apply_to_all: flag,
    line_ids: z.array(id).max(1000).default([]),
  }),
  'appointment.book': z.object({
    id,
    customer_ref: id.nullable(),
    order_ref: id.nullable().default(null),
    products: z.array(int).max(100).default([]),
    installers: z.array(int).max(100).default([]),
    location: int,
    bay: int,
    startDate: text(32),
    startTime: text(32),
    duration: int,
    status: int,
    note: text(5000).default(''),
    vehicle: int.nullable().default(null),
    notifyCustomer: flag,
  }),
  // The day view's changes of a booked appointment (docs/decisions/appointments.md "Day view").
  'appointment.move': z.object({
    appointment_ref: id,
    bay: posInt,
    startDate: text(32),
    startTime: text(32),
    /** null: keep the appointment's duration. */
    duration: int.nullable().default(null),
  }),
  'appointment.setStatus': z.object({ appointment_ref: id, status: posInt }),
  'appointment.cancel': z.object({ appointment_ref: id }),
  'customer.create': z.object({ id, ...customerFields }),
  'customer.update': z.object({ customer_ref: id, ...customerFields, base: customerBase.optional() }),
  'vehicle.create': z.object({ id, customer_ref: id.nullable(), ...vehicleFields }),
  'vehicle.update': z.object({ vehicle_ref: id, ...vehicleFields }),
  'vehicle.delete': z.object({ vehicle_ref: id }),
  'credit.add': z.object({
    id,
    customer_ref: id,
    description: text(255).default(''),
    amount: moneyArg,
    order_ref: id.nullable().default(null),
  }),
  'customerHistory.add': z.object({
    id,
    customer_ref: id,
    comment: text(5000).default(''),
    image: z
      .object({ name: text(255), type: text(100).default(''), size: nonNegInt })
      .nullable()
      .default(null),
    ...notification,
  }),
  /**
   * The customer's tags (docs/decisions/pos.md "Customer tags offline"): `tag_ids` the set staff
   * want; `base` the set the screen showed when they began (merged by tag), absent to replace the set.
   */
  'customer.setTags': z.object({ customer_ref: id, tag_ids: tagIds, base: tagIds.optional() }),
  /**
   * A return of a completed order's lines (docs/decisions/pos.md "Returns"): `id` names the return,
   * each line's `id` its row; the refund is derived from the order, never sent. `customer_ref` is
   * the order's customer (loaded for store credit), `credit_id` the store credit entry's id.
   */
  'order.return': returnArgs,
  /** Server only: a return whose card refund the terminal approved. */
  'order.returnAtTerminal': returnArgs,
  /**
   * A showroom kiosk's Submit to Buy (pos-back-office.md §4 "Kiosk checkout"; docs/decisions/storefront.md
   * "Kiosk"): the whole order in one change (created, its parts on it, status kiosk, local_pickup, cod),
   * so a kiosk never edits an order after the fact. Each line is a cart.addProduct's args without
   * order_ref; the server prices every line from its catalog and stamps the store, as for the POS.
   */
  'kiosk.submitOrder': z.object({
    order_ref: id,
    device_ref: text(40).nullable().default(null),
    location_id: posInt.nullable().default(null),
    lines: z.array(kioskLine).min(1, 'There are no items on this order.').max(100),
  }),
} as const;

export type MutationName = keyof typeof mutationArgs;
export type MutationArgs<N extends MutationName> = z.output<(typeof mutationArgs)[N]>;
/** What a client sends (before defaults and normalisation). */
export type MutationArgsInput<N extends MutationName> = z.input<(typeof mutationArgs)[N]>;
export const mutationNames = Object.keys(mutationArgs) as MutationName[];

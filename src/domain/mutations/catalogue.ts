/**
 * Every change a client can queue: its name and the zod schema of its args (the wire shape of a
 * mutation's `args`). Business validation that depends on store settings (customer form flags,
 * appointment slot length) runs inside the mutator so the server re-checks it with its settings.
 * Adding a mutation: add it here, write the mutator, register it in registry.ts.
 */
import { z } from 'zod';
import { paymentTypes } from '../settings';

const id = z.uuid();
/** Money on the wire: up to 2 places, normalised to exactly 2 ("5" -> "5.00"). */
export const moneyArg = z
  .string()
  .regex(/^-?\d{1,12}(\.\d{1,2})?$/)
  .transform((s) => {
    const [w = '0', f = ''] = s.split('.');
    return `${w}.${f.padEnd(2, '0')}`;
  });
const qty = z.number().int().positive().max(10000);
const taxClass = z.number().int().positive().nullable();
const orderRef = { order_ref: id };

/**
 * A chosen product option. The server prices it from its catalog by the ids (name, value and price
 * are what the device shows until then); an option without `product_option_id` is refused there.
 */
const lineOption = z.object({
  name: z.string(),
  value: z.string(),
  price: moneyArg,
  product_option_id: z.number().int().positive().optional(),
  product_option_value_id: z.number().int().positive().nullable().optional(),
});
const notification = {
  notify_customer: z.boolean().default(false),
  notify_by_email: z.boolean().default(false),
  notify_by_text: z.boolean().default(false),
  texting_alerts: z.boolean().default(false),
  override_text_permission: z.boolean().default(false),
  email: z.string().default(''),
  phone: z.string().default(''),
};
const address = z.object({
  address_id: id,
  firstname: z.string(),
  lastname: z.string(),
  company: z.string().default(''),
  address_1: z.string(),
  address_2: z.string().default(''),
  city: z.string(),
  postcode: z.string(),
  country_id: z.number().int().nonnegative(),
  zone_id: z.number().int().nonnegative(),
  default: z.boolean().default(false),
});
const customerFields = {
  firstname: z.string(),
  lastname: z.string(),
  email: z.string().default(''),
  telephone: z.string().default(''),
  texting_alerts: z.boolean().default(false),
  newsletter: z.boolean().default(false),
  status: z.boolean().default(true),
  safe: z.boolean().default(false),
  customer_group_id: z.number().int().nullable().default(null),
  tax_exempt: z.boolean().default(false),
  tax_exempt_number: z.string().default(''),
  default_location_id: z.number().int().positive().nullable().default(null),
  /** Never stored in a record; the server stores only its argon2 hash (server/sync/appliers/customers.ts). */
  password: z.string().default(''),
  addresses: z.array(address).default([]),
};
const ymmChoice = z.object({ api_field: z.string(), api_value: z.string(), label_field: z.string(), label_value: z.string() });
const vehicleFields = {
  title: z.string().default(''),
  vin: z.string().default(''),
  notes: z.string().default(''),
  ymm_data: z.record(z.string(), ymmChoice).default({}),
};

export const mutationArgs = {
  'order.create': z.object({ id, device_ref: z.string().nullable().default(null), customer_ref: id.nullable().default(null) }),
  'cart.addProduct': z.object({
    ...orderRef,
    line_id: id,
    product_id: z.number().int().positive(),
    name: z.string().min(1),
    model: z.string().default(''),
    mpn: z.string().default(''),
    aaia: z.string().default(''),
    price: moneyArg,
    options: z.array(lineOption).default([]),
    quantity: qty,
    minimum: z.number().int().positive().default(1),
    surcharge: moneyArg.default('0.00'),
    tax_class_id: taxClass,
  }),
  'cart.addCustomProduct': z.object({ ...orderRef, line_id: id, name: z.string(), price: moneyArg, quantity: z.number().int(), tax_class_id: taxClass }),
  'cart.addLabor': z.object({
    ...orderRef,
    line_id: id,
    labor_id: z.number().int().positive(),
    name: z.string().min(1),
    rate: moneyArg,
    minutes: z.number().int().positive(),
    quantity: qty,
    product_line_id: id.nullable().default(null),
  }),
  'cart.updateLabor': z.object({
    ...orderRef,
    line_id: id,
    minutes: z.number().int().positive().optional(),
    quantity: qty.optional(),
    price_override: moneyArg.nullable().optional(),
  }),
  'cart.setQuantity': z.object({ ...orderRef, line_id: id, quantity: z.number() }),
  'cart.updatePrice': z.object({ ...orderRef, line_id: id, new_price: moneyArg }),
  'cart.removeLine': z.object({ ...orderRef, line_id: id }),
  'cart.addVoucher': z.object({
    ...orderRef,
    line_id: id,
    code: z.string().min(1),
    description: z.string().default(''),
    message: z.string().default(''),
    voucher_theme: z.string().default(''),
    amount: moneyArg,
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
    label: z.string().default(''),
    card_type: z.enum(['credit', 'debit']).nullable().default(null),
    check_number: z.number().int().nullable().default(null),
    voucher_code: z.string().nullable().default(null),
    status: z.enum(['pending', 'approved']).default('approved'),
  }),
  'transaction.void': z.object({ ...orderRef, transaction_ref: id }),
  'transaction.voidAll': z.object(orderRef),
  /**
   * Server only (never queued by a device; push refuses it): the record of a card payment a
   * terminal approved, marked `terminal` so it can only be voided through the terminal.
   */
  'transaction.addTerminal': z.object({ ...orderRef, id, amount: moneyArg, card_type: z.enum(['credit', 'debit']).nullable().default(null) }),
  /** Server only: the void of a terminal card payment after the terminal refunded it (void/return url). */
  'transaction.voidAtTerminal': z.object({ ...orderRef, transaction_ref: id }),
  'orderHistory.add': z.object({ ...orderRef, id, order_status_id: z.number().int().positive(), comment: z.string().default(''), ...notification }),
  'poNumber.apply': z.object({
    ...orderRef,
    po_number: z.string().trim().min(1).max(64),
    apply_to_all: z.boolean().default(false),
    line_ids: z.array(id).default([]),
  }),
  'appointment.book': z.object({
    id,
    customer_ref: id.nullable(),
    order_ref: id.nullable().default(null),
    products: z.array(z.number().int()).default([]),
    installers: z.array(z.number().int()).default([]),
    location: z.number().int(),
    bay: z.number().int(),
    startDate: z.string(),
    startTime: z.string(),
    duration: z.number().int(),
    status: z.number().int(),
    note: z.string().default(''),
    vehicle: z.number().int().nullable().default(null),
    notifyCustomer: z.boolean().default(false),
  }),
  'customer.create': z.object({ id, ...customerFields }),
  'customer.update': z.object({ customer_ref: id, ...customerFields }),
  'vehicle.create': z.object({ id, customer_ref: id.nullable(), ...vehicleFields }),
  'vehicle.update': z.object({ vehicle_ref: id, ...vehicleFields }),
  'vehicle.delete': z.object({ vehicle_ref: id }),
  'credit.add': z.object({ id, customer_ref: id, description: z.string().default(''), amount: moneyArg, order_ref: id.nullable().default(null) }),
  'customerHistory.add': z.object({
    id,
    customer_ref: id,
    comment: z.string().default(''),
    image: z.object({ name: z.string(), type: z.string().default(''), size: z.number().int().nonnegative() }).nullable().default(null),
    ...notification,
  }),
} as const;

export type MutationName = keyof typeof mutationArgs;
export type MutationArgs<N extends MutationName> = z.output<(typeof mutationArgs)[N]>;
/** What a client sends (before defaults and normalisation). */
export type MutationArgsInput<N extends MutationName> = z.input<(typeof mutationArgs)[N]>;
export const mutationNames = Object.keys(mutationArgs) as MutationName[];

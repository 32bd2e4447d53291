/**
 * Who may write which field of a mutation's args (the decision table is in
 * docs/decisions/sync.md "Trust at the mutation door"). Pure and shared: the server's applier
 * enforces it for every mutation (server/commands/appliers/domain-applier.ts); a device may use it to
 * hide what its user cannot change.
 *
 * Rules, per arg key of every mutation in the catalogue (tests check the table is complete):
 * - a key the writer may write is taken as sent;
 * - a key the writer may NOT write is accepted only when its value is neutral (what the record
 *   holds already, or the schema's default on a create): sending the form back unchanged is fine,
 *   changing the field is refused with a message naming it;
 * - a key the writer may not write and did not send keeps the record's value (an update never
 *   resets a staff-only field by leaving it out).
 * Writers: the session roles that push (shopper = a customer account, installer, cashier, admin);
 * the server's own flows (payment link, online checkout, terminal outcomes) act under roles no
 * session can have and write everything; any other role writes nothing.
 */
import type { Customer } from './records';
import { mutationArgs, type MutationName } from './catalogue';

/** 'kiosk': a showroom kiosk's device account (it submits whole kiosk orders and nothing else). */
export type Writer = 'shopper' | 'installer' | 'cashier' | 'admin' | 'kiosk';

/** Roles of the server's own flows (never a session role: src/contracts/session.ts roleSchema). */
export const SERVER_ROLES: readonly string[] = ['system', 'storefront', 'staff'];

/** The writer a mutation runs as: 'server' for the server's own flows, null for a role that writes nothing. */
export function writerOf(role: string): Writer | 'server' | null {
  if (SERVER_ROLES.includes(role)) return 'server';
  switch (role) {
    case 'customer':
      return 'shopper';
    case 'kiosk':
      return 'kiosk';
    case 'installer':
    case 'cashier':
    case 'admin':
      return role;
    default:
      return null;
  }
}

const ALL: readonly Writer[] = ['shopper', 'installer', 'cashier', 'admin'];
const STAFF: readonly Writer[] = ['installer', 'cashier', 'admin'];
/** Money and privilege decisions made at the counter: cashiers and admins, not installers. */
const COUNTER: readonly Writer[] = ['cashier', 'admin'];
/** A kiosk order: the kiosk device account, or staff (docs/decisions/storefront.md "Kiosk"). */
const KIOSK: readonly Writer[] = ['kiosk', ...STAFF];

type Table = {
  readonly [N in MutationName]: { readonly [K in keyof (typeof mutationArgs)[N]['shape']]: readonly Writer[] };
};

/** A message's channels and where it goes (receipt.send; with notify_customer, a notification). */
const messageChannels = {
  notify_by_email: STAFF,
  notify_by_text: STAFF,
  texting_alerts: STAFF,
  override_text_permission: STAFF,
  email: STAFF,
  phone: STAFF,
} as const;
const notification = { notify_customer: STAFF, ...messageChannels } as const;

/** The customer's own contact data (a shopper edits their account) vs. what the shop decides about them. */
const customerFields = {
  firstname: ALL,
  lastname: ALL,
  email: ALL,
  telephone: ALL,
  texting_alerts: ALL,
  newsletter: ALL,
  addresses: ALL,
  account_custom_field: ALL,
  /** A shopper sets their own; staff at the counter set it for a customer; an installer does not. */
  password: ['shopper', 'cashier', 'admin'],
  status: COUNTER,
  safe: COUNTER,
  customer_group_id: COUNTER,
  tax_exempt: COUNTER,
  tax_exempt_number: COUNTER,
  default_location_id: STAFF,
} as const;

const vehicleFields = { title: ALL, vin: ALL, notes: ALL, ymm_data: ALL } as const;
const orderRef = { order_ref: STAFF } as const;

export const writableFields: Table = {
  'order.create': { id: STAFF, device_ref: STAFF, customer_ref: STAFF, location_id: STAFF },
  'cart.addProduct': {
    ...orderRef,
    line_id: STAFF,
    product_id: STAFF,
    quantity: STAFF,
    options: STAFF,
    // Re-read from the catalog by the server whoever sends them (server/commands/appliers/catalog-priced.ts).
    name: STAFF,
    model: STAFF,
    mpn: STAFF,
    aaia: STAFF,
    price: STAFF,
    minimum: STAFF,
    surcharge: STAFF,
    tax_class_id: STAFF,
  },
  'cart.addCoreReturn': {
    ...orderRef,
    line_id: STAFF,
    product_id: STAFF,
    quantity: STAFF,
    // Re-read from the catalog by the server whoever sends them (server/commands/appliers/catalog-priced.ts).
    name: STAFF,
    mpn: STAFF,
    aaia: STAFF,
    surcharge: STAFF,
    tax_class_id: STAFF,
  },
  'cart.addCustomProduct': {
    ...orderRef,
    line_id: STAFF,
    name: STAFF,
    price: STAFF,
    quantity: STAFF,
    tax_class_id: STAFF,
  },
  'cart.addLabor': {
    ...orderRef,
    line_id: STAFF,
    labor_id: STAFF,
    name: STAFF,
    rate: STAFF,
    minutes: STAFF,
    quantity: STAFF,
    product_line_id: STAFF,
  },
  'cart.updateLabor': { ...orderRef, line_id: STAFF, minutes: STAFF, quantity: STAFF, price_override: COUNTER },
  'cart.setQuantity': { ...orderRef, line_id: STAFF, quantity: STAFF },
  'cart.updatePrice': { ...orderRef, line_id: STAFF, new_price: COUNTER },
  'cart.removeLine': { ...orderRef, line_id: STAFF },
  'cart.addVoucher': {
    ...orderRef,
    line_id: STAFF,
    code: STAFF,
    description: STAFF,
    message: STAFF,
    voucher_theme: STAFF,
    amount: STAFF,
    to_name: STAFF,
    to_email: STAFF,
  },
  'order.setCustomer': { ...orderRef, customer_ref: STAFF },
  'order.removeCustomer': orderRef,
  'order.save': orderRef,
  'order.quote': orderRef,
  'order.submitKiosk': orderRef,
  'order.complete': orderRef,
  'order.void': orderRef,
  'transaction.add': {
    ...orderRef,
    id: STAFF,
    transaction_type: STAFF,
    amount: STAFF,
    label: STAFF,
    card_type: STAFF,
    check_number: STAFF,
    voucher_code: STAFF,
    status: STAFF,
  },
  'transaction.void': { ...orderRef, transaction_ref: STAFF },
  'transaction.voidAll': orderRef,
  // The server's terminal flow only, for the staff user at the terminal: no device writer (the
  // push door refuses them; the applier does not apply this table to them).
  'transaction.addTerminal': { order_ref: [], id: [], amount: [], card_type: [], label: [] },
  'transaction.voidAtTerminal': { order_ref: [], transaction_ref: [] },
  'orderHistory.add': { ...orderRef, id: STAFF, order_status_id: STAFF, comment: STAFF, ...notification },
  'receipt.send': {
    ...orderRef,
    id: STAFF,
    ...messageChannels,
  },
  'poNumber.apply': { ...orderRef, po_number: STAFF, apply_to_all: STAFF, line_ids: STAFF },
  'appointment.book': {
    id: STAFF,
    customer_ref: STAFF,
    order_ref: STAFF,
    products: STAFF,
    installers: STAFF,
    location: STAFF,
    bay: STAFF,
    startDate: STAFF,
    startTime: STAFF,
    duration: STAFF,
    status: STAFF,
    note: STAFF,
    vehicle: STAFF,
    notifyCustomer: STAFF,
  },
  'appointment.move': { appointment_ref: STAFF, bay: STAFF, startDate: STAFF, startTime: STAFF, duration: STAFF },
  'appointment.setStatus': { appointment_ref: STAFF, status: STAFF },
  'appointment.cancel': { appointment_ref: STAFF },
  'customer.create': { id: STAFF, ...customerFields },
  'customer.update': { customer_ref: ALL, ...customerFields, base: ALL },
  'vehicle.create': { id: ALL, customer_ref: ALL, ...vehicleFields },
  'vehicle.update': { vehicle_ref: ALL, ...vehicleFields },
  'vehicle.delete': { vehicle_ref: ALL },
  'credit.add': { id: COUNTER, customer_ref: COUNTER, description: COUNTER, amount: COUNTER, order_ref: COUNTER },
  'customer.setTags': { customer_ref: STAFF, tag_ids: STAFF, base: STAFF },
  'customerHistory.add': { id: STAFF, customer_ref: STAFF, comment: STAFF, image: STAFF, ...notification },
  // Returns give money back: the counter only (docs/decisions/pos.md "Returns").
  'order.return': {
    order_ref: COUNTER,
    id: COUNTER,
    customer_ref: COUNTER,
    refund_method: COUNTER,
    credit_id: COUNTER,
    lines: COUNTER,
  },
  'order.returnAtTerminal': { order_ref: [], id: [], customer_ref: [], refund_method: [], credit_id: [], lines: [] },
  // A kiosk's Submit to Buy; staff may push one too (a kiosk device's queue after a staff sign-in).
  'kiosk.submitOrder': { order_ref: KIOSK, device_ref: KIOSK, location_id: KIOSK, lines: KIOSK },
};

/** How a refused field is named to staff. */
const labels: Record<string, string> = {
  status: 'Status',
  safe: 'Safe',
  customer_group_id: 'Customer Group',
  tax_exempt: 'Tax Exempt',
  tax_exempt_number: 'Tax Exempt Number',
  password: 'Password',
  default_location_id: 'Default Location',
  new_price: 'the price',
  price_override: 'the price',
};

export const fieldNotWritable = (key: string): string => `You do not have permission to change ${labels[key] ?? key}.`;
export const MUTATION_NOT_PERMITTED = 'You do not have permission to do that.';

/** The record a mutation edits, in the shape of its args, for the "neutral" test (null: a create, defaults are neutral). */
export function currentArgsOf(
  name: MutationName,
  state: { customer?: Customer | undefined },
): Record<string, unknown> | null {
  if (name === 'customer.update' && state.customer) {
    return { ...state.customer, tax_exempt_number: state.customer.tax_exempt_number ?? '', password: '' };
  }
  return null;
}

/** Equal values; left out (undefined) differs from null (clearing a staff price is a change of it). */
const same = (a: unknown, b: unknown): boolean =>
  a === undefined || b === undefined ? a === b : JSON.stringify(a) === JSON.stringify(b);

export type Restricted = { ok: true; args: unknown } | { ok: false; key: string | null; message: string };

/**
 * The args `writer` may run `name` with: refused when it sets a field it may not write to a value
 * other than the neutral one; fields it may not write and left out take the current record's value.
 * Args that are not an object are passed on (the schema refuses them with its own message).
 */
export function restrictArgs(
  name: MutationName,
  writer: Writer | 'server' | null,
  args: unknown,
  current: Record<string, unknown> | null,
): Restricted {
  if (writer === 'server') return { ok: true, args };
  if (writer === null) return { ok: false, key: null, message: MUTATION_NOT_PERMITTED };
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return { ok: true, args };
  const table = writableFields[name] as Readonly<Record<string, readonly Writer[]>>;
  const shape = mutationArgs[name].shape as Record<
    string,
    { safeParse(v: unknown): { success: boolean; data?: unknown } }
  >;
  const sent = args as Record<string, unknown>;
  const out: Record<string, unknown> = { ...sent };
  const keys = Object.keys(table);
  if (!keys.some((k) => table[k]?.includes(writer))) return { ok: false, key: null, message: MUTATION_NOT_PERMITTED };
  for (const key of keys) {
    if (table[key]?.includes(writer)) continue;
    const neutral = current ? current[key] : shape[key]?.safeParse(undefined).data;
    if (!Object.prototype.hasOwnProperty.call(sent, key) || sent[key] === undefined) {
      if (current && key in current) out[key] = neutral;
      continue;
    }
    const parsed = shape[key]?.safeParse(sent[key]);
    if (!parsed?.success || !same(parsed.data, neutral)) return { ok: false, key, message: fieldNotWritable(key) };
  }
  return { ok: true, args: out };
}

/**
 * Plain, serialisable records the mutators read and write. Ids are client-minted uuids (v7,
 * passed in args); human numbers (order_id, customer_id, ...) are assigned by the server on first
 * sync and stay null until then. Money fields are 2-place decimal strings. `status` is the
 * business state; sync state (local/pending/synced/rejected) is the sync engine's and never here.
 */
import type { AddressFields } from '../address';
import type { MoneyString } from '../money';
import type { PaymentType } from '../settings';
import type { CustomFieldValues } from '../forms/custom-fields';

export type OrderStatus = 'draft' | 'saved' | 'quote' | 'kiosk' | 'complete' | 'voided';
/**
 * The order status (the shop's named, coloured status of order_statuses) an order takes when its
 * lifecycle moves; order history may set another one afterwards. Ids of the seeded statuses.
 */
export const orderStatusIdFor: Readonly<Record<OrderStatus, number>> = {
  draft: 1,
  saved: 3,
  quote: 4,
  kiosk: 5,
  complete: 7,
  voided: 8,
};

/** Statuses whose lines may still change. */
export const editableStatuses: readonly OrderStatus[] = ['draft', 'saved', 'quote', 'kiosk'];

export interface LineOption {
  name: string;
  value: string;
  /** Added to the unit price. */
  price: MoneyString;
  /**
   * The catalog option chosen (src/domain/product-options.ts): what the server prices the option
   * from. Absent on lines stored before options carried them.
   */
  product_option_id?: number;
  /** The option value chosen; null for a text option (its `value` is the text). */
  product_option_value_id?: number | null;
}

interface LineBase {
  id: string;
  name: string;
  quantity: number;
  po_number: string | null;
}

export interface ProductLine extends LineBase {
  kind: 'product';
  product_id: number;
  model: string;
  mpn: string;
  aaia: string;
  /** Catalog unit price before options. */
  price: MoneyString;
  options: LineOption[];
  /** Staff unit price override (replaces price + options); null = catalog price. */
  price_override: MoneyString | null;
  /** Per-unit surcharge (the catalog's core charge, products.surcharge), shown in the Surcharge row. */
  surcharge: MoneyString;
  tax_class_id: number | null;
  minimum: number;
}

export interface CustomLine extends LineBase {
  kind: 'custom';
  price: MoneyString;
  tax_class_id: number | null;
}

export interface LaborLine extends LineBase {
  kind: 'labor';
  labor_id: number;
  /** Labor type rate per hour. */
  rate: MoneyString;
  minutes: number;
  /** Staff price for one unit (replaces rate x minutes / 60); null = computed. */
  price_override: MoneyString | null;
  /** Product line this labor installs, when applied from a product. */
  product_line_id: string | null;
}

/** A gift certificate sold on the order (a row with quantity x1). */
export interface VoucherLine extends LineBase {
  kind: 'voucher';
  code: string;
  description: string;
  message: string;
  voucher_theme: string;
  amount: MoneyString;
  original_amount: MoneyString;
  /** Who it is for (sold at the counter; absent on lines made before recipients were kept). */
  to_name?: string;
  to_email?: string;
}

/**
 * An old part brought back against its core charge (docs/decisions/domain.md "Core charges"): it
 * credits the Surcharge row with the product's core charge x quantity. The server stamps name,
 * part numbers, core charge and tax class from its catalog, as for a product line.
 */
export interface CoreReturnLine extends LineBase {
  kind: 'core_return';
  product_id: number;
  mpn: string;
  aaia: string;
  /** The product's core charge per unit (positive): the line credits surcharge x quantity. */
  surcharge: MoneyString;
  tax_class_id: number | null;
}

export type OrderLine = ProductLine | CustomLine | LaborLine | VoucherLine | CoreReturnLine;

/** Snapshot of the computed totals, stored on the order for lists and receipts. */
export interface OrderTotalsRecord {
  parts: MoneyString;
  surcharge: MoneyString;
  labor: MoneyString;
  tax: MoneyString;
  card_surcharge: MoneyString;
  card_surcharge_tax: MoneyString;
  order_total: MoneyString;
  amount_paid: MoneyString;
  balance_due: MoneyString;
  paid_in_full: boolean;
}

export interface Order {
  id: string;
  order_id: number | null;
  /** Device-local reference printed offline ("C2-0042"). */
  device_ref: string | null;
  status: OrderStatus;
  order_status_id: number | null;
  customer_ref: string | null;
  customer_id: number | null;
  customer_name: string | null;
  tax_exempt: boolean;
  tax_exempt_number: string | null;
  /**
   * The store the sale is rung up at (locations.location_id): its tax rates apply
   * (docs/decisions/domain.md "Tax rates by location"). Set when the order is created, from the
   * acting staff member's store (the server stamps its own); null: the default store. Absent on
   * orders a device cached before migration 0023 (read as null).
   */
  location_id: number | null;
  /**
   * An online order's fulfilling store (online_orders.location_id: the pickup store, or the default
   * store for a shipped order), which the Online tab lists it under; server-only (no mutation
   * sets it). Absent on a counter sale, and on online orders a device pulled before it was sent.
   */
  fulfilment_location_id?: number;
  /**
   * An online order's fulfilment as its pick list shows it (server-only, pulled: the counter's pick
   * list renders offline from it). Absent on a counter sale, and on online orders a device pulled
   * before it was sent (docs/decisions/pos.md "The pick list offline").
   */
  online?: OnlineOrderInfo;
  lines: OrderLine[];
  shipping_method: string | null;
  payment_method: string | null;
  cashier_id: string | null;
  totals: OrderTotalsRecord;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
  voided_at: string | null;
}

/** How an online order is fulfilled, from its online_orders row (server/commands/records/orders.ts). */
export interface OnlineOrderInfo {
  fulfilment: 'pickup' | 'shipping';
  /** The shipping address as printed (src/domain/online-orders.ts shippingAddressLines); null for pickup. */
  shipping_address: string[] | null;
  /** The custom line carrying the shipping charge: not picked. */
  shipping_line_ref: string | null;
  /** The shopper's contact from the checkout ('' when not given). */
  email: string;
  telephone: string;
}

/** The POS cart is the order in draft status. */
export type Cart = Order & { status: 'draft' };

export type TransactionStatus = 'pending' | 'approved' | 'void';
export type CardType = 'credit' | 'debit';

export interface Transaction {
  id: string;
  transaction_id: number | null;
  order_ref: string;
  transaction_type: PaymentType;
  transaction_label: string;
  /** Applied to the order's balance. */
  amount: MoneyString;
  /** Card surcharge charged on top of amount, and its tax (both "0.00" for other types). */
  surcharge: MoneyString;
  surcharge_tax: MoneyString;
  status: TransactionStatus;
  card_type: CardType | null;
  check_number: number | null;
  voucher_code: string | null;
  /**
   * True for a card payment the server recorded from a terminal approval: it is voided only
   * through the terminal (void/return), never by a plain void. Absent on rows a device cached
   * before migration 0015 (treated as false).
   */
  terminal?: boolean;
  actor_id: string;
  created_at: string;
  voided_at: string | null;
}

export interface Address extends AddressFields {
  address_id: string;
  default: boolean;
  /** Answers to the shop's address custom fields (src/domain/forms/custom-fields.ts); absent: none. */
  custom_field?: CustomFieldValues;
}

export interface Customer {
  id: string;
  customer_id: number | null;
  firstname: string;
  lastname: string;
  email: string;
  telephone: string;
  texting_alerts: boolean;
  newsletter: boolean;
  status: boolean;
  safe: boolean;
  customer_group_id: number | null;
  tax_exempt: boolean;
  tax_exempt_number: string | null;
  default_location_id: number | null;
  store_credit: MoneyString;
  addresses: Address[];
  created_at: string;
  updated_at: string;
  /** Answers to the shop's account custom fields (src/domain/forms/custom-fields.ts); absent: none. */
  account_custom_field?: CustomFieldValues;
}

/** Who a customer is and how to reach them: the first fields of every customer list row and search hit. */
export type CustomerContact = Pick<Customer, 'id' | 'customer_id' | 'firstname' | 'lastname' | 'email' | 'telephone'>;

/** Just the contact fields of a customer (or of any record that has them). */
export function customerContact(c: CustomerContact): CustomerContact {
  return {
    id: c.id,
    customer_id: c.customer_id,
    firstname: c.firstname,
    lastname: c.lastname,
    email: c.email,
    telephone: c.telephone,
  };
}

export interface YmmChoice {
  api_field: string;
  api_value: string;
  label_field: string;
  label_value: string;
}

export interface Vehicle {
  id: string;
  vehicle_id: number | null;
  customer_ref: string;
  title: string;
  vin: string;
  notes: string;
  ymm_data: Record<string, YmmChoice>;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export interface Appointment {
  id: string;
  appointment_id: number | null;
  customer_ref: string;
  order_ref: string | null;
  vehicle_id: number | null;
  products: number[];
  installers: number[];
  location_id: number;
  bay_id: number;
  start_date: string;
  start_time: string;
  duration: number;
  status_id: number;
  note: string;
  notify_customer: boolean;
  created_by: string;
  created_at: string;
}

export interface OrderHistory {
  id: string;
  order_ref: string;
  order_status_id: number;
  comment: string;
  notify_customer: boolean;
  notify_by_email: boolean;
  notify_by_text: boolean;
  email: string;
  phone: string;
  actor_id: string;
  date_added: string;
}

export interface CreditEntry {
  id: string;
  customer_transaction_id: number | null;
  customer_ref: string;
  description: string;
  amount: MoneyString;
  /** Store credit after this entry. */
  balance: MoneyString;
  order_ref: string | null;
  date_added: string;
}

export interface HistoryImage {
  name: string;
  type: string;
  size: number;
}

export interface CustomerHistory {
  id: string;
  customer_history_id: number | null;
  customer_ref: string;
  comment: string;
  image: HistoryImage | null;
  actor_id: string;
  date_added: string;
}

/** How a return is refunded (docs/decisions/pos.md "Returns"). */
export type RefundMethod = 'cash' | 'check' | 'card' | 'store_credit';

/**
 * One returned line of a completed order (pos-back-office.md §3 "Customer return row"): a return
 * of several lines is several rows sharing `return_ref`. Amounts are what the server derived from
 * the order's prices and tax (never the device's): `amount` before tax, `tax`, `total` refunded.
 */
export interface OrderReturn {
  id: string;
  return_id: number | null;
  /** The return (one mutation) this row belongs to. */
  return_ref: string;
  order_ref: string;
  customer_ref: string | null;
  line_ref: string;
  product_id: number | null;
  product: string;
  model: string;
  quantity: number;
  reason: string;
  condition: string;
  restock: boolean;
  refund_method: RefundMethod;
  amount: MoneyString;
  tax: MoneyString;
  total: MoneyString;
  return_status: string;
  actor_id: string;
  date_added: string;
  date_modified: string;
}

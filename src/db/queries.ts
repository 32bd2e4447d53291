/**
 * Read queries the POS screens run on the device cache (live stores = server state + pending
 * changes). Screens never write here: every change goes through the sync worker's mutate().
 */
import type { CatalogProduct } from '../contracts/catalog-product';
import {
  customerContact,
  type CreditEntry,
  type Customer,
  type CustomerContact,
  type Order,
  type Transaction,
  type Vehicle,
} from '../domain/mutations/records';
import type { StoreSettings } from '../domain/settings';
import { storeSettingsFrom, type LocationSource, type TaxRateSource } from '../domain/store-settings';
import type { PartsdeskDb } from './database';
import { loadCustomer, loadOrder } from './records';
import { stockRows } from './catalog-links';
import { productRow } from './product-chunks';

export interface OrderView {
  order: Order;
  transactions: Transaction[];
  /** A change to it is queued and not yet answered by the server. */
  pending: boolean;
}

/** Orders by their uuid or, once the server numbered them, by `order_id`. */
export async function findOrder(db: PartsdeskDb, ref: string): Promise<OrderView | null> {
  let order = await loadOrder(db, ref);
  if (!order && /^\d+$/.test(ref)) {
    const header = await db.orders.filter((o) => o.order_id === Number(ref)).first();
    if (header) order = await loadOrder(db, String(header.id));
  }
  if (!order) return null;
  const transactions = (await db.transactions
    .where('order_ref')
    .equals(order.id)
    .toArray()) as unknown as Transaction[];
  const pending = (await db.dirty.get(['orders', order.id])) !== undefined || order.order_id === null;
  return { order, transactions, pending };
}

export async function findCustomer(db: PartsdeskDb, ref: string): Promise<Customer | null> {
  return (await loadCustomer(db, ref)) ?? null;
}

export type CustomerHit = CustomerContact;

const digits = (s: string): string => s.replace(/\D/g, '');

/** What a customer is searched by: "first last" and email in lower case (one text), the phone's digits. */
export interface CustomerSearchKeys {
  text: string;
  phone: string;
}

export function customerSearchKeys(
  c: Pick<Customer, 'firstname' | 'lastname' | 'email' | 'telephone'>,
): CustomerSearchKeys {
  return { text: `${c.firstname} ${c.lastname}\n${c.email}`.toLowerCase(), phone: digits(c.telephone) };
}

/**
 * "Search by name, email, or phone number": every word must match the full name, the email or
 * (digits only, 3 or more) the phone; a phone typed with its formatting ("(555) 123-4567") also
 * matches as one number. Null for empty text (the spec: empty text clears results). Runs once per
 * customer for every search of the customers list (50,000 in < 100 ms), so it is a plain loop.
 */
export function customerMatcher(text: string): ((k: CustomerSearchKeys) => boolean) | null {
  const words = text.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return null;
  const whole = /^[\d\s().+-]+$/.test(text.trim()) ? digits(text) : '';
  const wordDigits = words.map((w) => {
    const d = digits(w);
    return d.length >= 3 ? d : null;
  });
  const n = words.length;
  return (k) => {
    if (whole.length >= 3 && k.phone.includes(whole)) return true;
    for (let i = 0; i < n; i++) {
      if (k.text.includes(words[i]!)) continue;
      const d = wordDigits[i];
      if (!d || !k.phone.includes(d)) return false;
    }
    return true;
  };
}

/** The device search of the customer modal (first `limit` matches in store order). */
export async function searchCustomers(db: PartsdeskDb, text: string, limit = 10): Promise<CustomerHit[]> {
  const match = customerMatcher(text);
  if (!match) return [];
  const hits: CustomerHit[] = [];
  await db.customers.each((row) => {
    if (hits.length >= limit) return;
    const c = row as unknown as Customer;
    if (match(customerSearchKeys(c))) hits.push(customerContact(c));
  });
  return hits;
}

export async function customerVehicles(db: PartsdeskDb, customerRef: string): Promise<Vehicle[]> {
  const rows = (await db.vehicles.where('customer_ref').equals(customerRef).toArray()) as unknown as Vehicle[];
  return rows.filter((v) => v.deleted_at === null);
}

/** A lookup table's rows as the server sent them (labor_types, tax_classes, order_statuses, ...). */
export async function lookupRows<T>(db: PartsdeskDb, table: string): Promise<T[]> {
  const rows = await db.lookups.where('[table+k]').between([table, ''], [table, '\uffff']).toArray();
  return rows.map((r) => r.row as T);
}

/**
 * An order's history entries as this device knows them (pulled, plus the ones this device added and
 * the server has not answered yet), oldest first; the tie-break keeps same-instant entries stable.
 */
export async function orderHistoryRows<T extends { id: string; date_added: string }>(
  db: PartsdeskDb,
  orderRef: string,
): Promise<T[]> {
  const rows = (await db.orderHistory.where('order_ref').equals(orderRef).toArray()) as unknown as T[];
  return rows.sort((a, b) => a.date_added.localeCompare(b.date_added) || a.id.localeCompare(b.id));
}

/** Orders made or changed on this device that the server has not confirmed yet, newest first. */
export async function pendingOrders(db: PartsdeskDb): Promise<OrderView[]> {
  const keys = await db.dirty.where('[table+k]').between(['orders', ''], ['orders', '\uffff']).toArray();
  const unnumbered = await db.orders.filter((o) => o.order_id === null && o.status !== 'draft').primaryKeys();
  const ids = new Set([...keys.map((k) => k.k), ...unnumbered]);
  const views: OrderView[] = [];
  for (const id of ids) {
    const v = await findOrder(db, id);
    if (v && v.order.status !== 'draft') views.push({ ...v, pending: true });
  }
  return views.sort((a, b) => b.order.created_at.localeCompare(a.order.created_at));
}

/** What the cart needs of a cached catalog product: the line's fields (src/contracts/catalog-product.ts) and more. */
export interface CachedProduct extends CatalogProduct {
  labor_id: number | null;
  labor_time: number | null;
  is_orderable: boolean;
  disable_pricing: boolean;
  requires_options: boolean;
  /** The product's own out-of-stock sentence (null or blank: the default, src/domain/inventory.ts). */
  oos_text: string | null;
}

const str = (v: unknown): string =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';
const intOrNull = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number(v));

export async function getCatalogProduct(db: PartsdeskDb, productId: number): Promise<CachedProduct | null> {
  const row = await productRow(db, productId);
  if (!row) return null;
  return {
    product_id: Number(row.product_id),
    name: str(row.name),
    model: str(row.model ?? row.mpn),
    mpn: str(row.mpn),
    aaia: str(row.aaia),
    price: str(row.price) || '0.00',
    // Rows cached before migration 0021 have none: 0, as the server had then.
    surcharge: str(row.surcharge) || '0.00',
    minimum: Number(row.minimum ?? 1) || 1,
    tax_class_id: intOrNull(row.tax_class_id),
    labor_id: intOrNull(row.labor_id),
    labor_time: intOrNull(row.labor_time),
    is_orderable: row.is_orderable !== false,
    disable_pricing: row.disable_pricing === true,
    requires_options: row.requires_options === true,
    oos_text: typeof row.oos_text === 'string' ? row.oos_text : null,
  };
}

/** Stock on hand over every store, as the inventory line counts it (the device's pulled product_stock). */
export async function stockOnHand(db: PartsdeskDb, productId: number): Promise<number> {
  return (await stockRows(db, productId)).reduce((n, r) => n + (Number(r.quantity) || 0), 0);
}

/** The shop's settings as this device last pulled them (the server derives its own the same way). */
export async function storeSettings(db: PartsdeskDb): Promise<StoreSettings> {
  const rows = await lookupRows<{ key: string; value: unknown }>(db, 'settings');
  return storeSettingsFrom({
    settings: Object.fromEntries(rows.map((r) => [r.key, r.value])),
    taxClasses: await lookupRows<{ tax_class_id: number; title: string }>(db, 'tax_classes'),
    taxRates: await lookupRows<TaxRateSource>(db, 'tax_rates'),
    locations: await lookupRows<LocationSource>(db, 'locations'),
    customFields: await lookupRows<Record<string, unknown>>(db, 'custom_fields'),
    customFieldValues: await lookupRows<Record<string, unknown>>(db, 'custom_field_values'),
  });
}

/** An installer as the device caches it (staff users with role 'installer'; pulled as 'installers'). */
export interface CachedInstaller {
  user_id: number;
  wholename: string;
  location_id: number | null;
  status: boolean;
}

/**
 * Active installers for the appointment form, by name; with `locationId`, those of that location
 * (an installer without a location works at any). Read from the cache, so it works offline.
 */
export async function cachedInstallers(db: PartsdeskDb, locationId?: number): Promise<CachedInstaller[]> {
  const rows = await lookupRows<CachedInstaller>(db, 'installers');
  return rows
    .filter(
      (r) => r.status !== false && (locationId === undefined || r.location_id === null || r.location_id === locationId),
    )
    .sort((a, b) => a.wholename.localeCompare(b.wholename) || a.user_id - b.user_id);
}

/**
 * A customer's store credit entries as this device knows them: pulled from the server plus the
 * ones this device wrote with a change still queued (Add Credit, store credit payments and voids).
 */
export async function customerCreditEntries(db: PartsdeskDb, customerRef: string): Promise<CreditEntry[]> {
  return (await db.creditEntries.where('customer_ref').equals(customerRef).toArray()) as unknown as CreditEntry[];
}

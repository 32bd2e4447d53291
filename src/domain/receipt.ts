/**
 * What a printed receipt and invoice say about the shop and the payments (pos-back-office.md §2
 * "POS receipt page"; docs/decisions/pos.md "Receipt and invoice"): the store that sold the order
 * (its location, else the default store), the footer text from the settings, and how a card
 * payment is named (brand and last 4). Pure: the server (emailed receipt, invoice call) and a
 * device (printed receipt, offline from its cached lookups) derive the same header from the same rows.
 */
import { formatPhone } from './phone';

/** A `locations` row as the server stores it and a device caches it (lookups 'locations'). */
export interface StoreLocation {
  location_id: number;
  name: string;
  address_1?: string;
  address_2?: string;
  city?: string;
  zone_code?: string;
  postcode?: string;
  telephone?: string;
  email?: string;
  website?: string;
  is_default?: boolean;
  status?: boolean;
}

export interface StoreHeader {
  /** The shop's name (setting `store_name`), else the store's. */
  name: string;
  /** The store's own name when it differs from the shop's ("Partsdesk Auto Parts - Austin"). */
  branch: string | null;
  address: string[];
  /** Formatted as staff read it, (512) 555-0142; '' when the store has none. */
  telephone: string;
  email: string;
  website: string;
}

export const DEFAULT_STORE_NAME = 'Partsdesk';
/** The settings key of the text printed at the foot of every receipt and invoice (a string). */
export const RECEIPT_FOOTER_SETTING = 'receipt_footer';

/**
 * The store an order was sold at: its location when that is active, else the default active
 * store, else the active store with the lowest id (an order made before orders carried a
 * location, or by a shopper online).
 */
export function storeLocationOf(
  locations: readonly StoreLocation[],
  locationId: number | null | undefined,
): StoreLocation | null {
  const active = locations.filter((l) => l.status !== false);
  const own = locationId == null ? undefined : active.find((l) => l.location_id === locationId);
  if (own) return own;
  const sorted = [...active].sort(
    (a, b) => Number(b.is_default === true) - Number(a.is_default === true) || a.location_id - b.location_id,
  );
  return sorted[0] ?? null;
}

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** The header of a receipt or invoice from the settings rows (key -> value) and the store. */
export function storeHeaderOf(settings: Readonly<Record<string, unknown>>, loc: StoreLocation | null): StoreHeader {
  const shop = text(settings.store_name);
  const name = shop || loc?.name || DEFAULT_STORE_NAME;
  const cityLine = loc
    ? [text(loc.city), [text(loc.zone_code), text(loc.postcode)].filter(Boolean).join(' ')].filter(Boolean).join(', ')
    : '';
  const phone = text(loc?.telephone);
  return {
    name,
    branch: loc && loc.name !== name ? loc.name : null,
    address: loc ? [text(loc.address_1), text(loc.address_2), cityLine].filter((s) => s !== '') : [],
    telephone: phone ? formatPhone(phone) : '',
    email: text(loc?.email),
    website: text(loc?.website),
  };
}

/** The footer text of receipts and invoices (setting `receipt_footer`); '' when the shop set none. */
export function receiptFooterOf(settings: Readonly<Record<string, unknown>>): string {
  return text(settings[RECEIPT_FOOTER_SETTING]);
}

/** A card payment's label: "Card Visa ****4242" (only what the terminal gives back: brand and last 4). */
export function cardPaymentLabel(kind: 'Card' | 'Online', brand: string, last4: string): string {
  const digits = last4.replace(/\D/g, '').slice(-4);
  return [kind, brand.trim(), digits ? `****${digits}` : ''].filter(Boolean).join(' ');
}

/**
 * StoreSettings from what the server stores (the `settings` key/value rows, tax classes, tax
 * rates and the stores' locations): one pure function, so the server (inside each mutation's transaction) and a device (from
 * its cached lookups) derive the same rules from the same rows. A key that is missing or malformed
 * falls back to the default, never to an exception: a half-configured shop still sells.
 *
 * A tax rate applies at a store when its `location_id` is null or the store's, and its `zone_code`
 * is null/empty or the store's state (docs/decisions/domain.md "Tax rates by location"): a state's
 * rate is given once for its zone, a city's or district's for its store; a class's rate at a store
 * is the sum of the rates that apply there.
 */
import { decimal } from './money';
import { customFieldDefsFrom } from './forms/custom-fields';
import {
  defaultStoreSettings,
  paymentTypes,
  type LocationTaxClasses,
  type PaymentType,
  type StoreSettings,
  type TaxClass,
} from './settings';

export interface TaxRateSource {
  tax_class_id: number;
  rate: string | number;
  /** The one store it applies at; null or absent: every store. */
  location_id?: number | null;
  /** The state (zones.code, as locations.zone_code) it applies in; null, absent or '': every state. */
  zone_code?: string | null;
}

export interface LocationSource {
  location_id: number;
  zone_code: string | null;
  is_default: boolean;
}

export interface SettingsSources {
  /** settings.key -> its parsed JSON value. */
  settings: Readonly<Record<string, unknown>>;
  taxClasses: readonly { tax_class_id: number; title: string }[];
  taxRates: readonly TaxRateSource[];
  /** The stores (locations rows); absent or empty: only rates that name no store or state apply. */
  locations?: readonly LocationSource[];
  /** custom_fields and custom_field_values rows (migration 0026-f); absent: no custom fields. */
  customFields?: readonly Record<string, unknown>[];
  customFieldValues?: readonly Record<string, unknown>[];
}

const obj = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const bool = (v: unknown, fallback: boolean): boolean =>
  typeof v === 'boolean' ? v : v === 1 || v === '1' ? true : v === 0 || v === '0' ? false : fallback;
const posInt = (v: unknown, fallback: number): number => {
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : fallback;
};
const idOrNull = (v: unknown): number | null =>
  v === null || v === undefined || v === '' ? null : posInt(v, 0) || null;
const percent = (v: unknown, fallback: string): string => {
  if (typeof v !== 'string' && typeof v !== 'number') return fallback;
  const d = decimal(v);
  return d.isNegative() ? fallback : d.toString();
};

const zoneOf = (code: string | null | undefined): string => (code ?? '').trim().toUpperCase();

/** Whether a rate applies at a store (null: no store, only rates naming no store and no state). */
function appliesAt(r: TaxRateSource, at: LocationSource | null): boolean {
  const loc = r.location_id ?? null;
  const zone = zoneOf(r.zone_code);
  if (at === null) return loc === null && zone === '';
  return (loc === null || Number(loc) === at.location_id) && (zone === '' || zone === zoneOf(at.zone_code));
}

/** A class's rate at a store is the sum of its rates that apply there (e.g. state + city), as a percent string. */
function taxClassesFrom(src: SettingsSources, at: LocationSource | null): TaxClass[] {
  return src.taxClasses.map((c) => {
    const rate = src.taxRates
      .filter((r) => r.tax_class_id === c.tax_class_id && appliesAt(r, at))
      .reduce((sum, r) => sum.plus(decimal(r.rate)), decimal(0));
    return { tax_class_id: c.tax_class_id, title: c.title, rate: rate.toString() };
  });
}

/** The default store's rates (no default store: the rates naming no store or state), and each store's. */
function taxesFrom(src: SettingsSources): Pick<StoreSettings, 'taxClasses' | 'locationTaxClasses'> {
  if (src.taxClasses.length === 0)
    return { taxClasses: defaultStoreSettings.taxClasses, locationTaxClasses: defaultStoreSettings.locationTaxClasses };
  const locations = [...(src.locations ?? [])]
    .map((l) => ({ ...l, location_id: Number(l.location_id) }))
    .sort((a, b) => a.location_id - b.location_id);
  const home = locations.find((l) => l.is_default) ?? null;
  const locationTaxClasses: LocationTaxClasses[] = locations.map((l) => ({
    location_id: l.location_id,
    taxClasses: taxClassesFrom(src, l),
  }));
  return { taxClasses: taxClassesFrom(src, home), locationTaxClasses };
}

export function storeSettingsFrom(src: SettingsSources): StoreSettings {
  const d = defaultStoreSettings;
  const s = src.settings;
  const card = obj(s.credit_card_surcharge);
  const po = obj(s.po_numbers);
  const form = obj(s.customer_form);
  const pay = obj(s.payment_types);
  const flags = Object.fromEntries(paymentTypes.map((t) => [t, bool(pay[t], d.paymentTypeFlags[t])])) as Record<
    PaymentType,
    boolean
  >;
  const taxes = obj(s.taxes);
  return {
    ...taxesFrom(src),
    laborTaxClassId: idOrNull(taxes.labor_tax_class_id),
    surchargeTaxable: bool(taxes.surcharge_taxable, d.surchargeTaxable),
    cardSurcharge: {
      percent: bool(card.enabled, false) ? percent(card.percent, '0') : '0',
      applyToDebit: bool(card.apply_to_debit, d.cardSurcharge.applyToDebit),
      taxClassId: idOrNull(card.tax_class_id),
    },
    paymentTypeFlags: flags,
    cardDevicesEnabled: bool(pay.card_devices_enabled, d.cardDevicesEnabled),
    timeSlotLength: posInt(obj(s.appointments).time_slot_length, d.timeSlotLength),
    poNumbersEnabled: bool(po.enabled, d.poNumbersEnabled),
    requirePoNumbers: bool(po.enabled, false) && bool(po.required, d.requirePoNumbers),
    requireEmail: bool(form.require_email, d.requireEmail),
    requireTelephone: bool(form.require_telephone, d.requireTelephone),
    requireAddress: bool(form.require_address, d.requireAddress),
    maxQuantity: d.maxQuantity,
    currency: 'USD',
    customFields: customFieldDefsFrom(src.customFields, src.customFieldValues),
  };
}

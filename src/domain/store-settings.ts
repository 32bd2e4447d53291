/**
 * StoreSettings from what the server stores (the `settings` key/value rows, tax classes and tax
 * rates): one pure function, so the server (inside each mutation's transaction) and a device (from
 * its cached lookups) derive the same rules from the same rows. A key that is missing or malformed
 * falls back to the default, never to an exception: a half-configured shop still sells.
 */
import { decimal } from './money';
import { defaultStoreSettings, paymentTypes, type PaymentType, type StoreSettings, type TaxClass } from './settings';

export interface SettingsSources {
  /** settings.key -> its parsed JSON value. */
  settings: Readonly<Record<string, unknown>>;
  taxClasses: readonly { tax_class_id: number; title: string }[];
  taxRates: readonly { tax_class_id: number; rate: string | number }[];
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

/** A class's rate is the sum of its rates (e.g. state + county), as a percent string. */
function taxClassesFrom(src: SettingsSources): TaxClass[] {
  return src.taxClasses.map((c) => {
    const rate = src.taxRates
      .filter((r) => r.tax_class_id === c.tax_class_id)
      .reduce((sum, r) => sum.plus(decimal(r.rate)), decimal(0));
    return { tax_class_id: c.tax_class_id, title: c.title, rate: rate.toString() };
  });
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
    taxClasses: src.taxClasses.length > 0 ? taxClassesFrom(src) : d.taxClasses,
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
  };
}

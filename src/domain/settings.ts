/**
 * Store settings that feed the shop rules. Plain, serialisable, shared by every runtime; the
 * server owns the truth and devices cache it. Rates are percent strings ("8.25" = 8.25 %). Tax
 * rates depend on the store a sale is rung up at (docs/decisions/domain.md "Tax rates by location").
 */
import type { MoneyString } from './money';
import type { CustomFieldDef } from './forms/custom-fields';

export const paymentTypes = ['card', 'online', 'cash', 'voucher', 'check', 'store_credit'] as const;
export type PaymentType = (typeof paymentTypes)[number];

export interface TaxClass {
  tax_class_id: number;
  title: string;
  /** Percent, e.g. "8.25". */
  rate: string;
}

/** The tax classes with their rates at one store (locations.location_id). */
export interface LocationTaxClasses {
  location_id: number;
  taxClasses: TaxClass[];
}

export interface StoreSettings {
  /** Rates at the default store: what an order without a store (and the storefront) is taxed at. */
  taxClasses: TaxClass[];
  /** Rates at each store; a store missing here is taxed at `taxClasses`. */
  locationTaxClasses: LocationTaxClasses[];
  /** Labor lines are taxed at this class's rate; null = labor is not taxed. */
  laborTaxClassId: number | null;
  /** Whether product surcharges are taxed with their product's class. */
  surchargeTaxable: boolean;
  cardSurcharge: {
    /** Percent added on top of each credit card payment; "0" disables it. */
    percent: string;
    /** US rules forbid surcharging debit cards; true applies it to debit as well. */
    applyToDebit: boolean;
    /** The surcharge is taxed at this class's rate; null = not taxed. */
    taxClassId: number | null;
  };
  /** Catalog flags: which payment types the store offers. */
  paymentTypeFlags: Record<PaymentType, boolean>;
  /** Card devices or smart terminals configured: card is offered only then. */
  cardDevicesEnabled: boolean;
  /** Minutes; appointment start times are multiples of it. */
  timeSlotLength: number;
  /** po_numbers enabled: the PO number control shows. */
  poNumbersEnabled: boolean;
  /** Every product needs a PO number before completion. */
  requirePoNumbers: boolean;
  /** Customer form flags. */
  requireEmail: boolean;
  requireTelephone: boolean;
  requireAddress: boolean;
  /** Maximum cart line quantity. */
  maxQuantity: number;
  currency: 'USD';
  /** The shop's custom fields (customer account and address); absent: none (migration 0026-f). */
  customFields?: CustomFieldDef[];
}

export const defaultStoreSettings: StoreSettings = {
  taxClasses: [{ tax_class_id: 9, title: 'Taxable Goods', rate: '8.25' }],
  locationTaxClasses: [],
  laborTaxClassId: null,
  surchargeTaxable: false,
  cardSurcharge: { percent: '0', applyToDebit: false, taxClassId: null },
  paymentTypeFlags: { card: true, online: false, cash: true, voucher: true, check: true, store_credit: true },
  cardDevicesEnabled: true,
  timeSlotLength: 15,
  poNumbersEnabled: false,
  requirePoNumbers: false,
  requireEmail: false,
  requireTelephone: false,
  requireAddress: false,
  maxQuantity: 10000,
  currency: 'USD',
};

export type TaxSettings = Pick<StoreSettings, 'taxClasses'> & Partial<Pick<StoreSettings, 'locationTaxClasses'>>;

/** The tax classes with their rates at a store; the default store's for null or a store without its own. */
export function taxClassesAt(settings: TaxSettings, locationId: number | null | undefined): TaxClass[] {
  if (locationId === null || locationId === undefined) return settings.taxClasses;
  return settings.locationTaxClasses?.find((l) => l.location_id === locationId)?.taxClasses ?? settings.taxClasses;
}

/**
 * Rate (percent string) of a tax class at a store (null or absent: the default store), or null
 * when the class is unknown or null.
 */
export function taxRateOf(
  settings: TaxSettings,
  taxClassId: number | null,
  locationId: number | null = null,
): string | null {
  if (taxClassId === null) return null;
  for (const c of taxClassesAt(settings, locationId)) if (c.tax_class_id === taxClassId) return c.rate;
  return null;
}

/** Store credit in records is a money string too. */
export type StoreCredit = MoneyString;

/**
 * Demo stores (three US shops with hours and service bays), the shop's settings rows, tax
 * classes with each store's sales tax rates, and labor types. Addresses are plausible, not real
 * businesses; the tax rates are the real combined rates of the three cities (docs/decisions/domain.md
 * "Tax rates by location").
 */
import type { Kysely } from 'kysely';
import type { DB, LocationHours } from '../schema';
import { insertReturning, insertRows } from './bulk';

export interface LocationRef {
  locationId: number;
  name: string;
  zoneCode: string;
  city: string;
  areaCodes: readonly string[];
  postcodes: readonly string[];
  isDefault: boolean;
}

const weekday = { open: '07:30', close: '19:00' };
const HOURS: LocationHours = {
  mon: weekday,
  tue: weekday,
  wed: weekday,
  thu: weekday,
  fri: weekday,
  sat: { open: '08:00', close: '17:00' },
  sun: { open: '10:00', close: '16:00' },
};
const HOURS_NO_SUNDAY: LocationHours = {
  mon: weekday,
  tue: weekday,
  wed: weekday,
  thu: weekday,
  fri: weekday,
  sat: { open: '08:00', close: '16:00' },
};

const STORES = [
  {
    name: 'Partsdesk Auto Parts - Austin',
    address_1: '4512 S Congress Ave',
    city: 'Austin',
    zone_code: 'TX',
    postcode: '78745',
    telephone: '(512) 555-0142',
    email: 'austin@partsdesk.example',
    lat: '30.212870',
    lng: '-97.771170',
    hours: HOURS,
    location_type: 'store',
    is_default: true,
    bays: ['Bay 1', 'Bay 2', 'Bay 3', 'Alignment Rack'],
    areaCodes: ['512', '737'],
    postcodes: ['78701', '78704', '78745', '78748', '78759', '78613', '78660'],
  },
  {
    name: 'Partsdesk Auto Parts - Denver',
    address_1: '2875 W Alameda Ave',
    city: 'Denver',
    zone_code: 'CO',
    postcode: '80219',
    telephone: '(303) 555-0177',
    email: 'denver@partsdesk.example',
    lat: '39.711180',
    lng: '-105.023860',
    hours: HOURS_NO_SUNDAY,
    location_type: 'store',
    is_default: false,
    bays: ['Bay 1', 'Bay 2'],
    areaCodes: ['303', '720'],
    postcodes: ['80202', '80205', '80219', '80223', '80012', '80033'],
  },
  {
    name: 'Partsdesk Auto Parts - Phoenix',
    address_1: '3340 E Indian School Rd',
    city: 'Phoenix',
    zone_code: 'AZ',
    postcode: '85018',
    telephone: '(602) 555-0119',
    email: 'phoenix@partsdesk.example',
    lat: '33.494990',
    lng: '-112.010440',
    hours: HOURS,
    // A second location type, so the dealer locator's filter chips have a choice (docs/decisions/storefront.md "Dealer locator").
    location_type: 'service_center',
    is_default: false,
    bays: ['Bay 1', 'Bay 2', 'Bay 3'],
    areaCodes: ['602', '480', '623'],
    postcodes: ['85004', '85018', '85008', '85201', '85281', '85301'],
  },
] as const;

export async function seedLocations(db: Kysely<DB>): Promise<LocationRef[]> {
  const rows = await insertReturning(
    db,
    'locations',
    STORES.map((s) => ({
      name: s.name,
      address_1: s.address_1,
      city: s.city,
      zone_code: s.zone_code,
      postcode: s.postcode,
      telephone: s.telephone,
      email: s.email,
      website: 'https://partsdesk.example',
      lat: s.lat,
      lng: s.lng,
      hours: JSON.stringify(s.hours),
      location_type: s.location_type,
      is_default: s.is_default,
    })),
    ['location_id', 'name'],
  );
  const idOf = new Map(rows.map((r) => [r.name, r.location_id]));
  const refs = STORES.map((s) => ({
    locationId: idOf.get(s.name)!,
    name: s.name,
    zoneCode: s.zone_code,
    city: s.city,
    areaCodes: s.areaCodes,
    postcodes: s.postcodes,
    isDefault: s.is_default,
  }));
  await insertRows(
    db,
    'bays',
    STORES.flatMap((s) => s.bays.map((title, i) => ({ location_id: idOf.get(s.name)!, title, sort_order: i + 1 }))),
  );
  return refs;
}

export interface LookupRefs {
  taxableClassId: number;
  nonTaxableClassId: number;
  laborClassId: number;
  laborIds: { standard: number; diagnostic: number; installation: number };
  wholesaleGroupId: number;
}

/**
 * Sales tax on goods at each demo store: the state's rate (by zone, for every store in the state)
 * plus the local ones (by store). Combined: Austin 8.25 %, Denver 9.15 %, Phoenix 8.60 %.
 */
const GOODS_TAX: readonly { name: string; rate: string; zone?: string; city?: string }[] = [
  { name: 'Texas State Sales Tax', rate: '6.2500', zone: 'TX' },
  { name: 'City of Austin Sales Tax', rate: '1.0000', city: 'Austin' },
  { name: 'Capital Metro Transit Tax', rate: '1.0000', city: 'Austin' },
  { name: 'Colorado State Sales Tax', rate: '2.9000', zone: 'CO' },
  { name: 'City and County of Denver Sales Tax', rate: '5.1500', city: 'Denver' },
  { name: 'RTD Transit Tax', rate: '1.0000', city: 'Denver' },
  { name: 'Scientific and Cultural Facilities District Tax', rate: '0.1000', city: 'Denver' },
  { name: 'Arizona State Transaction Privilege Tax', rate: '5.6000', zone: 'AZ' },
  { name: 'Maricopa County Tax', rate: '0.7000', city: 'Phoenix' },
  { name: 'City of Phoenix Privilege Tax', rate: '2.3000', city: 'Phoenix' },
];

export async function seedLookups(db: Kysely<DB>, locations: readonly LocationRef[]): Promise<LookupRefs> {
  const classes = await insertReturning(
    db,
    'tax_classes',
    [{ title: 'Taxable Goods' }, { title: 'Non-Taxable' }, { title: 'Labor' }],
    ['tax_class_id', 'title'],
  );
  const cls = (title: string) => classes.find((c) => c.title === title)!.tax_class_id;
  const storeIn = (city: string) => locations.find((l) => l.city === city)?.locationId;
  await insertRows(db, 'tax_rates', [
    ...GOODS_TAX.flatMap((t) => {
      const location_id = t.city === undefined ? null : storeIn(t.city);
      if (location_id === undefined) return [];
      return [
        { tax_class_id: cls('Taxable Goods'), name: t.name, rate: t.rate, zone_code: t.zone ?? null, location_id },
      ];
    }),
    { tax_class_id: cls('Non-Taxable'), name: 'No Tax', rate: '0.0000' },
    { tax_class_id: cls('Labor'), name: 'Labor (not taxed)', rate: '0.0000' },
  ]);
  const labor = await insertReturning(
    db,
    'labor_types',
    [
      { title: 'Standard Labor', amount: '120.00' },
      { title: 'Diagnostic', amount: '150.00' },
      { title: 'Installation', amount: '95.00' },
    ],
    ['labor_id', 'title'],
  );
  const lab = (title: string) => labor.find((l) => l.title === title)!.labor_id;
  const [wholesale] = await insertReturning(db, 'customer_groups', [{ name: 'Wholesale' }], ['customer_group_id']);
  return {
    taxableClassId: cls('Taxable Goods'),
    nonTaxableClassId: cls('Non-Taxable'),
    laborClassId: cls('Labor'),
    laborIds: { standard: lab('Standard Labor'), diagnostic: lab('Diagnostic'), installation: lab('Installation') },
    wholesaleGroupId: wholesale!.customer_group_id,
  };
}

/** Shop-wide settings; keys are the spec's names where it gives them. */
export async function seedSettings(
  db: Kysely<DB>,
  meta: { seed: number; parts: number; baseDate: string },
): Promise<void> {
  const settings: Record<string, unknown> = {
    store_name: 'Partsdesk Auto Parts',
    // Printed at the foot of every receipt and invoice (src/domain/receipt.ts RECEIPT_FOOTER_SETTING).
    receipt_footer: 'Thank you for your business! Parts returns within 30 days with this receipt.',
    currency: 'USD',
    timezone: 'America/Chicago',
    fitment: {
      ymm_enabled: true,
      ymm_heading: 'Shop by Vehicle',
      ymm_tab_label: 'Year / Make / Model',
      ymm_redirect: false,
      ymm_page_refresh: false,
      engine_family_enabled: true,
      engine_family_tab_label: 'Engine',
      vehicle_lookup_enabled: true,
      enable_sub_model: true,
      enable_body_type: true,
      enable_bed_length: true,
      enable_choices: true,
      enable_aces_data_attributes: true,
      require_fitment_confirmation: false,
      show_universal: true,
      ymm_popular_sort: true,
    },
    kiosk: { kiosk_videos: [], kiosk_prompt_timer: 30, kiosk_idle_timer: 120, kiosk_homepage: '/product/catalog' },
    appointments: { time_slot_length: 30 },
    credit_card_surcharge: { enabled: false, percent: '3.00' },
    demo: meta,
  };
  await insertRows(
    db,
    'settings',
    Object.entries(settings).map(([key, value]) => ({ key, value: JSON.stringify(value) })),
  );
}

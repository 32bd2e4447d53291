/**
 * Kysely table types, written by hand to match server/db/migrations (keep them in step: a new
 * migration updates this file in the same change).
 *
 * Conventions, because pg parses types the same way on both engines:
 * - numeric (money, rates, lat/lng, weight) comes back as a string: parse it with src/domain
 *   money helpers, never with parseFloat. Write it as a decimal string.
 * - bigint (`version`, `fitment_id`, tombstone ids) comes back as a string.
 * - timestamptz comes back as a Date; accepts Date or an ISO string on write.
 * - jsonb is written as JSON text (`JSON.stringify(x)`): pg would turn a JS array parameter into a
 *   PostgreSQL array, not JSON. It reads back parsed.
 * - `version` is never written by the application (sequence default + update trigger).
 */
import type { ColumnType, Generated } from 'kysely';
import type { Decimal, GeneratedDecimal, GeneratedJson, GeneratedTimestamp, Id, Json, Timestamp, Version } from './schema-columns';
import type {
  BaseVehiclesTable, EngineConfigsTable, EngineFamiliesTable, EngineManufacturersTable, EngineSizesTable, PartFitmentTable,
  VehicleBedLengthsTable, VehicleBodyTypesTable, VehicleConfigsTable, VehicleMakesTable, VehicleModelsTable, VehicleSubmodelsTable,
  VehicleYearsTable,
} from './schema-vehicles';

export interface WeekdayHours {
  open: string; // 'HH:MM', local time of the location
  close: string;
}
/** Opening hours by weekday ('mon'..'sun'); a missing day is closed. */
export type LocationHours = Partial<Record<'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun', WeekdayHours>>;

export interface TombstonesTable {
  id: ColumnType<string, never, never>;
  table_name: string;
  row_key: string;
  version: Version;
  deleted_at: GeneratedTimestamp;
}

export interface SettingsTable {
  key: string;
  value: Json;
  version: Version;
}

export interface RolesTable {
  role: string;
  name: string;
  version: Version;
}

export interface CountriesTable {
  country_id: number;
  name: string;
  iso_code_2: string;
  iso_code_3: string;
  version: Version;
}

export interface ZonesTable {
  zone_id: number;
  country_id: number;
  name: string;
  code: string;
  version: Version;
}

export interface LocationsTable {
  location_id: Id;
  name: string;
  address_1: Generated<string>;
  address_2: Generated<string>;
  city: Generated<string>;
  zone_code: Generated<string>;
  postcode: Generated<string>;
  country_code: Generated<string>;
  telephone: Generated<string>;
  email: Generated<string>;
  website: Generated<string>;
  lat: Decimal | null;
  lng: Decimal | null;
  hours: GeneratedJson<LocationHours>;
  location_type: Generated<string>;
  is_default: Generated<boolean>;
  status: Generated<boolean>;
  version: Version;
}

export interface BaysTable {
  bay_id: Id;
  location_id: number;
  title: string;
  sort_order: Generated<number>;
  version: Version;
}

export interface StaffUsersTable {
  user_id: Id;
  /** Always lower-case (a check constraint enforces it). */
  username: string;
  password_hash: string;
  firstname: Generated<string>;
  lastname: Generated<string>;
  email: Generated<string>;
  role: string;
  location_id: number | null;
  status: Generated<boolean>;
  date_added: GeneratedTimestamp;
  version: Version;
}

export interface CustomerGroupsTable {
  customer_group_id: Id;
  name: string;
  version: Version;
}

export interface CustomersTable {
  id: Generated<string>;
  customer_id: Id;
  firstname: Generated<string>;
  lastname: Generated<string>;
  /** Unique case-insensitively when present. */
  email: string | null;
  telephone: Generated<string>;
  texting_alerts: Generated<boolean>;
  /** Shopper login; null for customers who only exist at the counter. */
  password_hash: string | null;
  safe: Generated<boolean>;
  newsletter: Generated<boolean>;
  customer_group_id: Generated<number>;
  tax_exempt: Generated<boolean>;
  tax_exempt_number: Generated<string>;
  default_location_id: number | null;
  status: Generated<boolean>;
  store_credit: GeneratedDecimal;
  date_added: GeneratedTimestamp;
  version: Version;
}

export interface AddressesTable {
  id: Generated<string>;
  address_id: Id;
  customer_id: string;
  firstname: Generated<string>;
  lastname: Generated<string>;
  company: Generated<string>;
  address_1: Generated<string>;
  address_2: Generated<string>;
  city: Generated<string>;
  postcode: Generated<string>;
  country_id: Generated<number>;
  zone_id: number | null;
  is_default: Generated<boolean>;
  version: Version;
}

export interface CustomerVehiclesTable {
  id: Generated<string>;
  vehicle_id: Id;
  customer_id: string;
  title: Generated<string>;
  vin: Generated<string>;
  notes: Generated<string>;
  year: number | null;
  make_id: number | null;
  model_id: number | null;
  sub_model_id: number | null;
  body_type_id: number | null;
  bed_length_id: number | null;
  engine_config_id: number | null;
  date_added: GeneratedTimestamp;
  version: Version;
}

export interface ManufacturersTable {
  manufacturer_id: Id;
  name: string;
  /** 4-character AAIA brand code, e.g. 'BBWW'. */
  aaia_code: string;
  slug: string;
  image: Generated<string>;
  version: Version;
}

export interface CategoriesTable {
  category_id: Id;
  parent_id: number | null;
  name: string;
  slug: string;
  sort_order: Generated<number>;
  status: Generated<boolean>;
  version: Version;
}

export interface SeriesTable {
  series_id: Id;
  manufacturer_id: number;
  name: string;
  slug: string;
  version: Version;
}

export interface TaxClassesTable {
  tax_class_id: Id;
  title: string;
  version: Version;
}

export interface TaxRatesTable {
  tax_rate_id: Id;
  tax_class_id: number;
  name: string;
  /** Percent, e.g. '8.2500'. */
  rate: Decimal;
  version: Version;
}

export interface LaborTypesTable {
  labor_id: Id;
  title: string;
  /** Hourly rate. */
  amount: Decimal;
  version: Version;
}

export interface ProductsTable {
  product_id: Id;
  manufacturer_id: number;
  aaia: string;
  mpn: string;
  /** Upper-case mpn without punctuation (generated): the key for scanner and typed lookups. */
  mpn_key: ColumnType<string, never, never>;
  series_id: number | null;
  name: string;
  short_name: Generated<string>;
  short_description: Generated<string>;
  description: Generated<string>;
  slug: string;
  upc: string | null;
  tax_class_id: number | null;
  /** Retail price. */
  price: GeneratedDecimal;
  msrp: GeneratedDecimal;
  cost: GeneratedDecimal;
  minimum: Generated<number>;
  is_orderable: Generated<boolean>;
  disable_pricing: Generated<boolean>;
  requires_options: Generated<boolean>;
  is_universal: Generated<boolean>;
  show_install_graphic: Generated<boolean>;
  labor_id: number | null;
  /** Minutes. */
  labor_time: number | null;
  image: Generated<string>;
  status: Generated<boolean>;
  weight: GeneratedDecimal;
  date_added: GeneratedTimestamp;
  /** The cart's stock warning for this product; null or blank: the default sentence (migration 0014). */
  oos_text: ColumnType<string | null, string | null | undefined, string | null>;
  version: Version;
}

export interface ProductCategoriesTable {
  product_id: number;
  category_id: number;
  version: Version;
}

export interface ProductOptionsTable {
  product_option_id: Id;
  product_id: number;
  name: string;
  type: Generated<'select' | 'radio' | 'checkbox' | 'text'>;
  required: Generated<boolean>;
  sort_order: Generated<number>;
  version: Version;
}

export interface ProductOptionValuesTable {
  product_option_value_id: Id;
  product_option_id: number;
  name: string;
  price: GeneratedDecimal;
  price_prefix: Generated<'+' | '-'>;
  sort_order: Generated<number>;
  version: Version;
}

export interface ProductStockTable {
  product_id: number;
  location_id: number;
  quantity: Generated<number>;
  warehouse_location: Generated<string>;
  version: Version;
}

export interface OrderStatusesTable {
  order_status_id: number;
  name: string;
  status_color: string;
  status_text_color: string;
  sort_order: Generated<number>;
  version: Version;
}

export type OrderState = 'draft' | 'saved' | 'quote' | 'kiosk' | 'complete' | 'voided';

export interface OrdersTable {
  id: Generated<string>;
  order_id: Id;
  device_ref: string | null;
  status: Generated<OrderState>;
  /** Defaults to 1 (Pending). */
  order_status_id: Generated<number>;
  pos_status: Generated<string>;
  customer_uuid: string | null;
  customer_name: Generated<string>;
  email: Generated<string>;
  telephone: Generated<string>;
  location_id: number | null;
  cashier_id: number | null;
  total_items: Generated<number>;
  order_total: GeneratedDecimal;
  amount_paid: GeneratedDecimal;
  tax_exempt: Generated<boolean>;
  tax_exempt_number: Generated<string>;
  date_added: GeneratedTimestamp;
  date_modified: GeneratedTimestamp;
  version: Version;
}

export interface SessionsTable {
  /** sha256 (hex) of the cookie value; the cookie itself is never stored. */
  id_hash: string;
  user_kind: 'staff' | 'customer';
  staff_user_id: number | null;
  customer_uuid: string | null;
  csrf_token: string;
  created_at: GeneratedTimestamp;
  expires_at: Timestamp;
  last_seen_at: GeneratedTimestamp;
}

/** Migration 0019: a distributor's purchase order for an order (`data` holds its §3 fields). */
export interface PurchaseOrdersTable {
  id: Generated<string>;
  order_ref: string;
  request_id: string;
  distributor: string;
  purchase_order_id: string;
  warehouse: string;
  status: string;
  total: Decimal;
  submitted_at: Timestamp;
  data: Json;
  created_by: string;
  created_at: GeneratedTimestamp;
}

export interface DB {
  purchase_orders: PurchaseOrdersTable;
  tombstones: TombstonesTable;
  settings: SettingsTable;
  roles: RolesTable;
  countries: CountriesTable;
  zones: ZonesTable;
  locations: LocationsTable;
  bays: BaysTable;
  staff_users: StaffUsersTable;
  customer_groups: CustomerGroupsTable;
  customers: CustomersTable;
  addresses: AddressesTable;
  customer_vehicles: CustomerVehiclesTable;
  manufacturers: ManufacturersTable;
  categories: CategoriesTable;
  series: SeriesTable;
  tax_classes: TaxClassesTable;
  tax_rates: TaxRatesTable;
  labor_types: LaborTypesTable;
  products: ProductsTable;
  product_categories: ProductCategoriesTable;
  product_options: ProductOptionsTable;
  product_option_values: ProductOptionValuesTable;
  product_stock: ProductStockTable;
  vehicle_years: VehicleYearsTable;
  vehicle_makes: VehicleMakesTable;
  vehicle_models: VehicleModelsTable;
  base_vehicles: BaseVehiclesTable;
  vehicle_submodels: VehicleSubmodelsTable;
  vehicle_body_types: VehicleBodyTypesTable;
  vehicle_bed_lengths: VehicleBedLengthsTable;
  engine_manufacturers: EngineManufacturersTable;
  engine_families: EngineFamiliesTable;
  engine_sizes: EngineSizesTable;
  engine_configs: EngineConfigsTable;
  vehicle_configs: VehicleConfigsTable;
  part_fitment: PartFitmentTable;
  order_statuses: OrderStatusesTable;
  orders: OrdersTable;
  sessions: SessionsTable;
}

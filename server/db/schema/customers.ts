/** Customers, their addresses and vehicles (migration 0001; the sync columns of 0002 and 0003), store credit entries (0025-k). */
import type { ColumnType, Generated } from 'kysely';
import type { GeneratedDecimal, GeneratedTimestamp, Id, NullableTimestamp, Timestamp, Version } from './columns';

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
  /** Migration 0002-sync. */
  updated_at: GeneratedTimestamp;
  /** Migration 0026-s: lower-cased "first last", email, telephone and its digits, kept by the database (never written). */
  search_text: ColumnType<string, never, never>;
  /** Migration 0026-f: answers to the account custom fields, keyed by custom_field_id. */
  account_custom_field: ColumnType<Record<string, string | string[]>, string | undefined, string>;
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
  /** Migration 0026-f: answers to the address custom fields, keyed by custom_field_id. */
  custom_field: ColumnType<Record<string, string | string[]>, string | undefined, string>;
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
  /** Migration 0003-orders. */
  ymm_data: ColumnType<Record<string, unknown>, string | undefined, string>;
  updated_at: GeneratedTimestamp;
  deleted_at: NullableTimestamp;
}

/** Store credit entries (migration 0025-k-customer-credits). */
export interface CustomerCreditsTable {
  id: string;
  customer_transaction_id: Generated<number>;
  customer_ref: string;
  description: string;
  /** numeric(12,2) as a string. */
  amount: string;
  /** The customer's store credit right after this entry. */
  balance: string;
  order_ref: string | null;
  actor_id: string;
  date_added: Timestamp;
  version: Version;
}

/** The customer tables in DB. */
export interface CustomerTables {
  customer_groups: CustomerGroupsTable;
  customers: CustomersTable;
  addresses: AddressesTable;
  customer_vehicles: CustomerVehiclesTable;
  customer_credits: CustomerCreditsTable;
}

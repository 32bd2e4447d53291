/**
 * Kysely types of the tables and columns migrations 0002-sync and 0003-orders add, layered on the
 * core DB type (server/db/schema.ts belongs to the schema owner; these move there when it next
 * changes). Same conventions: numeric and bigint read as strings, jsonb is written as JSON text.
 */
import type { ColumnType, Generated, Kysely } from 'kysely';
import type { CustomersTable, CustomerVehiclesTable, DB, OrdersTable } from '../db/schema';

type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableStamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string, string>;
type Version = ColumnType<string, never, never>;

export interface SyncClientsTable {
  client_id: string;
  last_mutation_id: ColumnType<string, number | undefined, number>;
  user_kind: 'staff' | 'customer';
  staff_user_id: number | null;
  customer_uuid: string | null;
  device_prefix: string | null;
  created_at: Stamp;
  last_seen_at: Stamp;
}

export interface SyncMutationsTable {
  client_id: string;
  mutation_id: ColumnType<string, number, never>;
  seq: ColumnType<string, never, never>;
  name: string;
  status: 'applied' | 'rejected';
  code: string | null;
  message: string | null;
  actor_kind: 'staff' | 'customer';
  actor_id: string;
  device_at: NullableStamp;
  applied_at: Stamp;
  /** The user signed in on the device when the change was made (its claim; migration 0015-e). */
  made_by_id: ColumnType<string | null, string | null | undefined, never>;
  made_by_role: ColumnType<string | null, string | null | undefined, never>;
}

/** A conflict staff discarded on a device (migration 0015-e). */
export interface SyncDiscardsTable {
  client_id: string;
  mutation_id: ColumnType<string, number, never>;
  name: string;
  args: Json<unknown>;
  code: string | null;
  message: string | null;
  discarded_by_kind: 'staff';
  discarded_by_id: string;
  discarded_at: Stamp;
  device_at: NullableStamp;
}

export interface SyncStateTable {
  id: number;
  tombstones_purged_through: ColumnType<string, number | undefined, number | string>;
}

export interface OrderLinesTable {
  id: string;
  order_ref: string;
  position: number;
  kind: 'product' | 'custom' | 'labor' | 'voucher';
  product_id: number | null;
  name: string;
  quantity: number;
  data: Json<Record<string, unknown>>;
  version: Version;
}

export interface TransactionsTable {
  id: string;
  transaction_id: Generated<number>;
  order_ref: string;
  transaction_type: string;
  transaction_label: string;
  amount: string;
  surcharge: string;
  surcharge_tax: string;
  status: 'pending' | 'approved' | 'void';
  card_type: 'credit' | 'debit' | null;
  check_number: number | null;
  voucher_code: string | null;
  /** Migration 0015-c-terminal-card. */
  terminal: Generated<boolean>;
  actor_id: string;
  created_at: ColumnType<Date, Date | string, Date | string>;
  voided_at: NullableStamp;
  version: Version;
}

export interface SyncOrdersTable extends OrdersTable {
  shipping_method: string | null;
  payment_method: string | null;
  totals: ColumnType<Record<string, unknown> | null, string | null, string | null>;
  cashier_ref: string | null;
  completed_at: NullableStamp;
  voided_at: NullableStamp;
}

export interface SyncCustomersTable extends CustomersTable {
  updated_at: Stamp;
}

export interface SyncVehiclesTable extends CustomerVehiclesTable {
  ymm_data: ColumnType<Record<string, unknown>, string | undefined, string>;
  updated_at: Stamp;
  deleted_at: NullableStamp;
}

export interface SyncDB extends Omit<DB, 'orders' | 'customers' | 'customer_vehicles'> {
  orders: SyncOrdersTable;
  customers: SyncCustomersTable;
  customer_vehicles: SyncVehiclesTable;
  order_lines: OrderLinesTable;
  transactions: TransactionsTable;
  sync_clients: SyncClientsTable;
  sync_mutations: SyncMutationsTable;
  sync_discards: SyncDiscardsTable;
  sync_state: SyncStateTable;
}

/** The same connection seen with the sync tables' types (no runtime effect). */
export function syncDb(db: Kysely<DB>): Kysely<SyncDB> {
  return db as unknown as Kysely<SyncDB>;
}

export const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

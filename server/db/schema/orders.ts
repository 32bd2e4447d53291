/** Orders, their lines and transactions (migrations 0001 and 0003-orders). */
import type { ColumnType, Generated } from 'kysely';
import type { GeneratedDecimal, GeneratedTimestamp, Id, Json, NullableTimestamp, Version } from './columns';

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
  /** Migration 0003-orders. */
  shipping_method: string | null;
  payment_method: string | null;
  totals: ColumnType<Record<string, unknown> | null, string | null, string | null>;
  cashier_ref: string | null;
  completed_at: NullableTimestamp;
  voided_at: NullableTimestamp;
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
  voided_at: NullableTimestamp;
  version: Version;
}

/** The order tables in DB. */
/** The one counter row orders draw their numbers from (migration 0020; `id` is always 1). */
export interface OrderNumbersTable {
  id: number;
  last_number: number;
}

export interface OrderTables {
  order_statuses: OrderStatusesTable;
  orders: OrdersTable;
  order_numbers: OrderNumbersTable;
  order_lines: OrderLinesTable;
  transactions: TransactionsTable;
}

/** Distributor purchase orders (migration 0019; docs/decisions/distributor.md). */
import type { Generated } from 'kysely';
import type { Decimal, GeneratedTimestamp, Json, Timestamp } from './columns';

/** One purchase order a distributor accepted for an order; `data` holds its §3 fields as answered. */
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

/** The distributor tables in DB. */
export interface DistributorTables {
  purchase_orders: PurchaseOrdersTable;
}

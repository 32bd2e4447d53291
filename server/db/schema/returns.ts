/** Returns of completed orders (migration 0026-r; docs/decisions/pos.md "Returns"). */
import type { Generated } from 'kysely';
import type { Timestamp, Version } from './columns';

export interface OrderReturnsTable {
  id: string;
  return_id: Generated<number>;
  return_ref: string;
  order_ref: string;
  customer_ref: string | null;
  line_ref: string;
  product_id: number | null;
  product: string;
  model: string;
  quantity: number;
  reason: string;
  condition: string;
  restock: boolean;
  refund_method: string;
  /** numeric(12,2) as strings. */
  amount: string;
  tax: string;
  total: string;
  return_status: string;
  actor_id: string;
  date_added: Timestamp;
  date_modified: Timestamp;
  version: Version;
}

/** The return tables in DB. */
export interface ReturnTables {
  order_returns: OrderReturnsTable;
}

/** Returns of completed orders (migration 0026-r; docs/decisions/pos.md "Returns"). */
import type { Generated } from 'kysely';
import type { OrderReturn } from '../../../src/domain/mutations/records';
import type { Timestamp, Version } from './columns';

/**
 * A row is the domain's OrderReturn (src/domain/mutations/records.ts) with the database's own id,
 * timestamps and version; amount, tax and total are numeric(12,2) read as strings.
 */
export interface OrderReturnsTable extends Omit<
  OrderReturn,
  'return_id' | 'refund_method' | 'date_added' | 'date_modified'
> {
  return_id: Generated<number>;
  refund_method: string;
  date_added: Timestamp;
  date_modified: Timestamp;
  version: Version;
}

/** The return tables in DB. */
export interface ReturnTables {
  order_returns: OrderReturnsTable;
}

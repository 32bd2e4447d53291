/** The stored purchase orders of an order (order detail and the receipt; migration 0019). */
import { sql, type Kysely } from 'kysely';
import { purchaseOrderSchema, type PurchaseOrder } from '../../../src/contracts/distributor';

/** An order's purchase orders, oldest first (order detail and the receipt). */
export async function purchaseOrdersOf<T>(db: Kysely<T>, orderId: string): Promise<PurchaseOrder[]> {
  const r = await sql<{ data: unknown }>`select data from purchase_orders where order_ref = ${orderId} order by created_at, purchase_order_id`.execute(db);
  return r.rows.map((row) => purchaseOrderSchema.parse(row.data));
}

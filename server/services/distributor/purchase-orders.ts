/** The stored purchase orders of an order (order detail and the receipt; migration 0019). */
import type { Kysely } from 'kysely';
import { purchaseOrderSchema, type PurchaseOrder } from '../../../src/contracts/distributor';
import type { DB } from '../../db/schema';

/** An order's purchase orders, oldest first (order detail and the receipt). */
export async function purchaseOrdersOf(db: Kysely<DB>, orderId: string): Promise<PurchaseOrder[]> {
  const rows = await db
    .selectFrom('purchase_orders')
    .select('data')
    .where('order_ref', '=', orderId)
    .orderBy('created_at')
    .orderBy('purchase_order_id')
    .execute();
  return rows.map((r) => purchaseOrderSchema.parse(r.data));
}

/**
 * Returns between SQL rows and the domain record (OrderReturn), and the restock a return makes
 * (docs/decisions/pos.md "Returns"). Append-only: a row is written once under its client uuid.
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { OrderReturn, RefundMethod } from '../../../src/domain/mutations/records';
import { iso, type DB, type OrderReturnsTable } from '../../db/schema';

/** The fields a return row stores just as the record holds them (the rest are mapped one by one). */
const AS_IS = [
  'id',
  'return_ref',
  'order_ref',
  'customer_ref',
  'line_ref',
  'product_id',
  'product',
  'model',
  'quantity',
  'reason',
  'condition',
  'restock',
  'amount',
  'tax',
  'total',
  'return_status',
] as const;
type AsIs = Pick<OrderReturn, (typeof AS_IS)[number]>;
const asIs = (r: AsIs): AsIs => Object.fromEntries(AS_IS.map((k) => [k, r[k]])) as AsIs;

export function returnFromSql(r: Selectable<OrderReturnsTable>): OrderReturn {
  return {
    ...asIs(r),
    return_id: r.return_id,
    refund_method: r.refund_method as RefundMethod,
    actor_id: r.actor_id,
    date_added: iso(r.date_added) ?? '',
    date_modified: iso(r.date_modified) ?? '',
  };
}

/** The order's returns, locked with it (the order's own row lock is taken first by the applier). */
export async function loadReturns(db: Kysely<DB>, orderRef: string): Promise<OrderReturn[]> {
  const rows = await db
    .selectFrom('order_returns')
    .selectAll()
    .where('order_ref', '=', orderRef)
    .orderBy('return_id')
    .forUpdate()
    .execute();
  return rows.map(returnFromSql);
}

export async function saveReturns(db: Kysely<DB>, rows: readonly OrderReturn[], actorId: string): Promise<void> {
  if (!rows.length) return;
  await db
    .insertInto('order_returns')
    .values(
      rows.map((r) => ({
        ...asIs(r),
        refund_method: r.refund_method,
        actor_id: actorId,
        date_added: r.date_added,
        date_modified: r.date_modified,
      })),
    )
    .execute();
}

/**
 * Restocked parts go back on the shelf of the store the order was rung up at (the default store
 * when it has none): product_stock.quantity grows by the returned quantity, a missing row is made.
 */
export async function restock(db: Kysely<DB>, rows: readonly OrderReturn[], locationId: number | null): Promise<void> {
  const back = rows.filter((r) => r.restock && r.product_id !== null);
  if (!back.length) return;
  const location =
    locationId ??
    (await db.selectFrom('locations').select('location_id').where('is_default', '=', true).executeTakeFirst())
      ?.location_id ??
    (await db.selectFrom('locations').select('location_id').orderBy('location_id').executeTakeFirst())?.location_id;
  if (location === undefined) return;
  for (const r of back) {
    // The product may have been deleted since the sale: nothing to put back then.
    const exists = await db
      .selectFrom('products')
      .select('product_id')
      .where('product_id', '=', r.product_id!)
      .executeTakeFirst();
    if (!exists) continue;
    await db
      .insertInto('product_stock')
      .values({ product_id: r.product_id!, location_id: location, quantity: r.quantity })
      .onConflict((oc) =>
        oc
          .columns(['product_id', 'location_id'])
          .doUpdateSet({ quantity: sql`product_stock.quantity + ${r.quantity}` }),
      )
      .execute();
  }
}

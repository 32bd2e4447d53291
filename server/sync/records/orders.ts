/**
 * Orders, their lines and payments between SQL rows and the domain records the mutators take.
 * Must stay true: save(load(x)) changes nothing; human numbers (order_id, transaction_id) are
 * assigned by the database on first insert and never overwritten by a record that lacks them.
 */
import type { Kysely, Selectable } from 'kysely';
import { emptyTotals } from '../../../src/domain/mutations/guards';
import type { Order, OrderLine, OrderTotalsRecord, Transaction } from '../../../src/domain/mutations/records';
import { orderFromRows, orderToRows, type OrderLineRow, type OrderRow } from '../../../src/contracts/sync-records';
import { RecordOwnedElsewhere } from '../errors';
import { iso, type OrderLinesTable, type SyncDB, type SyncOrdersTable, type TransactionsTable } from '../db';

type OrderSql = Selectable<SyncOrdersTable> & { customer_number: number | null };

export function orderRowFromSql(r: OrderSql): OrderRow {
  return {
    id: r.id,
    order_id: r.order_id,
    device_ref: r.device_ref,
    status: r.status,
    order_status_id: r.order_status_id,
    customer_ref: r.customer_uuid,
    customer_id: r.customer_number,
    customer_name: r.customer_name === '' ? null : r.customer_name,
    tax_exempt: r.tax_exempt,
    tax_exempt_number: r.tax_exempt_number === '' ? null : r.tax_exempt_number,
    shipping_method: r.shipping_method,
    payment_method: r.payment_method,
    cashier_id: r.cashier_ref ?? (r.cashier_id === null ? null : String(r.cashier_id)),
    totals: (r.totals as OrderTotalsRecord | null) ?? { ...emptyTotals },
    created_at: iso(r.date_added) ?? '',
    updated_at: iso(r.date_modified) ?? '',
    completed_at: iso(r.completed_at),
    voided_at: iso(r.voided_at),
  };
}

export function lineRowFromSql(r: Selectable<OrderLinesTable>): OrderLineRow {
  return { ...(r.data as unknown as OrderLine), id: r.id, order_ref: r.order_ref, position: r.position };
}

export function transactionFromSql(r: Selectable<TransactionsTable>): Transaction {
  return {
    id: r.id,
    transaction_id: r.transaction_id,
    order_ref: r.order_ref,
    transaction_type: r.transaction_type as Transaction['transaction_type'],
    transaction_label: r.transaction_label,
    amount: r.amount,
    surcharge: r.surcharge,
    surcharge_tax: r.surcharge_tax,
    status: r.status,
    card_type: r.card_type,
    check_number: r.check_number,
    voucher_code: r.voucher_code,
    terminal: r.terminal,
    actor_id: r.actor_id,
    created_at: iso(r.created_at) ?? '',
    voided_at: iso(r.voided_at),
  };
}

/** Select of an order with the customer's human number, for loads and pulls. */
export function selectOrders(db: Kysely<SyncDB>) {
  return db
    .selectFrom('orders as o')
    .leftJoin('customers as c', 'c.id', 'o.customer_uuid')
    .selectAll('o')
    .select('c.customer_id as customer_number');
}

/** The order with its lines and transactions; the order row is locked when `lock` (FOR UPDATE OF o). */
export async function loadOrder(db: Kysely<SyncDB>, id: string, lock: boolean): Promise<{ order: Order; transactions: Transaction[] } | undefined> {
  let q = selectOrders(db).where('o.id', '=', id);
  if (lock) q = q.forUpdate('o');
  const row = await q.executeTakeFirst();
  if (!row) return undefined;
  const lines = await db.selectFrom('order_lines').selectAll().where('order_ref', '=', id).execute();
  const txs = await db.selectFrom('transactions').selectAll().where('order_ref', '=', id).orderBy('created_at').orderBy('id').execute();
  return { order: orderFromRows(orderRowFromSql(row), lines.map(lineRowFromSql)), transactions: txs.map(transactionFromSql) };
}

const staffNumber = (ref: string | null): number | null => (ref !== null && /^\d{1,9}$/.test(ref) ? Number(ref) : null);

/**
 * The device reference to store: the device's own unless another order holds it already (two
 * devices numbered offline with the same fallback prefix, or a prefix a restored server handed out
 * again). The order must never be refused for it (the sale happened): the second one keeps the
 * reference with the end of its own uuid added ("C2-0042-9F3A"), still unique and findable.
 */
async function freeDeviceRef(db: Kysely<SyncDB>, orderId: string, ref: string | null): Promise<string | null> {
  if (ref === null) return null;
  const holder = await db.selectFrom('orders').select('id').where('device_ref', '=', ref).where('id', '<>', orderId).executeTakeFirst();
  return holder ? `${ref}-${orderId.slice(-4).toUpperCase()}` : ref;
}

export async function saveOrder(db: Kysely<SyncDB>, order: Order): Promise<void> {
  const { order: header, lines } = orderToRows(order);
  const values = {
    device_ref: await freeDeviceRef(db, header.id, header.device_ref),
    status: header.status,
    // SQL defaults a status (1, Pending) where the domain has none yet.
    order_status_id: header.order_status_id ?? 1,
    customer_uuid: header.customer_ref,
    customer_name: header.customer_name ?? '',
    cashier_id: staffNumber(header.cashier_id),
    cashier_ref: header.cashier_id,
    total_items: lines.reduce((n, l) => n + l.quantity, 0),
    order_total: header.totals.order_total,
    amount_paid: header.totals.amount_paid,
    tax_exempt: header.tax_exempt,
    tax_exempt_number: header.tax_exempt_number ?? '',
    shipping_method: header.shipping_method,
    payment_method: header.payment_method,
    totals: JSON.stringify(header.totals),
    completed_at: header.completed_at,
    voided_at: header.voided_at,
    date_modified: header.updated_at,
  };
  await db
    .insertInto('orders')
    .values({ id: header.id, date_added: header.created_at, ...values })
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute();
  const keep = lines.map((l) => l.id);
  let stale = db.deleteFrom('order_lines').where('order_ref', '=', header.id);
  if (keep.length) stale = stale.where('id', 'not in', keep);
  await stale.execute();
  for (const l of lines) {
    const { order_ref: _o, position, ...line } = l;
    const row = {
      order_ref: header.id,
      position,
      kind: line.kind,
      product_id: line.kind === 'product' ? line.product_id : null,
      name: line.name,
      quantity: line.quantity,
      data: JSON.stringify(line),
    };
    // Only this order's line is updated: an id of another order's line is never moved (owned-ids.ts).
    const r = await db
      .insertInto('order_lines')
      .values({ id: line.id, ...row })
      .onConflict((oc) => oc.column('id').doUpdateSet(row).where('order_lines.order_ref', '=', header.id))
      .executeTakeFirst();
    if (r.numInsertedOrUpdatedRows === 0n) throw new RecordOwnedElsewhere('order_lines', line.id);
  }
}

export async function saveTransaction(db: Kysely<SyncDB>, t: Transaction): Promise<void> {
  const row = {
    order_ref: t.order_ref,
    transaction_type: t.transaction_type,
    transaction_label: t.transaction_label,
    amount: t.amount,
    surcharge: t.surcharge,
    surcharge_tax: t.surcharge_tax,
    status: t.status,
    card_type: t.card_type,
    check_number: t.check_number,
    voucher_code: t.voucher_code,
    terminal: t.terminal === true,
    actor_id: t.actor_id,
    voided_at: t.voided_at,
  };
  const r = await db
    .insertInto('transactions')
    .values({ id: t.id, created_at: t.created_at, ...row })
    .onConflict((oc) => oc.column('id').doUpdateSet(row).where('transactions.order_ref', '=', t.order_ref))
    .executeTakeFirst();
  if (r.numInsertedOrUpdatedRows === 0n) throw new RecordOwnedElsewhere('transactions', t.id);
}

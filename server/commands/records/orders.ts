/**
 * Orders, their lines and payments between SQL rows and the domain records the mutators take.
 * Must stay true: save(load(x)) changes nothing; human numbers (order_id, transaction_id) are
 * assigned by the database on first insert and never overwritten by a record that lacks them; an
 * order draws its number only when it is first inserted (migration 0020, gapless).
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import { emptyTotals } from '../../../src/domain/mutations/guards';
import { shippingAddressLines } from '../../../src/domain/online-orders';
import type { Order, OrderLine, OrderTotalsRecord, Transaction } from '../../../src/domain/mutations/records';
import { orderFromRows, orderToRows, type OrderLineRow, type OrderRow } from '../../../src/contracts/sync-records';
import { RecordOwnedElsewhere } from '../errors';
import {
  type DB,
  type Fulfilment,
  iso,
  type OrderLinesTable,
  type OrdersTable,
  type ShippingAddress,
  type TransactionsTable,
} from '../../db/schema';

/** An online order's row (left joined: all null on a counter sale) and its address's state and country names. */
interface OnlineSql {
  fulfilment_location_id?: number | null;
  fulfilment?: Fulfilment | null;
  shipping_address?: ShippingAddress | null;
  shipping_line_ref?: string | null;
  zone_code?: string | null;
  zone_name?: string | null;
  country_name?: string | null;
}

type OrderSql = Selectable<OrdersTable> & { customer_number: number | null } & OnlineSql;

/** The pick list's part of an online order (Order.online), or nothing for a counter sale. */
function onlineInfo(r: OrderSql): Pick<OrderRow, 'online'> {
  if (r.fulfilment == null) return {};
  const place = { zoneCode: r.zone_code ?? null, zoneName: r.zone_name ?? null, country: r.country_name ?? null };
  return {
    online: {
      fulfilment: r.fulfilment,
      shipping_address: r.shipping_address ? shippingAddressLines(r.shipping_address, place) : null,
      shipping_line_ref: r.shipping_line_ref ?? null,
      email: r.email ?? '',
      telephone: r.telephone ?? '',
    },
  };
}

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
    location_id: r.location_id,
    shipping_method: r.shipping_method,
    payment_method: r.payment_method,
    cashier_id: r.cashier_ref ?? (r.cashier_id === null ? null : String(r.cashier_id)),
    totals: (r.totals as OrderTotalsRecord | null) ?? { ...emptyTotals },
    created_at: iso(r.date_added) ?? '',
    updated_at: iso(r.date_modified) ?? '',
    completed_at: iso(r.completed_at),
    voided_at: iso(r.voided_at),
    // Only on online orders, so a counter sale's record is what it always was.
    ...(r.fulfilment_location_id != null ? { fulfilment_location_id: r.fulfilment_location_id } : {}),
    ...onlineInfo(r),
  };
}

export function lineRowFromSql(
  r: Pick<Selectable<OrderLinesTable>, 'id' | 'order_ref' | 'position' | 'data'>,
): OrderLineRow {
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

/** Select of an order with the customer's human number and an online order's store and pick list part, for loads and pulls. */
export function selectOrders(db: Kysely<DB>) {
  return (
    db
      .selectFrom('orders as o')
      .leftJoin('customers as c', 'c.id', 'o.customer_uuid')
      .leftJoin('online_orders as oo', 'oo.order_ref', 'o.id')
      // The shipping address's state and country (by primary key; a zone id that is not a number finds none).
      .leftJoin('zones as z', (j) =>
        j.on(
          'z.zone_id',
          '=',
          sql<number>`case when oo.shipping_address->>'zone_id' ~ '^[0-9]{1,9}$' then (oo.shipping_address->>'zone_id')::int end`,
        ),
      )
      .leftJoin('countries as co', 'co.country_id', 'z.country_id')
      .selectAll('o')
      .select([
        'c.customer_id as customer_number',
        'oo.location_id as fulfilment_location_id',
        'oo.fulfilment',
        'oo.shipping_address',
        'oo.shipping_line_ref',
        'z.code as zone_code',
        'z.name as zone_name',
        'co.name as country_name',
      ])
  );
}

/**
 * What an order looked like when it was loaded, for an incremental save: the record itself and where
 * each line sits (`order_lines.position`; ordered, not necessarily dense).
 */
export interface StoredOrder {
  order: Order;
  positions: ReadonlyMap<string, number>;
}

/** The order with its lines and transactions; the order row is locked when `lock` (FOR UPDATE OF o). */
export async function loadOrder(
  db: Kysely<DB>,
  id: string,
  lock: boolean,
): Promise<{ order: Order; transactions: Transaction[]; stored: StoredOrder } | undefined> {
  let q = selectOrders(db).where('o.id', '=', id);
  if (lock) q = q.forUpdate('o');
  const row = await q.executeTakeFirst();
  if (!row) return undefined;
  // One text value for all lines, parsed once: row by row, the drivers' per-row and per-field work
  // (PGlite's most of all) was most of what a big order's load cost.
  const packed = await sql<{ lines: string }>`
    select coalesce(json_agg(json_build_object('id', id, 'order_ref', order_ref, 'position', position, 'data', data)), '[]')::text as lines
    from order_lines where order_ref = ${id}`.execute(db);
  const lines = JSON.parse(packed.rows[0]?.lines ?? '[]') as Pick<
    Selectable<OrderLinesTable>,
    'id' | 'order_ref' | 'position' | 'data'
  >[];
  const txs = await db
    .selectFrom('transactions')
    .selectAll()
    .where('order_ref', '=', id)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const order = orderFromRows(orderRowFromSql(row), lines.map(lineRowFromSql));
  return {
    order,
    transactions: txs.map(transactionFromSql),
    stored: { order, positions: new Map(lines.map((l) => [l.id, l.position])) },
  };
}

const staffNumber = (ref: string | null): number | null => (ref !== null && /^\d{1,9}$/.test(ref) ? Number(ref) : null);

/**
 * The device reference to store: the device's own unless another order holds it already (two
 * devices numbered offline with the same fallback prefix, or a prefix a restored server handed out
 * again). The order must never be refused for it (the sale happened): the second one keeps the
 * reference with the end of its own uuid added ("C2-0042-9F3A"), still unique and findable.
 */
async function freeDeviceRef(db: Kysely<DB>, orderId: string, ref: string | null): Promise<string | null> {
  if (ref === null) return null;
  const holder = await db
    .selectFrom('orders')
    .select('id')
    .where('device_ref', '=', ref)
    .where('id', '<>', orderId)
    .executeTakeFirst();
  return holder ? `${ref}-${orderId.slice(-4).toUpperCase()}` : ref;
}

/**
 * The orders row of a record, as every save writes it (the device reference aside: saveOrder frees
 * it). Shared with the demo history's bulk writer (server/services/demo/demo-history.ts writeSales), so a row
 * written in bulk is the row a command would have written.
 */
export function orderColumns(header: OrderRow, lines: readonly OrderLineRow[]) {
  return {
    device_ref: header.device_ref,
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
    location_id: header.location_id ?? null,
    shipping_method: header.shipping_method,
    payment_method: header.payment_method,
    totals: JSON.stringify(header.totals),
    completed_at: header.completed_at,
    voided_at: header.voided_at,
    date_modified: header.updated_at,
  };
}

/** The order_lines row of line `l` of order `orderRef` at `position`. */
export function lineColumns(orderRef: string, l: OrderLineRow, position: number) {
  const { order_ref: _o, position: _p, ...line } = l;
  return {
    id: line.id,
    order_ref: orderRef,
    position,
    kind: line.kind,
    product_id: line.kind === 'product' ? line.product_id : null,
    name: line.name,
    quantity: line.quantity,
    data: JSON.stringify(line),
  };
}

/** What every copy of a transaction (its row, its wire form) takes as the record holds it, in this order. */
export function transactionCore(t: Transaction) {
  return {
    order_ref: t.order_ref,
    transaction_type: t.transaction_type,
    transaction_label: t.transaction_label,
    amount: t.amount,
    surcharge: t.surcharge,
    surcharge_tax: t.surcharge_tax,
    status: t.status,
  };
}

/** The transactions row of a record. */
export function transactionColumns(t: Transaction) {
  return {
    id: t.id,
    created_at: t.created_at,
    ...transactionCore(t),
    card_type: t.card_type,
    check_number: t.check_number,
    voucher_code: t.voucher_code,
    terminal: t.terminal === true,
    actor_id: t.actor_id,
    voided_at: t.voided_at,
  };
}

/** An order id the caller looked up (locked) in this transaction and did not find. */
export interface AbsentOrder {
  absent: string;
}

/**
 * Writes the order. Given what was loaded (`before`), only what changed is written: the header (one
 * row), lines that are new or differ, deletes of lines that are gone. A line keeps its stored
 * position while the order of lines holds (the mutators only append and remove), so removing one
 * line does not renumber the rest and what one mutation costs does not grow with the order's line
 * count. Given AbsentOrder (the caller looked this id up in the same transaction and found none), the
 * order is inserted first and has no lines to clear (two statements fewer on every sale's first push,
 * docs/figures.md "Scale"); a concurrent insert of the same id is still caught by the conflict below.
 */
export async function saveOrder(db: Kysely<DB>, order: Order, before?: StoredOrder | AbsentOrder): Promise<void> {
  const { order: header, lines } = orderToRows(order);
  const absent = before !== undefined && 'absent' in before && before.absent === order.id;
  const prev = before !== undefined && 'order' in before && before.order.id === order.id ? before : undefined;
  const values = {
    ...orderColumns(header, lines),
    device_ref:
      prev && prev.order.device_ref === header.device_ref
        ? header.device_ref
        : await freeDeviceRef(db, header.id, header.device_ref),
  };
  // An update first: an insert-or-update would fire the insert trigger that numbers the order
  // (migration 0020) on every edit. A new order takes its number once, as it is inserted.
  const updated = absent
    ? 0n
    : (await db.updateTable('orders').set(values).where('id', '=', header.id).executeTakeFirst()).numUpdatedRows;
  let fresh = false;
  if (updated === 0n) {
    const inserted = await db
      .insertInto('orders')
      .values({ id: header.id, date_added: header.created_at, ...values })
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    fresh = (inserted.numInsertedOrUpdatedRows ?? 0n) > 0n;
    if (!fresh) {
      // Stored by a concurrent transaction between the two statements: give back the number this
      // insert drew (this transaction holds the counter row until it ends) and update instead.
      await db
        .updateTable('order_numbers')
        .set((eb) => ({ last_number: eb('last_number', '-', 1) }))
        .where('id', '=', 1)
        .execute();
      await db.updateTable('orders').set(values).where('id', '=', header.id).execute();
    }
  }
  const plan = prev ? linePlan(prev, order.lines) : null;
  const keep = lines.map((l) => l.id);
  if (fresh) {
    // Inserted just now: no line of it can exist yet.
  } else if (plan) {
    if (plan.gone.length)
      await db.deleteFrom('order_lines').where('order_ref', '=', header.id).where('id', 'in', plan.gone).execute();
  } else {
    let stale = db.deleteFrom('order_lines').where('order_ref', '=', header.id);
    if (keep.length) stale = stale.where('id', 'not in', keep);
    await stale.execute();
  }
  for (const [i, l] of lines.entries()) {
    const position = plan ? plan.positions[i] : l.position;
    if (position === undefined) continue; // unchanged: not written
    const { id: lineId, ...row } = lineColumns(header.id, l, position);
    // Only this order's line is updated: an id of another order's line is never moved (owned-ids.ts).
    const r = await db
      .insertInto('order_lines')
      .values({ id: lineId, ...row })
      .onConflict((oc) => oc.column('id').doUpdateSet(row).where('order_lines.order_ref', '=', header.id))
      .executeTakeFirst();
    if (r.numInsertedOrUpdatedRows === 0n) throw new RecordOwnedElsewhere('order_lines', lineId);
  }
}

/** JSON with keys sorted: a line read back from jsonb has its keys in another order than a fresh one. */
function canonical(v: unknown): string {
  return JSON.stringify(v, (_k, x: unknown) =>
    x !== null && typeof x === 'object' && !Array.isArray(x)
      ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : x,
  );
}

/**
 * Which lines an incremental save writes, and at which position: `positions[i]` is the position to
 * write line i at, or undefined when line i is stored unchanged at a position that still keeps the
 * order. New lines go after the line before them; if the stored positions leave no room (a reorder,
 * which no mutator does today), every line is renumbered: correct, only not incremental.
 */
function linePlan(
  before: StoredOrder,
  after: readonly OrderLine[],
): { gone: string[]; positions: (number | undefined)[] } {
  const was = new Map(before.order.lines.map((l) => [l.id, l]));
  const ids = new Set(after.map((l) => l.id));
  const gone = before.order.lines.filter((l) => !ids.has(l.id)).map((l) => l.id);
  const positions: (number | undefined)[] = [];
  let last = -1;
  for (const [i, line] of after.entries()) {
    const stored = before.positions.get(line.id);
    const old = was.get(line.id);
    if (stored !== undefined && stored > last) {
      last = stored;
      positions.push(old === line || (old !== undefined && canonical(old) === canonical(line)) ? undefined : stored);
      continue;
    }
    // A new line (or one out of order): the next free position, if it stays below the next kept line.
    const next = after
      .slice(i + 1)
      .map((l) => before.positions.get(l.id))
      .find((p): p is number => p !== undefined && p > last);
    if (next !== undefined && next <= last + 1) return { gone, positions: after.map((_, j) => j) };
    last += 1;
    positions.push(last);
  }
  return { gone, positions };
}

export async function saveTransaction(db: Kysely<DB>, t: Transaction): Promise<void> {
  const { id: _id, created_at: _at, ...row } = transactionColumns(t);
  const r = await db
    .insertInto('transactions')
    .values({ id: t.id, created_at: t.created_at, ...row })
    .onConflict((oc) => oc.column('id').doUpdateSet(row).where('transactions.order_ref', '=', t.order_ref))
    .executeTakeFirst();
  if (r.numInsertedOrUpdatedRows === 0n) throw new RecordOwnedElsewhere('transactions', t.id);
}

/**
 * Domain records (src/domain/mutations/records.ts) read from and written to the live entity
 * stores, for the optimistic run of a mutator. Every write also marks the key dirty, so the next
 * rebase resets it from `base` before re-applying what is still pending.
 * Call inside a transaction over writeStores()/pullStores().
 */
import type { Appointment, Customer, Order, OrderReturn, Transaction, Vehicle } from '../domain/mutations/records';
import type { MutatorChanges, MutatorState } from '../domain/mutations/types';
import {
  customerFromRows,
  customerToRows,
  orderFromRows,
  orderToRows,
  type AddressRow,
  type CustomerRow,
  type OrderLineRow,
  type OrderRow,
  type Touches,
} from '../contracts/sync-records';
import type { PartsdeskDb } from './database';
import { entityStore, type EntityTableName } from './tables';
import { customerTagIds, pulledTagIds, tagRowId } from './customer-tags';
import { findCachedVoucher } from './vouchers';

export async function loadOrder(db: PartsdeskDb, id: string): Promise<Order | undefined> {
  const header = (await db.orders.get(id)) as OrderRow | undefined;
  if (!header) return undefined;
  const lines = (await db.orderLines.where('order_ref').equals(id).toArray()) as unknown as OrderLineRow[];
  return orderFromRows(header, lines);
}

export async function loadCustomer(db: PartsdeskDb, id: string): Promise<Customer | undefined> {
  const row = (await db.customers.get(id)) as CustomerRow | undefined;
  if (!row) return undefined;
  const addresses = (await db.addresses.where('customer_ref').equals(id).toArray()) as unknown as AddressRow[];
  return customerFromRows(row, addresses);
}

export async function loadState(db: PartsdeskDb, t: Touches): Promise<MutatorState> {
  const state: MutatorState = {};
  if (t.orderId) {
    const order = await loadOrder(db, t.orderId);
    if (order) {
      state.order = order;
      state.transactions = (await db.transactions
        .where('order_ref')
        .equals(order.id)
        .toArray()) as unknown as Transaction[];
    }
  }
  const customerId = t.customerId ?? (t.orderCustomer ? (state.order?.customer_ref ?? null) : null);
  if (customerId) {
    const c = await loadCustomer(db, customerId);
    if (c) state.customer = c;
  }
  if (t.vehicleId) {
    const v = (await db.vehicles.get(t.vehicleId)) as Vehicle | undefined;
    if (v) state.vehicle = v;
  }
  if (t.appointmentId) {
    const a = (await db.appointments.get(t.appointmentId)) as Appointment | undefined;
    if (a) state.appointment = a;
  }
  if (t.orderReturns && state.order)
    state.returns = (await db.orderReturns
      .where('order_ref')
      .equals(state.order.id)
      .toArray()) as unknown as OrderReturn[];
  if (t.tagIds && state.customer) {
    state.customerTags = await customerTagIds(db, state.customer.id);
    state.knownTags = await pulledTagIds(db, t.tagIds);
  }
  if (t.voucherCode) {
    const v = await findCachedVoucher(db, t.voucherCode);
    // The payment's own code as typed: the domain compares it with state.voucher.code.
    if (v) state.voucher = { code: t.voucherCode, balance: v.amount };
  }
  return state;
}

async function put(db: PartsdeskDb, table: EntityTableName, key: string, row: object): Promise<void> {
  await entityStore(db, table).put(row as Record<string, unknown>);
  await db.dirty.put({ table, k: key });
}

async function remove(db: PartsdeskDb, table: EntityTableName, key: string): Promise<void> {
  await entityStore(db, table).delete(key);
  await db.dirty.put({ table, k: key });
}

/**
 * Writes a mutator's changes to the live stores (children replaced: lines, addresses). With the
 * state the mutator read (`before`), order lines it returned untouched (the same object at the same
 * position: mutators never copy a line they do not change) are not rewritten, so adding a line to
 * a 50-line cart writes 1 line, not 51.
 */
export async function writeChanges(db: PartsdeskDb, changes: MutatorChanges, before?: MutatorState): Promise<void> {
  if (changes.order) {
    const { order, lines } = orderToRows(changes.order);
    await put(db, 'orders', order.id, order);
    const keep = new Set(lines.map((l) => l.id));
    for (const old of await db.orderLines.where('order_ref').equals(order.id).primaryKeys()) {
      if (!keep.has(old)) await remove(db, 'order_lines', old);
    }
    const previous = before?.order?.id === order.id ? before.order.lines : [];
    for (const [i, l] of lines.entries()) {
      if (changes.order.lines[i] === previous[i]) continue;
      await put(db, 'order_lines', l.id, l);
    }
  }
  for (const t of changes.transactions ?? []) await put(db, 'transactions', t.id, t);
  if (changes.orderHistory) await put(db, 'order_history', changes.orderHistory.id, changes.orderHistory);
  if (changes.customer) {
    const { customer, addresses } = customerToRows(changes.customer);
    await put(db, 'customers', customer.id, customer);
    const keep = new Set(addresses.map((a) => a.address_id));
    for (const old of await db.addresses.where('customer_ref').equals(customer.id).primaryKeys()) {
      if (!keep.has(old)) await remove(db, 'addresses', old);
    }
    for (const a of addresses) await put(db, 'addresses', a.address_id, a);
  }
  if (changes.vehicle) await put(db, 'customer_vehicles', changes.vehicle.id, changes.vehicle);
  if (changes.appointment) await put(db, 'appointments', changes.appointment.id, changes.appointment);
  for (const r of changes.orderReturns ?? []) await put(db, 'order_returns', r.id, r);
  if (changes.customerHistory) await put(db, 'customer_history', changes.customerHistory.id, changes.customerHistory);
  // Store credit entries: written with the balance they move, so the Credits tab lists them offline.
  for (const e of [...(changes.creditEntry ? [changes.creditEntry] : []), ...(changes.creditEntries ?? [])])
    await put(db, 'customer_credits', e.id, e);
  // A customer's tags: one row per tag; only the difference is written (and marked dirty).
  if (changes.customerTags) {
    const { customer_ref, tag_ids } = changes.customerTags;
    const keep = new Set(tag_ids.map((t) => tagRowId(customer_ref, t)));
    const had = new Set(await db.customerTags.where('customer_ref').equals(customer_ref).primaryKeys());
    for (const old of had) if (!keep.has(old)) await remove(db, 'customer_tag_assignments', old);
    for (const tag_id of tag_ids) {
      const id = tagRowId(customer_ref, tag_id);
      if (!had.has(id)) await put(db, 'customer_tag_assignments', id, { id, customer_ref, tag_id });
    }
  }
}

/** Puts every dirty key back to the server's copy (or removes it when the server has none). */
export async function resetDirty(db: PartsdeskDb): Promise<void> {
  const dirty = await db.dirty.toArray();
  for (const d of dirty) {
    const store = entityStore(db, d.table as EntityTableName);
    const base = await db.base.get([d.table, d.k]);
    if (base?.row) await store.put(base.row);
    else await store.delete(d.k);
  }
  await db.dirty.clear();
}

/**
 * Where each synced table lives on the device and how a server change lands there. Entity tables
 * also keep the server's copy in `base` (the rebase needs it); catalog and lookup tables do not
 * (mutators never write them). A table this build does not know is ignored, so a newer server can
 * add tables without breaking older devices.
 */
import type { IndexableType, Table } from 'dexie';
import { fitmentTables, optionTables, type RowChange } from '../contracts/sync-pull';
import { applyLinkChanges, isLinkTable } from './catalog-links';
import type { PartsdeskDb } from './database';
import { applyFitmentChanges } from './fitment-chunks';
import { applyProductChanges } from './product-chunks';

export type EntityTableName =
  | 'orders'
  | 'order_lines'
  | 'transactions'
  | 'order_history'
  | 'customers'
  | 'addresses'
  | 'customer_vehicles'
  | 'appointments'
  | 'order_returns'
  | 'customer_history'
  | 'customer_credits'
  | 'customer_tag_assignments';

export function entityStore(db: PartsdeskDb, table: EntityTableName): Table<Record<string, unknown>, string> {
  switch (table) {
    case 'orders':
      return db.orders;
    case 'order_lines':
      return db.orderLines;
    case 'transactions':
      return db.transactions;
    case 'order_history':
      return db.orderHistory;
    case 'customers':
      return db.customers;
    case 'addresses':
      return db.addresses;
    case 'customer_vehicles':
      return db.vehicles;
    case 'appointments':
      return db.appointments;
    case 'order_returns':
      return db.orderReturns;
    case 'customer_history':
      return db.customerHistory;
    case 'customer_credits':
      return db.creditEntries;
    case 'customer_tag_assignments':
      return db.customerTags;
  }
}

const entityTables = new Set<string>([
  'orders',
  'order_lines',
  'transactions',
  'order_history',
  'customers',
  'addresses',
  'customer_vehicles',
  'appointments',
  'order_returns',
  'customer_history',
  'customer_credits',
  'customer_tag_assignments',
]);
const otherCatalog = new Set<string>([
  'manufacturers',
  'categories',
  'series',
  ...fitmentTables.filter((t) => t !== 'part_fitment'),
  ...optionTables,
]);

export const isEntityTable = (t: string): t is EntityTableName => entityTables.has(t);

/** Stores a pull page writes (for the page's single transaction). */
export const pullStores = (db: PartsdeskDb) => [
  db.productChunks,
  db.fitment,
  db.catalogLinks,
  db.catalog,
  db.lookups,
  db.orders,
  db.orderLines,
  db.transactions,
  db.orderHistory,
  db.customers,
  db.addresses,
  db.vehicles,
  db.appointments,
  db.base,
  db.dirty,
  db.outbox,
  db.meta,
  db.orderReturns,
  db.customerHistory,
  db.creditEntries,
  db.customerTags,
];

/** Writes one server change (row or tombstone) to its store; call inside a pull transaction. */
export async function applyServerChange(db: PartsdeskDb, c: RowChange): Promise<void> {
  if (isEntityTable(c.table)) {
    await db.base.put({ table: c.table, k: c.key, row: c.row });
    const store = entityStore(db, c.table);
    if (c.row) await store.put(c.row);
    else await store.delete(c.key);
    return;
  }
  if (c.table === 'products') return applyProductChanges(db, [c]);
  if (c.table === 'part_fitment') return applyFitmentChanges(db, [c]);
  if (isLinkTable(c.table)) return applyLinkChanges(db, [c]);
  const shared = otherCatalog.has(c.table) ? db.catalog : db.lookups;
  if (c.row) await shared.put({ table: c.table, k: c.key, row: c.row });
  else await shared.delete([c.table, c.key]);
}

/**
 * Writes a page of server changes with one bulkPut and one bulkDelete per store instead of a put
 * per row (IndexedDB cost is per request; docs/decisions/sync.md "Page size, bulk writes,
 * pipelining (measured)" has the figures). Same result as applyServerChange over the page in order:
 * a key changed twice in one page (a tombstone then a re-insert) keeps its LAST change, so puts and
 * deletes never touch the same key. Call inside a pull transaction (pullStores).
 */
export async function applyServerChanges(db: PartsdeskDb, changes: readonly RowChange[]): Promise<void> {
  const last = new Map<string, RowChange>();
  for (const c of changes) last.set(`${c.table}\u0000${c.key}`, c);
  const batches = new Map<string, { puts: object[]; deletes: IndexableType[] }>();
  const links: RowChange[] = [];
  const products: RowChange[] = [];
  const fitment: RowChange[] = [];
  const batch = (store: { name: string }) => {
    let b = batches.get(store.name);
    if (!b) batches.set(store.name, (b = { puts: [], deletes: [] }));
    return b;
  };
  for (const c of last.values()) {
    if (isEntityTable(c.table)) {
      batch(db.base).puts.push({ table: c.table, k: c.key, row: c.row });
      const b = batch(entityStore(db, c.table));
      if (c.row) b.puts.push(c.row);
      else b.deletes.push(c.key);
    } else if (c.table === 'products') {
      products.push(c);
    } else if (c.table === 'part_fitment') {
      fitment.push(c);
    } else if (isLinkTable(c.table)) {
      links.push(c);
    } else {
      const b = batch(otherCatalog.has(c.table) ? db.catalog : db.lookups);
      if (c.row) b.puts.push({ table: c.table, k: c.key, row: c.row });
      else b.deletes.push([c.table, c.key]);
    }
  }
  for (const [name, b] of batches) {
    const store = db.table(name);
    if (b.deletes.length) await store.bulkDelete(b.deletes);
    if (b.puts.length) await store.bulkPut(b.puts);
  }
  if (products.length) await applyProductChanges(db, products);
  if (fitment.length) await applyFitmentChanges(db, fitment);
  await applyLinkChanges(db, links);
}

/** Forget every server row (needsFullSync); the outbox, journal and meta stay. */
export async function clearServerRows(db: PartsdeskDb): Promise<void> {
  for (const t of [
    db.productChunks,
    db.fitment,
    db.catalogLinks,
    db.catalog,
    db.lookups,
    db.orders,
    db.orderLines,
    db.transactions,
    db.orderHistory,
    db.customers,
    db.addresses,
    db.vehicles,
    db.appointments,
    db.base,
    db.orderReturns,
    db.customerHistory,
    db.creditEntries,
    db.customerTags,
  ]) {
    await t.clear();
  }
}

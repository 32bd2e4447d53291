/**
 * Where each synced table lives on the device and how a server change lands there. Entity tables
 * also keep the server's copy in `base` (the rebase needs it); catalog and lookup tables do not
 * (mutators never write them). A table this build does not know is ignored, so a newer server can
 * add tables without breaking older devices.
 */
import type { IndexableType, Table } from 'dexie';
import { fitmentTables, optionTables, unpackChanges, type PackedBlock, type RowChange } from '../contracts/sync-pull';
import { applyLinkBlock, applyLinkChanges, isLinkTable } from './catalog-links';
import { recordStores, type PartsdeskDb } from './database';
import { applyFitmentBlock, applyFitmentChanges } from './fitment-chunks';
import { checkBlock } from './packed-rows';
import { applyProductBlock, applyProductChanges } from './product-chunks';

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

/** Stores of rows the server sent: the catalog, the lookups, the records and their server copies (base). */
const serverRowStores = (db: PartsdeskDb) => [
  db.productChunks,
  db.fitment,
  db.stockChunks,
  db.categoryChunks,
  db.catalog,
  db.lookups,
  ...recordStores(db),
  db.base,
];

/** Stores a pull page writes (for the page's single transaction). */
export const pullStores = (db: PartsdeskDb) => [...serverRowStores(db), db.dirty, db.outbox, db.meta];

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

/** Tables whose column blocks the device files straight into its grouped stores (no object per row). */
const CHUNKED = new Set(['products', 'product_stock', 'product_categories', 'part_fitment']);

/**
 * A reply's changes as the device stores them: the grouped tables' column blocks as they came
 * (`blocks`), and every other change, a block of a table this build keeps row by row included, as
 * RowChanges in version order. Throws on a malformed block, as unpackChanges does.
 */
export function splitPacked(
  changes: readonly RowChange[],
  packed: readonly PackedBlock[] | undefined,
): { blocks: PackedBlock[]; changes: readonly RowChange[] } {
  const blocks: PackedBlock[] = [];
  const other: PackedBlock[] = [];
  for (const b of packed ?? []) {
    if (CHUNKED.has(b.table)) {
      checkBlock(b);
      blocks.push(b);
    } else other.push(b);
  }
  return { blocks, changes: other.length ? unpackChanges({ changes: [...changes], packed: other }) : changes };
}

/** Rows a page carries: its changes and every row of its blocks. */
export const pageRows = (changes: readonly RowChange[], blocks: readonly PackedBlock[] = []): number =>
  blocks.reduce((n, b) => n + b.rows.length, changes.length);

/**
 * Writes a page of server changes with one bulkPut and one bulkDelete per store instead of a put
 * per row (IndexedDB cost is per request; docs/decisions/sync.md "Page size, bulk writes,
 * pipelining (measured)" has the figures). Same result as applyServerChange over the page in
 * version order: a key changed twice in one page (a tombstone then a re-insert) keeps its LAST
 * change, so puts and deletes never touch the same key. `blocks` (column blocks of the grouped
 * tables, splitPacked) are written after `changes`: a block holds only live rows, and a live row is
 * its key's newest change in the page (a tombstone of the same key is older, else the row would be
 * gone), so tombstones first then the blocks is version order. Call inside a pull transaction (pullStores).
 */
export async function applyServerChanges(
  db: PartsdeskDb,
  changes: readonly RowChange[],
  blocks: readonly PackedBlock[] = [],
): Promise<void> {
  // The last change of each key, per table (no key string built per row: 1.6 million rows in a download).
  const last = new Map<string, Map<string, RowChange>>();
  for (const c of changes) {
    let t = last.get(c.table);
    if (!t) last.set(c.table, (t = new Map<string, RowChange>()));
    t.set(c.key, c);
  }
  const batches = new Map<string, { puts: object[]; deletes: IndexableType[] }>();
  const links: RowChange[] = [];
  const products: RowChange[] = [];
  const fitment: RowChange[] = [];
  const batch = (store: { name: string }) => {
    let b = batches.get(store.name);
    if (!b) batches.set(store.name, (b = { puts: [], deletes: [] }));
    return b;
  };
  for (const [table, rows] of last) {
    for (const c of rows.values()) {
      if (isEntityTable(table)) {
        batch(db.base).puts.push({ table, k: c.key, row: c.row });
        const b = batch(entityStore(db, table));
        if (c.row) b.puts.push(c.row);
        else b.deletes.push(c.key);
      } else if (table === 'products') {
        products.push(c);
      } else if (table === 'part_fitment') {
        fitment.push(c);
      } else if (isLinkTable(table)) {
        links.push(c);
      } else {
        const b = batch(otherCatalog.has(table) ? db.catalog : db.lookups);
        if (c.row) b.puts.push({ table, k: c.key, row: c.row });
        else b.deletes.push([table, c.key]);
      }
    }
  }
  for (const [name, b] of batches) {
    const store = db.table(name);
    if (b.deletes.length) await store.bulkDelete(b.deletes);
    if (b.puts.length) await store.bulkPut(b.puts);
  }
  if (products.length) await applyProductChanges(db, products);
  if (fitment.length) await applyFitmentChanges(db, fitment);
  if (links.length) await applyLinkChanges(db, links);
  for (const b of blocks) {
    if (b.table === 'products') await applyProductBlock(db, b);
    else if (b.table === 'part_fitment') await applyFitmentBlock(db, b);
    else if (b.table === 'product_stock' || b.table === 'product_categories')
      await applyLinkBlock(db, b as PackedBlock & { table: 'product_stock' | 'product_categories' });
  }
}

/** Forget every server row (needsFullSync); the outbox, journal and meta stay. */
export async function clearServerRows(db: PartsdeskDb): Promise<void> {
  for (const t of serverRowStores(db)) {
    await t.clear();
  }
}

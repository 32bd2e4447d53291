/**
 * The device cache (Dexie 4 over IndexedDB): what this device knows of the server, plus the sync
 * engine's own state. One database per install; one instance per JS realm (worker or tab).
 *
 * What it stores
 * - Server rows by synced table (src/contracts/sync-pull.ts). Catalog and lookup rows keep their
 *   server columns; entity rows (orders, lines, payments, customers, addresses, vehicles) are the
 *   domain records the mutators take. Live stores show server state + pending mutations.
 * - `base`: the server's own copy of every entity row it sent (null = deleted), so a rebase can
 *   undo optimistic effects: live = base + pending, re-derived after each pull page.
 * - `dirty`: entity keys an optimistic mutation wrote since the last rebase (reset from base then).
 * - `outbox`: mutations not yet answered by the server, in id order; `journal`: answered ones
 *   (kept >= 7 days for server-loss recovery); `conflicts`: rejections staff must see.
 * - `meta`: clientId, cookie, nextMutationId, lastAckedId, lastSync, resendFrom, fullSync (meta.ts).
 * - `staffSignIns`: staff who signed in here, their staff token and offline verifier (staff-sign-ins.ts).
 * - `historyImages`: pictures of customer history entries queued here, until the server has them
 *   (history-images.ts; not server rows: never rebased, never cleared by a full sync).
 *
 * What must stay true
 * - A mutation's optimistic writes, its outbox row and the nextMutationId bump commit in ONE
 *   transaction (sync/outbox.ts): never an effect without its queued mutation, or the reverse.
 * - Mutation ids are 1, 2, 3, ... per clientId with no gaps and never reused; nextMutationId only
 *   grows. lastAckedId is the highest id the server ever answered.
 * - The catalog keeps primary keys only (4 indexes measured 2x the load time: docs/architecture.md
 *   "Data and truth");
 *   lookups by part number, barcode and fitment are built in memory by the worker. Stock and
 *   category links are grouped LINK_CHUNK products per record (catalog-links.ts, version 2), and so
 *   are the product rows (product-chunks.ts, version 3) and, on staff devices, their fitment rows
 *   (fitment-chunks.ts, version 4); since version 16 products, stock and links are kept as
 *   tuples, stock and links in stores of their own (tuple-chunks.ts).
 * - Schema changes add a new version() with an upgrade; a released version is never edited.
 */
import Dexie, { type Table, type Transaction } from 'dexie';
import { SCHEMA_4_TABLES, SCHEMA_5_TABLES, SCHEMA_6_TABLES } from '../contracts/sync-pull';
import type { FitmentChunk } from './chunk-stores';
import { putLegacyLink, putLegacyProduct, type LegacyLinkChunk, type LegacyProductChunk } from './legacy-chunks';
import type { StaffSignIn } from './staff-sign-in-record';
import type { StagedImage } from './staged-image';
import { emptyTupleChunk, putRowObject, type TupleChunk } from './tuple-chunks';

/**
 * The cache schema this build's pulls announce (pull query `schema`): from 4 a staff device also
 * gets compact fitment, the vehicle name tables and installers, from 5 the product options and
 * their values, from 6 the booked appointments and their statuses (src/contracts/sync-pull.ts).
 */
export const DEVICE_SCHEMA = 6;

/** A mutation as the device queued it: what the outbox, the journal and the conflicts repeat. */
interface QueuedChange {
  /** Per-client mutation id (1, 2, 3, ...). */
  id: number;
  name: string;
  args: unknown;
  /** Device time the change was made (ISO). */
  at: string;
}

/** A queued change with who made it. */
interface StaffChange extends QueuedChange {
  /** Who made it, for the optimistic re-run during rebase. */
  actor: { id: string; role: string };
  /**
   * Their staff token (from their sign-in on this device), sent with the change so the server records
   * them as its maker whoever's session pushes it, and kept in the journal for a resend after server
   * loss (sync/recovery.ts); absent on entries queued before tokens.
   */
  token?: string;
}

export interface OutboxEntry extends StaffChange {
  seq?: number;
  status: 'pending';
}

export interface JournalEntry extends StaffChange {
  outcome: 'applied' | 'rejected';
  code: string | null;
  message: string | null;
  ackedAt: string;
}

/** A rejected (or applied but told) change; `id` is the mutation's. */
export interface ConflictEntry extends QueuedChange {
  code: string;
  message: string;
  seenAt: string | null;
  /** Who dismissed it (set with seenAt by dismissConflict); absent on rows written before. */
  seenBy?: { id: string; role: string } | null;
  /** Set (with seenAt, seenBy) when staff retried it: the id of the new mutation that re-queued it. */
  retriedAs?: number;
  /**
   * Set by dismissConflict: the discard waits (`pending`) until the server recorded it (POST
   * /sync/discard; `recordedAt` is the server's time) or refused it for good (`error`). Not indexed.
   */
  discard?: { pending: boolean; recordedAt?: string; error?: string };
  /**
   * The server applied the change and told something with it (a customer field another device
   * changed first: docs/decisions/sync.md "Customer edits merge by field"): listed to be read and
   * dismissed, never retried, and its dismissal is not a discard the server records. Not indexed.
   */
  applied?: true;
}

export interface SharedRow {
  table: string;
  k: string;
  row: Record<string, unknown>;
}

export interface BaseRow {
  table: string;
  k: string;
  row: Record<string, unknown> | null;
}

export interface DirtyKey {
  table: string;
  k: string;
}

export interface MetaRow {
  key: string;
  value: unknown;
}

export type KeyedRow = Record<string, unknown> & { k: string };

export interface DbOptions {
  /** fake-indexeddb in tests; the browser's own otherwise. */
  indexedDB?: IDBFactory;
  IDBKeyRange?: typeof IDBKeyRange;
  /**
   * 'strict' (default) for every connection that writes sales; 'relaxed' only for the sync
   * worker's pull connection (sync/engine.ts `pullDb`): a pull page lost to a power cut is pulled
   * again from the cookie stored with the rows before it.
   */
  durability?: 'strict' | 'relaxed';
}

export class PartsdeskDb extends Dexie {
  productChunks!: Table<TupleChunk, number>;
  fitment!: Table<FitmentChunk, number>;
  stockChunks!: Table<TupleChunk, number>;
  categoryChunks!: Table<TupleChunk, number>;
  catalog!: Table<SharedRow, [string, string]>;
  lookups!: Table<SharedRow, [string, string]>;
  customers!: Table<Record<string, unknown>, string>;
  addresses!: Table<Record<string, unknown>, string>;
  vehicles!: Table<Record<string, unknown>, string>;
  orders!: Table<Record<string, unknown>, string>;
  orderLines!: Table<Record<string, unknown>, string>;
  transactions!: Table<Record<string, unknown>, string>;
  orderHistory!: Table<Record<string, unknown>, string>;
  appointments!: Table<Record<string, unknown>, string>;
  customerHistory!: Table<Record<string, unknown>, string>;
  historyImages!: Table<StagedImage, string>;
  base!: Table<BaseRow, [string, string]>;
  dirty!: Table<DirtyKey, [string, string]>;
  outbox!: Table<OutboxEntry, number>;
  journal!: Table<JournalEntry, number>;
  conflicts!: Table<ConflictEntry, number>;
  meta!: Table<MetaRow, string>;
  staffSignIns!: Table<StaffSignIn, string>;
  orderReturns!: Table<Record<string, unknown>, string>;
  creditEntries!: Table<Record<string, unknown>, string>;
  /** Which customer has which tag: one row per (customer, tag), id `customer_ref:tag_id` (customer-tags.ts). */
  customerTags!: Table<Record<string, unknown>, string>;

  constructor(name = 'partsdesk', opts: DbOptions = {}) {
    // 'strict': a sale acknowledged to staff must survive a power cut (Chrome defaults to relaxed).
    super(name, {
      chromeTransactionDurability: opts.durability ?? 'strict',
      ...(opts.indexedDB ? { indexedDB: opts.indexedDB } : {}),
      ...(opts.IDBKeyRange ? { IDBKeyRange: opts.IDBKeyRange } : {}),
    });
    this.version(1).stores({
      products: 'k',
      stock: 'k',
      catalog: '[table+k]',
      lookups: '[table+k]',
      customers: 'id',
      addresses: 'address_id, customer_ref',
      vehicles: 'id, customer_ref',
      orders: 'id',
      orderLines: 'id, order_ref',
      transactions: 'id, order_ref',
      base: '[table+k]',
      dirty: '[table+k]',
      outbox: '++seq, &id',
      journal: 'id, ackedAt',
      conflicts: 'id',
      meta: 'key',
    });
    // Version 2: stock and category links grouped per product chunk; order history as an entity
    // store (was kept as a lookup). Converted in place, so a device upgraded offline keeps
    // selling from its catalog (docs/decisions/sync.md "Device catalog storage, version 2").
    this.version(2)
      .stores({ stock: null, catalogLinks: 'k', orderHistory: 'id, order_ref' })
      .upgrade((tx) => upgradeToV2(tx));
    // Version 3: products grouped like their links (one record per LINK_CHUNK ids), converted in
    // place for the same reason as version 2 (docs/decisions/sync.md "Initial download, version 3").
    this.version(3)
      .stores({ products: null, productChunks: 'k' })
      .upgrade((tx) => upgradeToV3(tx));
    // Version 4: compact fitment grouped per product chunk (fitment-chunks.ts); vehicle names and
    // installers land in the existing catalog and lookups stores. Nothing stored is converted: a
    // device that already pulled keeps its rows and cookie, and backfills only the new tables from
    // 0 up to that cookie (sync/pull.ts; docs/decisions/sync.md "Compact fitment and installers,
    // version 4").
    this.version(4)
      .stores({ fitment: 'k' })
      .upgrade((tx) => upgradeToV4(tx));
    // Version 5: product options and values in the `catalog` store (no new store); a device that
    // already pulled backfills them like version 4's tables (docs/decisions/pos.md "Adding from the catalog").
    this.version(5)
      .stores({})
      .upgrade((tx) => addToBackfill(tx, SCHEMA_5_TABLES));
    // Version 6: booked appointments as an entity store (the day view reads them offline and its
    // changes are mutations), their statuses in `lookups`; backfilled like version 5's tables
    // (docs/decisions/appointments.md "Day view on the device").
    this.version(6)
      .stores({ appointments: 'id, [location_id+start_date]' })
      .upgrade((tx) => addToBackfill(tx, SCHEMA_6_TABLES));
    // Version 7: staff who signed in on this device, their staff token and offline verifier
    // (staff-sign-ins.ts; docs/decisions/sync.md "Offline staff sign-in"). A new store, nothing converted.
    this.version(7).stores({ staffSignIns: 'userId, &username' });
    // Version 9: returns of completed orders as an entity store (the order view and the customer's
    // Returns tab read them offline; order.return writes them at once). A device that already
    // pulled backfills the table like version 6's (docs/decisions/pos.md "Returns").
    this.version(9)
      .stores({ orderReturns: 'id, order_ref, customer_ref' })
      .upgrade((tx) => addToBackfill(tx, ['order_returns']));
    // Version 10: customer history entries as an entity store (the History tab reads them offline)
    // and the pictures of entries queued here, as blobs until their upload (history-images.ts;
    // docs/decisions/pos.md "Customer history and uploads"). New stores, nothing converted: the
    // server table is new, so no device has rows of it to backfill.
    this.version(10).stores({ customerHistory: 'id, customer_ref', historyImages: 'id' });
    // Version 12: store credit entries as an entity store (were pulled into `lookups`): a payment's
    // or Add Credit's entry is written with the change that moves the balance, offline too, and the
    // customer admin's Credits tab lists them (docs/decisions/pos.md "Customer vehicles and credits").
    // The pulled rows move over in place, as order history did in version 2.
    this.version(12)
      .stores({ creditEntries: 'id, customer_ref' })
      .upgrade((tx) => upgradeToV12(tx));
    // Version 14: booked appointments also by order (the receipt, checkout and order detail list an
    // order's bookings from this store, offline too; docs/decisions/appointments.md "Booked
    // appointments on the order screens"). A new index only: Dexie builds it from the stored rows.
    this.version(14).stores({ appointments: 'id, [location_id+start_date], order_ref' });
    // Version 15: customer tags offline (docs/decisions/pos.md "Customer tags offline"): which
    // customer has which tag as an entity store (customer.setTags writes it at once), the shop's
    // tags in `lookups`. Assignments an older build pulled (into `lookups`, as it keeps any table it
    // does not know) move over in place, as credits did in version 12; a device that already
    // pulled also backfills both tables like version 9's, for rows its cookie passed before.
    this.version(15)
      .stores({ customerTags: 'id, customer_ref' })
      .upgrade(async (tx) => {
        await moveLookupsToEntity(tx, 'customer_tag_assignments', 'customerTags');
        await addToBackfill(tx, ['customer_tags', 'customer_tag_assignments']);
      });
    // Version 16: the grouped catalog rows as tuples (tuple-chunks.ts), stock and category links in
    // stores of their own (docs/decisions/sync.md "Device catalog v16: rows as tuples"). Converted in
    // place like versions 2 and 3: a till upgraded offline keeps selling from its catalog, and the
    // bump keeps an older build's tab from reading records it does not know.
    this.version(16)
      .stores({ catalogLinks: null, stockChunks: 'k', categoryChunks: 'k' })
      .upgrade((tx) => upgradeToV16(tx));
  }
}

async function upgradeToV16(tx: Transaction): Promise<void> {
  const products = tx.table('productChunks');
  const converted: TupleChunk[] = [];
  await products.each((c: LegacyProductChunk) => {
    const chunk = emptyTupleChunk(c.k);
    for (const [key, row] of Object.entries(c.rows)) putRowObject(chunk, key, row);
    converted.push(chunk);
  });
  await products.bulkPut(converted);
  const stock: TupleChunk[] = [];
  const categories: TupleChunk[] = [];
  await tx.table('catalogLinks').each((c: LegacyLinkChunk) => {
    const s = emptyTupleChunk(c.k);
    const g = emptyTupleChunk(c.k);
    for (const [key, row] of Object.entries(c.stock)) putRowObject(s, key, row);
    for (const [key, row] of Object.entries(c.categories)) putRowObject(g, key, row);
    if (s.keys.length) stock.push(s);
    if (g.keys.length) categories.push(g);
  });
  await tx.table('stockChunks').bulkPut(stock);
  await tx.table('categoryChunks').bulkPut(categories);
}

/**
 * Adds a version's new tables (SCHEMA_5_TABLES, SCHEMA_6_TABLES) to the backfill. One backfill has
 * one cursor: when an earlier version's is still under way (a device upgraded from 3 or 4), it
 * starts again from 0 with both sets of tables, up to the same cookie (rows already backfilled are
 * written again, which changes nothing).
 */
async function addToBackfill(tx: Transaction, added: readonly string[]): Promise<void> {
  const meta = tx.table('meta');
  const pending = ((await meta.get('backfill')) as MetaRow | undefined)?.value as
    { tables: string[]; upTo: number } | null | undefined;
  if (pending) {
    const tables = [...new Set([...pending.tables, ...added])];
    await meta.put({ key: 'backfill', value: { tables, cookie: 0, upTo: pending.upTo, done: 0, total: 0 } });
    return;
  }
  const cookie = ((await meta.get('cookie')) as MetaRow | undefined)?.value;
  const full = ((await meta.get('fullSync')) as MetaRow | undefined)?.value === true;
  if (typeof cookie !== 'number' || cookie <= 0 || full) return;
  await meta.put({
    key: 'backfill',
    value: { tables: [...added], cookie: 0, upTo: cookie, done: 0, total: 0 },
  });
}

async function upgradeToV4(tx: Transaction): Promise<void> {
  const meta = tx.table('meta');
  const cookie = ((await meta.get('cookie')) as MetaRow | undefined)?.value;
  const full = ((await meta.get('fullSync')) as MetaRow | undefined)?.value === true;
  // A device that never pulled (or will start again from 0) gets the new tables with its download.
  if (typeof cookie !== 'number' || cookie <= 0 || full) return;
  await meta.put({
    key: 'backfill',
    value: { tables: [...SCHEMA_4_TABLES], cookie: 0, upTo: cookie, done: 0, total: 0 },
  });
}

async function upgradeToV3(tx: Transaction): Promise<void> {
  const chunks = new Map<number, LegacyProductChunk>();
  await tx.table('products').each((r: KeyedRow) => {
    const { k, ...row } = r;
    putLegacyProduct(chunks, k, row);
  });
  await tx.table('productChunks').bulkPut([...chunks.values()]);
}

async function upgradeToV12(tx: Transaction): Promise<void> {
  await moveLookupsToEntity(tx, 'customer_credits', 'creditEntries');
}

/** A server table an older build kept in `lookups`, moved to its entity store (and `base`, the server's copy). */
async function moveLookupsToEntity(tx: Transaction, table: string, store: string): Promise<void> {
  const pulled = tx.table('lookups').where('[table+k]').between([table, ''], [table, '\uffff']);
  const rows = (await pulled.toArray()) as SharedRow[];
  await tx.table(store).bulkPut(rows.map((r) => r.row));
  await tx.table('base').bulkPut(rows.map((r) => ({ table, k: r.k, row: r.row })));
  await pulled.delete();
}

async function upgradeToV2(tx: Transaction): Promise<void> {
  const chunks = new Map<number, LegacyLinkChunk>();
  await tx.table('stock').each((r: KeyedRow) => {
    const { k, ...row } = r;
    putLegacyLink(chunks, 'product_stock', k, row);
  });
  const links = tx
    .table('catalog')
    .where('[table+k]')
    .between(['product_categories', ''], ['product_categories', '\uffff']);
  await links.each((r: SharedRow) => putLegacyLink(chunks, 'product_categories', r.k, r.row));
  await links.delete();
  await tx.table('catalogLinks').bulkPut([...chunks.values()]);
  const history = tx.table('lookups').where('[table+k]').between(['order_history', ''], ['order_history', '\uffff']);
  const rows = (await history.toArray()) as SharedRow[];
  await tx.table('orderHistory').bulkPut(rows.map((r) => r.row));
  await tx.table('base').bulkPut(rows.map((r) => ({ table: 'order_history', k: r.k, row: r.row })));
  await history.delete();
}

/** The stores of the records the mutators read and write (src/domain/mutations/records.ts). */
export const recordStores = (db: PartsdeskDb) => [
  db.orders,
  db.orderLines,
  db.transactions,
  db.orderHistory,
  db.customers,
  db.addresses,
  db.vehicles,
  db.appointments,
  db.orderReturns,
  db.customerHistory,
  db.creditEntries,
  db.customerTags,
];

/**
 * Stores a sale-critical write touches (mutation + its records + sync state), plus what a
 * mutator reads besides its records: the cached vouchers (lookups) and the server copies (base)
 * a voucher payment's spendable balance is computed from (vouchers.ts).
 */
export const writeStores = (db: PartsdeskDb) => [
  ...recordStores(db),
  db.dirty,
  db.outbox,
  db.meta,
  db.lookups,
  db.base,
];

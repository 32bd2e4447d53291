/**
 * What a pull may read, per synced table and per viewer. Each source gives
 * - `candidates`: SQL selecting (version) of its rows with after < version <= upTo that this
 *   viewer may see; the pull unions them all into ONE query to cut a page (PGlite answers one
 *   statement at a time, so a page costs two or three round trips, not one per table);
 * - `fetch`: the wire rows (src/contracts/sync-pull.ts) of this source with after < version <=
 *   upTo, where upTo is the page's last version: one range scan on the table's version index
 *   (a page holds EVERY visible change of its range, so the range and the page's versions name
 *   the same rows; a 5,000-value IN list cost 53–135 ms a page against 43–62 ms).
 * Versions are unique across all tables (one sequence), so a version names exactly one row.
 *
 * Scopes (DESIGN.md "Data and truth"):
 * - staff: catalog, lookups (gift certificates among them), every customer, address, vehicle,
 *   order, line and payment;
 * - customer (shopper): catalog and public lookups, plus their own customer row, addresses,
 *   vehicles, orders, lines and payments. Never settings, never product cost, never password_hash.
 *   Order history (`order_history`, domain OrderHistory records) is staff-only: its comments are the
 *   shop's notes, not the shopper's. Devices that do not know the table keep it as a lookup.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { RowChange, SyncedTable } from '../../src/contracts/sync-pull';
import type { SyncDB } from './db';
import { addressRowFromSql, customerColumns, customerRowFromSql, vehicleFromSql } from './records/customers';
import { orderHistoryFromSql } from './records/order-history';
import { lineRowFromSql, orderRowFromSql, selectOrders, transactionFromSql } from './records/orders';
import { posDb } from '../db/schema-pos';
import { fetchPacked, type PackedText } from './pull-packed';

export type Viewer = { kind: 'staff' } | { kind: 'customer'; customerId: string };

export interface Range {
  after: number;
  upTo: number;
}

/** Tables a pull carries: the client's named ones plus server tables newer clients learn (order_history). */
export type PullTable = SyncedTable | 'order_history';

export interface PullSource {
  table: PullTable;
  candidates(r: Range): RawBuilder<{ version: string }>;
  fetch(db: Kysely<SyncDB>, page: Range): Promise<RowChange[]>;
  /** The same rows as `fetch`, in column form built by the database (pull-packed.ts); bulk catalog tables only. */
  fetchPacked?(db: Kysely<SyncDB>, page: Range): Promise<PackedText>;
}

type RawRow = Record<string, unknown>;

/** Wire form of a raw row: no version column, timestamps as ISO strings. */
function wireRaw(row: RawRow, omit: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) {
    if (omit.includes(k) || k === 'version') continue;
    out[k] = v instanceof Date ? v.toISOString() : v;
  }
  return out;
}

const inRange = (col: RawBuilder<unknown>, r: Range) => sql<boolean>`${col} > ${r.after} and ${col} <= ${r.upTo}`;

/**
 * A catalog or lookup table sent with its own columns (minus `omit`), keyed by its primary key;
 * `packable`: it may also be sent in column form (the initial download's bulk).
 */
function rawSource(table: SyncedTable, keyCols: readonly string[], omit: readonly string[] = [], packable = false): PullSource {
  const t = sql.table(table);
  return {
    table,
    ...(packable ? { fetchPacked: (db: Kysely<SyncDB>, page: Range) => fetchPacked(db, table, keyCols, omit, page) } : {}),
    candidates: (r) => sql<{ version: string }>`select version from ${t} where ${inRange(sql.ref('version'), r)}`,
    async fetch(db, page) {
      const rows = await sql<RawRow>`select * from ${t} where ${inRange(sql.ref('version'), page)} order by version`.execute(db);
      return rows.rows.map((row) => ({
        table,
        key: keyCols.map((c) => String(row[c])).join(':'),
        version: Number(row.version),
        row: wireRaw(row, omit),
      }));
    },
  };
}

const change = (table: PullTable, key: string, version: string, row: object): RowChange => ({
  table,
  key,
  version: Number(version),
  row: row as Record<string, unknown>,
});

function entitySources(viewer: Viewer): PullSource[] {
  const me = viewer.kind === 'customer' ? viewer.customerId : null;
  /** Own rows only, for a shopper: `col = me`. */
  const mine = (col: string) => (me ? sql` and ${sql.ref(col)} = ${me}` : sql``);
  const viaOrder = (alias: string) =>
    me ? sql` and exists (select 1 from orders o where o.id = ${sql.ref(`${alias}.order_ref`)} and o.customer_uuid = ${me})` : sql``;
  /** The rows of `alias` in range that this viewer may see (the same test for candidates and fetch). */
  const visible = (alias: string, r: Range, scope: RawBuilder<unknown>) => sql<boolean>`${inRange(sql.ref(`${alias}.version`), r)}${scope}`;
  return [
    {
      table: 'customers',
      candidates: (r) => sql`select c.version from customers c where ${visible('c', r, mine('c.id'))}`,
      fetch: async (db, r) =>
        (await db.selectFrom('customers as c').select(customerColumns.map((col) => `c.${col}` as const)).where(visible('c', r, mine('c.id'))).execute()).map((row) =>
          change('customers', row.id, row.version, customerRowFromSql(row)),
        ),
    },
    {
      table: 'addresses',
      candidates: (r) => sql`select a.version from addresses a where ${visible('a', r, mine('a.customer_id'))}`,
      fetch: async (db, r) =>
        (await db.selectFrom('addresses as a').selectAll('a').where(visible('a', r, mine('a.customer_id'))).execute()).map((row) =>
          change('addresses', row.id, row.version, addressRowFromSql(row)),
        ),
    },
    {
      table: 'customer_vehicles',
      candidates: (r) => sql`select v.version from customer_vehicles v where ${visible('v', r, mine('v.customer_id'))}`,
      fetch: async (db, r) =>
        (await db.selectFrom('customer_vehicles as v').selectAll('v').where(visible('v', r, mine('v.customer_id'))).execute()).map((row) =>
          change('customer_vehicles', row.id, row.version, vehicleFromSql(row)),
        ),
    },
    {
      table: 'orders',
      candidates: (r) => sql`select o.version from orders o where ${visible('o', r, mine('o.customer_uuid'))}`,
      fetch: async (db, r) =>
        (await selectOrders(db).where(visible('o', r, mine('o.customer_uuid'))).execute()).map((row) => change('orders', row.id, row.version, orderRowFromSql(row))),
    },
    {
      table: 'order_lines',
      candidates: (r) => sql`select l.version from order_lines l where ${visible('l', r, viaOrder('l'))}`,
      fetch: async (db, r) =>
        (await db.selectFrom('order_lines as l').selectAll('l').where(visible('l', r, viaOrder('l'))).execute()).map((row) =>
          change('order_lines', row.id, row.version, lineRowFromSql(row)),
        ),
    },
    {
      table: 'transactions',
      candidates: (r) => sql`select t.version from transactions t where ${visible('t', r, viaOrder('t'))}`,
      fetch: async (db, r) =>
        (await db.selectFrom('transactions as t').selectAll('t').where(visible('t', r, viaOrder('t'))).execute()).map((row) =>
          change('transactions', row.id, row.version, transactionFromSql(row)),
        ),
    },
  ];
}

const DEVICE_OMITS = ['description', 'mpn_key'];

const catalogSources = (viewer: Viewer): PullSource[] => [
  // Never read on the device (product pages come from the server): `description` is half a row's
  // bytes, `mpn_key` is derived. Leaving them out halves the download's largest rows.
  rawSource('products', ['product_id'], viewer.kind === 'staff' ? DEVICE_OMITS : [...DEVICE_OMITS, 'cost'], true),
  rawSource('product_stock', ['product_id', 'location_id'], [], true),
  rawSource('manufacturers', ['manufacturer_id']),
  rawSource('categories', ['category_id']),
  rawSource('product_categories', ['product_id', 'category_id'], [], true),
  rawSource('series', ['series_id']),
];

const publicLookups = (): PullSource[] => [
  rawSource('order_statuses', ['order_status_id']),
  rawSource('locations', ['location_id']),
  rawSource('countries', ['country_id']),
  rawSource('zones', ['zone_id']),
];

const staffLookups = (): PullSource[] => [
  rawSource('settings', ['key']),
  rawSource('tax_classes', ['tax_class_id']),
  rawSource('tax_rates', ['tax_rate_id']),
  rawSource('labor_types', ['labor_id']),
  rawSource('bays', ['bay_id']),
  rawSource('customer_groups', ['customer_group_id']),
  // Gift certificates, so a POS device takes a voucher payment offline; the server re-checks the
  // balance when the payment is pushed (server/sync/appliers/vouchers.ts). Which order sold it stays here.
  rawSource('vouchers', ['id'], ['order_ref', 'line_ref']),
];

const staffEntities = (): PullSource[] => [
  {
    table: 'order_history',
    candidates: (r) => sql`select version from order_history where ${inRange(sql.ref('version'), r)}`,
    fetch: async (db, r) =>
      (await posDb(db).selectFrom('order_history').selectAll().where(inRange(sql.ref('version'), r)).execute()).map((row) =>
        change('order_history', row.id, row.version, orderHistoryFromSql(row)),
      ),
  },
];

export function sourcesFor(viewer: Viewer): PullSource[] {
  return [
    ...catalogSources(viewer),
    ...publicLookups(),
    ...(viewer.kind === 'staff' ? staffLookups() : []),
    ...entitySources(viewer),
    ...(viewer.kind === 'staff' ? staffEntities() : []),
  ];
}

const entityNames = ['customers', 'addresses', 'customer_vehicles', 'orders', 'order_lines', 'transactions'];

/**
 * Tombstones a viewer may receive: staff every synced table's; a shopper only the catalog's and
 * public lookups' (a deleted row of someone else's must not even reveal its key).
 */
export function tombstoneTables(viewer: Viewer): string[] {
  const tables = sourcesFor(viewer).map((s) => s.table as string);
  return viewer.kind === 'staff' ? tables : tables.filter((t) => !entityNames.includes(t));
}

/** Tombstones as one more source (their own versions come from the same sequence). */
export function tombstoneSource(viewer: Viewer): PullSource {
  const tables = tombstoneTables(viewer);
  return {
    table: 'settings', // unused: tombstone rows carry their own table name
    candidates: (r) => sql`select version from tombstones where ${inRange(sql.ref('version'), r)} and table_name in (${sql.join(tables)})`,
    fetch: async (db, r) =>
      (
        await db
          .selectFrom('tombstones')
          .select(['table_name', 'row_key', 'version'])
          .where(sql<boolean>`${inRange(sql.ref('version'), r)} and table_name in (${sql.join(tables)})`)
          .execute()
      ).map((t) => ({
        table: t.table_name,
        key: t.row_key,
        version: Number(t.version),
        row: null,
      })),
  };
}

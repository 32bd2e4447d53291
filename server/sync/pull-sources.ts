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
 * Scopes (docs/architecture.md "Data and truth"):
 * - staff: catalog, lookups (gift certificates among them), every customer, address, vehicle,
 *   order, line and payment, and (cache schema 6) every booked appointment;
 * - customer (shopper): catalog and public lookups, plus their own customer row, addresses,
 *   vehicles, orders, lines and payments. Never settings, never password_hash; product cost to admins only.
 *   Order history (`order_history`, domain OrderHistory records) is staff-only: its comments are the
 *   shop's notes, not the shopper's. Devices that do not know the table keep it as a lookup.
 *   Store credit entries (`customer_credits`, domain CreditEntry records) are staff-only the same
 *   way; the balance itself is the customer row's store_credit (docs/decisions/payments.md
 *   "Store credit: Add Credit"). So are customer tags and who has them (the shop's own labels on
 *   its customers: docs/decisions/pos.md "Customer tags offline").
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { RowChange, SyncedTable } from '../../src/contracts/sync-pull';
import type { DB } from '../db/schema';
import { addressRowFromSql, customerColumns, customerRowFromSql, vehicleFromSql } from '../commands/records/customers';
import { orderHistoryFromSql } from '../commands/records/order-history';
import { creditFromSql } from '../commands/records/credits';
import { appointmentFromSql, selectAppointments } from '../commands/records/appointments';
import { lineRowFromSql, orderRowFromSql, selectOrders, transactionFromSql } from '../commands/records/orders';
import { fetchPacked, type PackedText } from './pull-packed';
import type { Range } from './pull-range';
import { customerHistorySource, customerTagAssignmentsSource, orderReturnsSource } from './pull-customer-records';
import { installersSource } from './pull-installers';

/** Who pulls: staff with their role (columns differ per role, e.g. product cost), or a shopper. */
export type Viewer = { kind: 'staff'; role: string } | { kind: 'customer'; customerId: string };

/**
 * Product columns a viewer may not read: cost (what the shop pays) is for admins, as the HTTP
 * inventory call shows it (docs/decisions/sync.md "Trust at the mutation door").
 */
const hiddenProductColumns = (viewer: Viewer): string[] =>
  viewer.kind === 'staff' && viewer.role === 'admin' ? [] : ['cost'];

/**
 * What the asking device can hold and asked for: `schema` its cache schema (pull query `schema`;
 * 0 for builds before it), `only` the tables of a backfill (pull query `tables`), else null.
 */
export interface Reach {
  schema: number;
  only: readonly string[] | null;
}

export const FULL_REACH: Reach = { schema: 0, only: null };

/** Tables a pull carries: the client's named ones plus server tables newer clients learn (order_history, customer_credits). */
export type PullTable =
  | SyncedTable
  | 'order_history'
  | 'customer_credits'
  | 'order_returns'
  | 'customer_history'
  | 'customer_tag_assignments';

export interface PullSource {
  table: PullTable;
  candidates(r: Range): RawBuilder<{ version: string }>;
  fetch(db: Kysely<DB>, page: Range): Promise<RowChange[]>;
  /** The same rows as `fetch`, in column form built by the database (pull-packed.ts); bulk catalog tables only. */
  fetchPacked?(db: Kysely<DB>, page: Range): Promise<PackedText>;
  /** The server table whose tombstones this source's deletions are, when not `table` (installers: staff_users). */
  tombstonesOf?: string;
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
function rawSource(
  table: SyncedTable,
  keyCols: readonly string[],
  omit: readonly string[] = [],
  packable = false,
): PullSource {
  const t = sql.table(table);
  return {
    table,
    ...(packable ? { fetchPacked: (db: Kysely<DB>, page: Range) => fetchPacked(db, table, keyCols, omit, page) } : {}),
    candidates: (r) => sql<{ version: string }>`select version from ${t} where ${inRange(sql.ref('version'), r)}`,
    async fetch(db, page) {
      const rows =
        await sql<RawRow>`select * from ${t} where ${inRange(sql.ref('version'), page)} order by version`.execute(db);
      return rows.rows.map((row) => ({
        table,
        key: keyCols.map((c) => String(row[c])).join(':'),
        version: Number(row.version),
        row: wireRaw(row, omit),
      }));
    },
  };
}

const change = (table: PullTable, key: string, version: string, row: object | null): RowChange => ({
  table,
  key,
  version: Number(version),
  row: row as Record<string, unknown> | null,
});

/** The rows of `alias` in range that a viewer may see (the same test for candidates and fetch). */
const visible = (alias: string, r: Range, scope: RawBuilder<unknown>) =>
  sql<boolean>`${inRange(sql.ref(`${alias}.version`), r)}${scope}`;

type Versioned<R> = R & { version: string };
type SelectRows<R> = (db: Kysely<DB>, where: RawBuilder<boolean>) => Promise<Versioned<R>[]>;

/** Every column of `table` (as `alias`) where `where` holds. */
const allColumns =
  <R>(table: PullTable, alias: string): SelectRows<R> =>
  async (db, where) => {
    const as = sql.raw(alias);
    return (await sql<Versioned<R>>`select ${as}.* from ${sql.raw(table)} ${as} where ${where}`.execute(db)).rows;
  };

/**
 * A table of domain records: `scope` narrows it to what the viewer may see, `toRow` makes a wire
 * row of each; `select` reads them (every column of `table` unless given).
 */
function entitySource<R extends { id: string }>(
  table: PullTable,
  alias: string,
  scope: RawBuilder<unknown>,
  toRow: (row: R) => object,
  select: SelectRows<R> = allColumns<R>(table, alias),
): PullSource {
  return {
    table,
    candidates: (r) =>
      sql`select ${sql.raw(alias)}.version from ${sql.raw(table)} ${sql.raw(alias)} where ${visible(alias, r, scope)}`,
    fetch: async (db, r) =>
      (await select(db, visible(alias, r, scope))).map((row) => change(table, row.id, row.version, toRow(row))),
  };
}

function entitySources(viewer: Viewer): PullSource[] {
  const me = viewer.kind === 'customer' ? viewer.customerId : null;
  /** Own rows only, for a shopper: `col = me`. */
  const mine = (col: string) => (me ? sql` and ${sql.ref(col)} = ${me}` : sql``);
  const viaOrder = (alias: string) =>
    me
      ? sql` and exists (select 1 from orders o where o.id = ${sql.ref(`${alias}.order_ref`)} and o.customer_uuid = ${me})`
      : sql``;
  return [
    entitySource('customers', 'c', mine('c.id'), customerRowFromSql, (db, where) =>
      db
        .selectFrom('customers as c')
        .select(customerColumns.map((col) => `c.${col}` as const))
        .where(where)
        .execute(),
    ),
    entitySource('addresses', 'a', mine('a.customer_id'), addressRowFromSql),
    entitySource('customer_vehicles', 'v', mine('v.customer_id'), vehicleFromSql),
    entitySource('orders', 'o', mine('o.customer_uuid'), orderRowFromSql, (db, where) =>
      selectOrders(db).where(where).execute(),
    ),
    entitySource('order_lines', 'l', viaOrder('l'), lineRowFromSql),
    entitySource('transactions', 't', viaOrder('t'), transactionFromSql),
  ];
}

const DEVICE_OMITS = ['description', 'mpn_key'];

const catalogSources = (viewer: Viewer): PullSource[] => [
  // Never read on the device (product pages come from the server): `description` is half a row's
  // bytes, `mpn_key` is derived. Leaving them out halves the download's largest rows.
  rawSource('products', ['product_id'], [...DEVICE_OMITS, ...hiddenProductColumns(viewer)], true),
  rawSource('product_stock', ['product_id', 'location_id'], [], true),
  rawSource('manufacturers', ['manufacturer_id']),
  rawSource('categories', ['category_id']),
  rawSource('product_categories', ['product_id', 'category_id'], [], true),
  rawSource('series', ['series_id']),
];

const publicLookups = (): PullSource[] => [
  rawSource('order_statuses', ['order_status_id']),
  // search_text: the locator's search column (migration 0029-b), derived on the server.
  rawSource('locations', ['location_id'], ['search_text']),
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
  // balance when the payment is pushed (server/commands/appliers/vouchers.ts). Which order sold it stays here.
  rawSource('vouchers', ['id'], ['order_ref', 'line_ref']),
  // The shop's custom fields (migration 0026-f): the customer form renders and checks them offline.
  rawSource('custom_fields', ['custom_field_id']),
  rawSource('custom_field_values', ['custom_field_value_id']),
  // The shop's customer tags (migration 0029-i): the Tags tab and customer.setTags offline.
  rawSource('customer_tags', ['tag_id']),
];

/**
 * Compact fitment (cache schema 4, staff): part_fitment keyed by product first ('productId:fitmentId',
 * the tombstone key since migration 0016) so a device groups it by product; in column form during
 * the download (~2 rows a part). The name tables say what a vehicle and a 'maybe' choice are called.
 */
const fitmentSources = (): PullSource[] => [
  rawSource('part_fitment', ['product_id', 'fitment_id'], [], true),
  rawSource('vehicle_makes', ['make_id']),
  rawSource('vehicle_models', ['model_id']),
  rawSource('vehicle_submodels', ['sub_model_id']),
  rawSource('vehicle_body_types', ['body_type_id']),
  rawSource('vehicle_bed_lengths', ['bed_length_id']),
  rawSource('engine_configs', ['engine_config_id']),
  rawSource('engine_manufacturers', ['engine_mfr_id']),
  rawSource('engine_families', ['engine_family_id']),
  rawSource('engine_sizes', ['engine_size_id']),
];

/** Product options and values (cache schema 5, public catalog like the products they belong to). */
const optionSources = (): PullSource[] => [
  rawSource('product_options', ['product_option_id']),
  rawSource('product_option_values', ['product_option_value_id']),
];

const staffEntities = (): PullSource[] => [
  entitySource('order_history', 'h', sql``, orderHistoryFromSql),
  entitySource('customer_credits', 'k', sql``, creditFromSql),
  orderReturnsSource,
  customerHistorySource,
  customerTagAssignmentsSource,
];

/**
 * Booked appointments (cache schema 6, staff): every location's, as domain Appointment records
 * with their installers, so the day view reads them offline and runs its changes as mutations;
 * and their statuses, as a lookup. Not scoped by location: any staff member may work at any of the
 * shop's counters (docs/security.md "Store isolation"), and the day view picks the location.
 * docs/decisions/appointments.md "Day view on the device".
 */
const appointmentSources = (): PullSource[] => [
  rawSource('appointment_statuses', ['status_id']),
  {
    table: 'appointments',
    candidates: (r) => sql`select version from appointments where ${inRange(sql.ref('version'), r)}`,
    fetch: async (db, r) =>
      (await selectAppointments(inRange(sql.ref('a.version'), r)).execute(db)).rows.map((row) =>
        change('appointments', row.id, row.version, appointmentFromSql(row)),
      ),
  },
];

export function sourcesFor(viewer: Viewer, reach: Reach = FULL_REACH): PullSource[] {
  const staff = viewer.kind === 'staff';
  const all = [
    ...catalogSources(viewer),
    ...publicLookups(),
    ...(staff ? staffLookups() : []),
    ...(staff && reach.schema >= 4 ? [...fitmentSources(), installersSource()] : []),
    ...(reach.schema >= 5 ? optionSources() : []),
    ...(staff && reach.schema >= 6 ? appointmentSources() : []),
    ...entitySources(viewer),
    ...(staff ? staffEntities() : []),
  ];
  return reach.only ? all.filter((s) => reach.only!.includes(s.table)) : all;
}

const entityNames = ['customers', 'addresses', 'customer_vehicles', 'orders', 'order_lines', 'transactions'];

/**
 * Tombstones a viewer may receive: staff every synced table's; a shopper only the catalog's and
 * public lookups' (a deleted row of someone else's must not even reveal its key).
 */
export function tombstoneTables(viewer: Viewer, reach: Reach = FULL_REACH): string[] {
  const tables = sourcesFor(viewer, reach).map((s) => s.tombstonesOf ?? (s.table as string));
  return viewer.kind === 'staff' ? tables : tables.filter((t) => !entityNames.includes(t));
}

/** Tombstones as one more source (their own versions come from the same sequence). */
export function tombstoneSource(viewer: Viewer, reach: Reach = FULL_REACH): PullSource {
  const tables = tombstoneTables(viewer, reach);
  // A server table whose deletions a source sends under its own name (staff_users -> installers).
  const renamed = new Map(
    sourcesFor(viewer, reach).flatMap((s) => (s.tombstonesOf ? [[s.tombstonesOf, s.table as string] as const] : [])),
  );
  const ofTables = tables.length ? sql<boolean>`table_name in (${sql.join(tables)})` : sql<boolean>`false`;
  return {
    table: 'settings', // unused: tombstone rows carry their own table name
    candidates: (r) => sql`select version from tombstones where ${inRange(sql.ref('version'), r)} and ${ofTables}`,
    fetch: async (db, r) =>
      (
        await db
          .selectFrom('tombstones')
          .select(['table_name', 'row_key', 'version'])
          .where(sql<boolean>`${inRange(sql.ref('version'), r)} and ${ofTables}`)
          .execute()
      ).map((t) => ({
        table: renamed.get(t.table_name) ?? t.table_name,
        key: t.row_key,
        version: Number(t.version),
        row: null,
      })),
  };
}

import { z } from 'zod';
import { devicePrefixSchema, syncEpochSchema } from './sync-push';

/** The largest page a client may ask for (a device's initial download asks for it). */
export const PULL_LIMIT_MAX = 20_000;

/** GET /sync/pull?clientId=&cookie=N&limit= — everything the caller may see that changed after N. */
export const pullQuerySchema = z.object({
  /** The device, so the reply can carry its lastMutationId. */
  clientId: z.uuid(),
  /**
   * 0 (or absent) = from the beginning. Numbers that steer what is sent are refused (400) when
   * malformed or out of range rather than replaced: a bad cookie read as 0 would re-send the whole
   * catalog, a capped limit would hide a client bug.
   */
  cookie: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(PULL_LIMIT_MAX).default(1000),
  /** The prefix this device already holds, if any (see sync-push.ts devicePrefixSchema). */
  prefix: devicePrefixSchema.optional().catch(undefined),
  /**
   * 1 = the client reads `packed` blocks (below): the server may send the bulk catalog tables as
   * column arrays instead of one object per row. Absent: every change in `changes`, as before.
   */
  pack: z.literal('1').optional().catch(undefined),
  /**
   * The device cache's schema (src/db/database.ts DEVICE_SCHEMA). From 4 a staff device also gets
   * FITMENT_TABLES and 'installers', from 5 every device the option tables, from 6 a staff device
   * the appointment tables; absent (older builds):
   * not, so they never fill an old cache with rows it cannot use.
   */
  schema: z.coerce.number().int().min(0).max(1000).optional(),
  /**
   * A backfill (a device whose cache gained tables after its cookie passed their rows): only these
   * tables, comma-separated; names this server does not send are ignored. Tombstones only of them.
   */
  tables: z
    .string()
    .max(2000)
    .transform((s) =>
      s
        .split(',')
        .map((t) => t.trim())
        .filter((t) => t !== ''),
    )
    .optional()
    .catch(undefined),
  /** With `tables`: nothing above this version (the device's main cookie; later changes come with the main pull). */
  upTo: z.coerce.number().int().min(0).optional(),
  /**
   * How many changes wait in the device's outbox as it asks: shown by GET /metrics as the device's
   * queue depth, nothing else. A malformed value is dropped, never a refusal (a pull must not fail
   * over a figure); older builds send none.
   */
  queue: z.coerce.number().int().min(0).max(10_000_000).optional().catch(undefined),
});
export type PullQuery = z.infer<typeof pullQuerySchema>;

/**
 * One changed row. `table` is the synced table name (see SYNCED_TABLES), `key` its primary key as
 * text (composite keys joined with ':'), `row` the row as the client stores it, or null for a
 * deletion (tombstone).
 */
export const rowChangeSchema = z.object({
  table: z.string(),
  key: z.string(),
  version: z.number().int(),
  row: z.record(z.string(), z.unknown()).nullable(),
});
export type RowChange = z.infer<typeof rowChangeSchema>;

/**
 * Rows of one table in column form (pull with `pack=1`): `rows[i][j]` is column `cols[j]` of the
 * i-th row, in the same wire form as a `changes` row (numeric and bigint as strings, timestamps
 * as ISO strings); `version` is one of the columns, `key` names the key columns (joined with ':'
 * as in `changes`). Never tombstones: deletions stay in `changes`.
 */
export const packedBlockSchema = z.object({
  table: z.string(),
  key: z.array(z.string()).min(1),
  cols: z.array(z.string()),
  rows: z.array(z.array(z.unknown())),
});
export type PackedBlock = z.infer<typeof packedBlockSchema>;

export const pullReplySchema = z.object({
  /** Pass back as the next cookie. Only moves forward; every change with version <= cookie was sent. */
  cookie: z.number().int().min(0),
  /** The server's last processed mutation id for this client, as of the same snapshot as `changes`. */
  lastMutationId: z.number().int().min(0),
  /** Ordered by version. */
  changes: z.array(rowChangeSchema),
  /** Only when asked with `pack=1`: more changes of the page, by table (unpackChanges merges them). */
  packed: z.array(packedBlockSchema).optional(),
  /** More pages follow: call again with `cookie`. */
  more: z.boolean(),
  /** Changes still to fetch after this page (for a progress figure). */
  remaining: z.number().int().min(0).optional(),
  /** Parts in the catalog, on the first page of a pull from 0 (the download bar says "of 20,000 parts"). */
  catalogParts: z.number().int().min(0).optional(),
  /**
   * The cookie is older than the oldest retained tombstone: deletions may have been missed, so
   * the client must drop its cached server rows and pull from cookie 0 (pending mutations stay).
   */
  needsFullSync: z.boolean().optional(),
  /** The server's sync epoch, read with `lastMutationId` (see sync-push.ts). */
  epoch: syncEpochSchema.optional(),
  /** This device's prefix (sync-push.ts devicePrefixSchema); absent from servers before it. */
  devicePrefix: devicePrefixSchema.optional(),
});
export type PullReply = z.infer<typeof pullReplySchema>;

/**
 * Tables a pull may carry, as the client names them. Entity tables (orders ... vehicles) carry
 * domain-shaped records (src/domain/mutations/records.ts) so the client can run the mutators on
 * them as stored; catalog and lookup tables carry their server columns.
 */
export const entityTables = [
  'orders',
  'order_lines',
  'transactions',
  'customers',
  'addresses',
  'customer_vehicles',
] as const;
export const catalogTables = [
  'products',
  'product_stock',
  'manufacturers',
  'categories',
  'product_categories',
  'series',
] as const;
export const lookupTables = [
  'settings',
  'order_statuses',
  'tax_classes',
  'tax_rates',
  'labor_types',
  'locations',
  'bays',
  'countries',
  'zones',
  'customer_groups',
  // Gift certificates (staff devices only): code, balance, status, so a voucher is taken offline
  // (src/db/vouchers.ts). Keyed by id; devices look them up by upper-cased code.
  'vouchers',
  // The shop's custom fields and their choices (staff devices; migration 0026-f), for the customer form.
  'custom_fields',
  'custom_field_values',
  // The shop's customer tags (staff devices; migration 0029-i): the customer admin's Tags tab offline.
  'customer_tags',
] as const;
/**
 * Compact fitment and the vehicle names it points to (staff devices, cache schema 4): part_fitment
 * rows are keyed 'productId:fitmentId' (migration 0016) and stored grouped by product
 * (src/db/fitment-chunks.ts); the name tables land in the `catalog` store.
 */
export const fitmentTables = [
  'part_fitment',
  'vehicle_makes',
  'vehicle_models',
  'vehicle_submodels',
  'vehicle_body_types',
  'vehicle_bed_lengths',
  'engine_configs',
  'engine_manufacturers',
  'engine_families',
  'engine_sizes',
] as const;
/**
 * Installers (staff devices, cache schema 4): staff users with role 'installer', as
 * { user_id, wholename, location_id, status } (pos-back-office.md "installers (user_id, wholename)"),
 * in `lookups`. A staff user who is not (or no longer) an installer comes as a deletion.
 */
export const INSTALLERS_TABLE = 'installers';
/**
 * Product options and their values (cache schema 5), keyed by their own ids, in the `catalog`
 * store: a POS device lists a part's options and shows their prices while offline
 * (src/domain/product-options.ts); the server prices them again when the line is pushed.
 */
export const optionTables = ['product_options', 'product_option_values'] as const;
/**
 * Booked appointments and their statuses (staff devices, cache schema 6): `appointments` carries
 * domain Appointment records (src/domain/mutations/records.ts, installers included) in their own
 * entity store, so the day view reads them offline and its changes run as mutations;
 * `appointment_statuses` lands in `lookups`.
 */
export const appointmentTables = ['appointments', 'appointment_statuses'] as const;
/** The tables a cache of schema 4 gained: a device upgraded from 3 backfills them (sync/pull.ts). */
export const SCHEMA_4_TABLES: readonly string[] = [...fitmentTables, INSTALLERS_TABLE];
/** The tables a cache of schema 5 gained: a device upgraded from 4 backfills them (sync/pull.ts). */
export const SCHEMA_5_TABLES: readonly string[] = [...optionTables];
/** The tables a cache of schema 6 gained: a device upgraded from 5 backfills them (sync/pull.ts). */
export const SCHEMA_6_TABLES: readonly string[] = [...appointmentTables];
export type EntityTable = (typeof entityTables)[number];
export type FitmentTable = (typeof fitmentTables)[number];
export type CatalogTable = (typeof catalogTables)[number];
export type LookupTable = (typeof lookupTables)[number];
export type OptionTable = (typeof optionTables)[number];
export type AppointmentTable = (typeof appointmentTables)[number];
export type SyncedTable =
  EntityTable | CatalogTable | LookupTable | FitmentTable | OptionTable | AppointmentTable | typeof INSTALLERS_TABLE;

/**
 * Every change of a reply as RowChanges ordered by version: `changes` plus the `packed` blocks
 * decoded to the row objects the unpacked reply would carry (same keys, same column order).
 * Throws on a malformed block (a row of the wrong length, a missing key or version column).
 */
export function unpackChanges(reply: Pick<PullReply, 'changes' | 'packed'>): RowChange[] {
  if (!reply.packed?.length) return reply.changes;
  const out: RowChange[] = [...reply.changes];
  for (const b of reply.packed) {
    const at = (c: string) => {
      const i = b.cols.indexOf(c);
      if (i < 0) throw new Error(`packed ${b.table}: no column ${c}`);
      return i;
    };
    const v = at('version');
    const keys = b.key.map(at);
    const n = b.cols.length;
    for (const r of b.rows) {
      if (r.length !== n) throw new Error(`packed ${b.table}: a row of ${r.length} values for ${n} columns`);
      const row: Record<string, unknown> = {};
      for (let j = 0; j < n; j++) if (j !== v) row[b.cols[j]!] = r[j];
      const version = Number(r[v]);
      if (!Number.isInteger(version)) throw new Error(`packed ${b.table}: bad version`);
      out.push({
        table: b.table,
        key: keys.length === 1 ? String(r[keys[0]!]) : keys.map((k) => String(r[k])).join(':'),
        version,
        row,
      });
    }
  }
  return out.sort((a, b) => a.version - b.version);
}

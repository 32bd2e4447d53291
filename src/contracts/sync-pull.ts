import { z } from 'zod';
import { devicePrefixSchema, syncEpochSchema } from './sync-push';

/** GET /sync/pull?clientId=&cookie=N&limit= — everything the caller may see that changed after N. */
export const pullQuerySchema = z.object({
  /** The device, so the reply can carry its lastMutationId. */
  clientId: z.uuid(),
  /** 0 (or absent) = from the beginning. */
  cookie: z.coerce.number().int().min(0).catch(0),
  limit: z.coerce.number().int().min(1).max(5000).catch(1000),
  /** The prefix this device already holds, if any (see sync-push.ts devicePrefixSchema). */
  prefix: devicePrefixSchema.optional().catch(undefined),
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

export const pullReplySchema = z.object({
  /** Pass back as the next cookie. Only moves forward; every change with version <= cookie was sent. */
  cookie: z.number().int().min(0),
  /** The server's last processed mutation id for this client, as of the same snapshot as `changes`. */
  lastMutationId: z.number().int().min(0),
  /** Ordered by version. */
  changes: z.array(rowChangeSchema),
  /** More pages follow: call again with `cookie`. */
  more: z.boolean(),
  /** Changes still to fetch after this page (for a progress figure). */
  remaining: z.number().int().min(0).optional(),
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
export const entityTables = ['orders', 'order_lines', 'transactions', 'customers', 'addresses', 'customer_vehicles'] as const;
export const catalogTables = ['products', 'product_stock', 'manufacturers', 'categories', 'product_categories', 'series'] as const;
export const lookupTables = [
  'settings', 'order_statuses', 'tax_classes', 'tax_rates', 'labor_types', 'locations', 'bays', 'countries', 'zones',
  'customer_groups',
  // Gift certificates (staff devices only): code, balance, status, so a voucher is taken offline
  // (src/db/vouchers.ts). Keyed by id; devices look them up by upper-cased code.
  'vouchers',
] as const;
export type EntityTable = (typeof entityTables)[number];
export type CatalogTable = (typeof catalogTables)[number];
export type LookupTable = (typeof lookupTables)[number];
export type SyncedTable = EntityTable | CatalogTable | LookupTable;

import { z } from 'zod';
import { packedBlockSchema, rowChangeSchema } from './sync-pull';

/**
 * First-sync snapshots (docs/decisions/sync.md "First-sync snapshots"): what a new staff device's
 * pull from cookie 0 would bring up to a version, prebuilt by the server as one immutable
 * gzip-compressed NDJSON file; the device stores it, then pulls from `version` as usual.
 */

/** GET /sync/snapshot?schema=N: the newest snapshot for a device cache of schema N. */
export const snapshotQuerySchema = z.object({
  schema: z.coerce.number().int().min(0).max(1000),
});
export type SnapshotQuery = z.infer<typeof snapshotQuerySchema>;

export const snapshotInfoSchema = z.object({
  /** GET this path for the file (immutable: the name never names other content). */
  url: z.string().startsWith('/sync/snapshot/'),
  /** Every change up to this version is in it: the device's cookie once it is stored. */
  version: z.number().int().min(0),
  /** Row changes in it (the download bar's total until the pull after it says more). */
  rows: z.number().int().min(0),
  /** Parts in the catalog it holds ("47 % of 200,000 parts"). */
  parts: z.number().int().min(0),
  /** Size of the file as sent (gzip). */
  bytes: z.number().int().min(0),
});
export type SnapshotInfo = z.infer<typeof snapshotInfoSchema>;

/** null: none ready for this schema and caller (not built yet, too small to be worth one, an admin): pull from 0. */
export const snapshotReplySchema = z.object({ snapshot: snapshotInfoSchema.nullable() });
export type SnapshotReply = z.infer<typeof snapshotReplySchema>;

/**
 * One line of the file: a page of changes as a pull reply carries them (`changes`, and `packed`
 * column blocks, src/contracts/sync-pull.ts unpackChanges), in version order across lines.
 */
export const snapshotPageSchema = z.object({
  changes: z.array(rowChangeSchema),
  packed: z.array(packedBlockSchema).optional(),
});

/** The last line: a file without it was cut short and must not be used. */
export const snapshotEndSchema = z.object({
  end: z.literal(true),
  version: z.number().int().min(0),
  rows: z.number().int().min(0),
});

/** A snapshot's file name: `<schema>-<version>-<random hex>.ndjson.gz`. */
export const SNAPSHOT_NAME = /^\d{1,4}-\d{1,19}-[0-9a-f]{32}\.ndjson\.gz$/;

/** Prebuilt first-sync snapshots (migration 0027-s; server/sync/snapshot-service.ts). */
import type { ColumnType } from 'kysely';
import type { GeneratedTimestamp } from './columns';

export interface SyncSnapshotsTable {
  name: string;
  /** The device cache schema whose pull from 0 it holds (src/db/database.ts DEVICE_SCHEMA). */
  schema: number;
  /** Every change up to this version is in it; a device continues with the pull from here. */
  version: ColumnType<string, number | string, never>;
  rows: number;
  parts: number;
  /** Bytes of `body` (gzip). */
  bytes: number;
  body: Buffer;
  created_at: GeneratedTimestamp;
}

export interface SyncSnapshotTables {
  sync_snapshots: SyncSnapshotsTable;
}

/** The sync protocol's bookkeeping (migrations 0002-sync, 0015-e and 0024-s). */
import type { ColumnType } from 'kysely';
import type { GeneratedTimestamp, Json, NullableTimestamp } from './columns';

export interface SyncClientsTable {
  client_id: string;
  last_mutation_id: ColumnType<string, number | undefined, number>;
  user_kind: 'staff' | 'customer';
  staff_user_id: number | null;
  customer_uuid: string | null;
  device_prefix: string | null;
  created_at: GeneratedTimestamp;
  last_seen_at: GeneratedTimestamp;
}

export interface SyncMutationsTable {
  client_id: string;
  mutation_id: ColumnType<string, number, never>;
  seq: ColumnType<string, never, never>;
  name: string;
  status: 'applied' | 'rejected';
  code: string | null;
  message: string | null;
  actor_kind: 'staff' | 'customer';
  actor_id: string;
  device_at: NullableTimestamp;
  applied_at: GeneratedTimestamp;
  /** The user signed in on the device when the change was made (its claim; migration 0015-e). */
  made_by_id: ColumnType<string | null, string | null | undefined, never>;
  made_by_role: ColumnType<string | null, string | null | undefined, never>;
  /** The session user whose push carried it; actor_* is who made it (their staff token; migration 0024-s). */
  pushed_by_id: ColumnType<string | null, string | null | undefined, never>;
}

/** A conflict staff discarded on a device (migration 0015-e). */
export interface SyncDiscardsTable {
  client_id: string;
  mutation_id: ColumnType<string, number, never>;
  name: string;
  args: Json<unknown>;
  code: string | null;
  message: string | null;
  discarded_by_kind: 'staff';
  discarded_by_id: string;
  discarded_at: GeneratedTimestamp;
  device_at: NullableTimestamp;
}

export interface SyncStateTable {
  id: number;
  tombstones_purged_through: ColumnType<string, number | undefined, number | string>;
}

/** The sync tables in DB. */
export interface SyncTables {
  sync_clients: SyncClientsTable;
  sync_mutations: SyncMutationsTable;
  sync_discards: SyncDiscardsTable;
  sync_state: SyncStateTable;
}

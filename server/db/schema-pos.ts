/**
 * Kysely types for migration 0005-pos (the staff cart and order history), layered on the sync
 * tables' DB like schema-payments.ts. Services reach them through `posDb(db)` until one `DB` type
 * holds every table (docs/architecture.md "The target structure"). Conventions as in schema.ts: timestamptz reads as a Date.
 */
import type { ColumnType, Generated, Kysely } from 'kysely';
import type { SyncDB } from '../sync/db';
import type { GeneratedTimestamp, Timestamp, Version } from './schema-columns';

export interface StaffCartsTable {
  /** sessions.id_hash of the staff session whose cart this is. */
  session_hash: string;
  staff_user_id: number;
  /** The cart's order (draft, or a saved/quote/kiosk order continued into the cart). */
  order_ref: string;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export interface OrderHistoryTable {
  id: string;
  order_history_id: Generated<number>;
  order_ref: string;
  order_status_id: number;
  comment: ColumnType<string, string | undefined, string>;
  notify_customer: ColumnType<boolean, boolean | undefined, boolean>;
  notify_by_email: ColumnType<boolean, boolean | undefined, boolean>;
  notify_by_text: ColumnType<boolean, boolean | undefined, boolean>;
  email: ColumnType<string, string | undefined, string>;
  phone: ColumnType<string, string | undefined, string>;
  actor_id: string;
  date_added: Timestamp;
  version: Version;
}

export interface PosTables {
  staff_carts: StaffCartsTable;
  order_history: OrderHistoryTable;
}

export type PosDB = SyncDB & PosTables;

/** The same connection seen with the POS tables' types (no runtime effect). */
export function posDb<T>(db: Kysely<T>): Kysely<PosDB> {
  return db as unknown as Kysely<PosDB>;
}

/** The same connection seen as the sync tables only, for the shared record loaders (no runtime effect). */
export function asSyncDb(db: Kysely<PosDB>): Kysely<SyncDB> {
  return db as unknown as Kysely<SyncDB>;
}

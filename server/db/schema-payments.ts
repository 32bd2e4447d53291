/**
 * Kysely types for migration 0008-payments, a view beside `DB` in schema.ts until one `DB` type
 * holds every table (docs/architecture.md "The target structure"). Until then services reach the
 * tables through `paymentsDb(db)`. Conventions as in schema.ts:
 * numeric reads as a string, timestamptz as a Date.
 */
import type { ColumnType, Kysely } from 'kysely';
import type { SyncDB } from '../sync/db';
import type { GeneratedTimestamp, Version } from './schema-columns';

type NullableStamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type GeneratedId = ColumnType<string, string | undefined, never>;

export type AttemptKind = 'charge' | 'refund' | 'online';
export type AttemptStatus = 'pending' | 'approved' | 'declined' | 'cancelled' | 'timed_out' | 'reversed';

export interface PaymentAttemptsTable {
  id: string;
  kind: AttemptKind;
  order_ref: string;
  /** The card transaction a charge created, or the one a refund reverses. */
  transaction_ref: string | null;
  amount: string;
  surcharge: ColumnType<string, string | undefined, string>;
  surcharge_tax: ColumnType<string, string | undefined, string>;
  card_type: 'credit' | 'debit' | null;
  department: ColumnType<string, string | undefined, string>;
  device: string;
  status: AttemptStatus;
  brand: string | null;
  last4: string | null;
  auth_code: string | null;
  terminal_ref: string | null;
  message: ColumnType<string, string | undefined, string>;
  actor_id: string;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
  finished_at: NullableStamp;
}

export interface VouchersTable {
  id: GeneratedId;
  code: string;
  order_ref: string | null;
  line_ref: string | null;
  original_amount: string;
  balance: string;
  description: ColumnType<string, string | undefined, string>;
  message: ColumnType<string, string | undefined, string>;
  voucher_theme: ColumnType<string, string | undefined, string>;
  status: ColumnType<'active' | 'void', 'active' | 'void' | undefined, 'active' | 'void'>;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
  version: Version;
}

export interface NotificationsTable {
  id: GeneratedId;
  channel: 'email' | 'sms';
  kind: NotificationKind;
  recipient: string;
  subject: ColumnType<string, string | undefined, string>;
  body: string;
  html: string | null;
  status: NotificationStatus;
  error: string | null;
  order_ref: string | null;
  actor_id: string;
  created_at: GeneratedTimestamp;
  sent_at: NullableStamp;
  /** 0017-d: the durable outbox (server/services/notifications/notification-sender.ts). */
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: GeneratedTimestamp;
  locked_until: NullableStamp;
  last_attempt_at: NullableStamp;
  source_ref: ColumnType<string | null, string | null | undefined, string | null>;
}

export type NotificationKind = 'receipt' | 'payment_link' | 'product_contact' | 'order_history' | 'appointment';
export type NotificationStatus = 'queued' | 'sending' | 'sent' | 'failed';

export interface PaymentLinksTable {
  id: GeneratedId;
  order_ref: string;
  token_hash: string;
  actor_id: string;
  created_at: GeneratedTimestamp;
  expires_at: ColumnType<Date, Date | string, Date | string>;
}

export interface PaymentTables {
  payment_attempts: PaymentAttemptsTable;
  vouchers: VouchersTable;
  notifications: NotificationsTable;
  payment_links: PaymentLinksTable;
}

export type PaymentsDB = SyncDB & PaymentTables;

/** The same connection seen with the payment tables' types (no runtime effect). */
export function paymentsDb<T>(db: Kysely<T>): Kysely<PaymentsDB> {
  return db as unknown as Kysely<PaymentsDB>;
}

/** Back to the sync tables' view of the same connection (for the sync record loaders). */
export function syncView(db: Kysely<PaymentsDB>): Kysely<SyncDB> {
  return db as unknown as Kysely<SyncDB>;
}

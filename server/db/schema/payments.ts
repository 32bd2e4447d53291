/** Card payment attempts, vouchers, the notification outbox and payment links (migration 0008-payments and later). */
import type { ColumnType } from 'kysely';
import type { GeneratedTimestamp, NullableTimestamp, Version } from './columns';

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
  finished_at: NullableTimestamp;
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
  /** 0029-c: the recipient, from the sold line (was only on the line before). */
  to_name: ColumnType<string, string | undefined, string>;
  to_email: ColumnType<string, string | undefined, string>;
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
  sent_at: NullableTimestamp;
  /** 0017-d: the durable outbox (server/services/notifications/notification-sender.ts). */
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: GeneratedTimestamp;
  locked_until: NullableTimestamp;
  last_attempt_at: NullableTimestamp;
  source_ref: ColumnType<string | null, string | null | undefined, string | null>;
}

export type NotificationKind =
  | 'receipt'
  | 'payment_link'
  | 'product_contact'
  | 'order_history'
  | 'appointment'
  | 'customer_history'
  /** 0028-e: custom form submissions and schedule-appointment requests mailed to the store. */
  | 'form_submission'
  | 'appointment_request';
export type NotificationStatus = 'queued' | 'sending' | 'sent' | 'failed';

export interface PaymentLinksTable {
  id: GeneratedId;
  order_ref: string;
  token_hash: string;
  actor_id: string;
  created_at: GeneratedTimestamp;
  expires_at: ColumnType<Date, Date | string, Date | string>;
}

/** The payment tables in DB. */
export interface PaymentTables {
  payment_attempts: PaymentAttemptsTable;
  vouchers: VouchersTable;
  notifications: NotificationsTable;
  payment_links: PaymentLinksTable;
}

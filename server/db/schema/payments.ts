/** Card payment attempts, vouchers, the notification outbox and payment links (migration 0008-payments and later). */
import type { ColumnType } from 'kysely';
import type { Defaulted, GeneratedTimestamp, NullableTimestamp, Version } from './columns';

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
  surcharge: Defaulted<string>;
  surcharge_tax: Defaulted<string>;
  card_type: 'credit' | 'debit' | null;
  department: Defaulted<string>;
  device: string;
  status: AttemptStatus;
  brand: string | null;
  last4: string | null;
  auth_code: string | null;
  terminal_ref: string | null;
  message: Defaulted<string>;
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
  description: Defaulted<string>;
  message: Defaulted<string>;
  voucher_theme: Defaulted<string>;
  /** 0029-c: the recipient, from the sold line (was only on the line before). */
  to_name: Defaulted<string>;
  to_email: Defaulted<string>;
  status: Defaulted<'active' | 'void'>;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
  version: Version;
}

export interface NotificationsTable {
  id: GeneratedId;
  channel: 'email' | 'sms';
  kind: NotificationKind;
  recipient: string;
  subject: Defaulted<string>;
  body: string;
  html: string | null;
  status: NotificationStatus;
  error: string | null;
  order_ref: string | null;
  actor_id: string;
  created_at: GeneratedTimestamp;
  sent_at: NullableTimestamp;
  /** 0017-d: the durable outbox (server/services/notifications/notification-sender.ts). */
  attempts: Defaulted<number>;
  next_attempt_at: GeneratedTimestamp;
  locked_until: NullableTimestamp;
  last_attempt_at: NullableTimestamp;
  source_ref: Defaulted<string | null>;
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

/**
 * Migration 0008: payments beyond what the mutators store. See docs/decisions/payments.md
 * ("Payments, terminal and notifications").
 *
 * - payment_attempts: every conversation with a card terminal (a charge or a refund) and every
 *   online card payment, written BEFORE the terminal is asked, so a crash or a lost answer leaves a
 *   row to query the terminal about instead of a charge nobody knows of. Holds only what a receipt
 *   may show (brand, last 4, auth code, terminal reference): never a card number, CVV or track data.
 *   At most one pending charge per order and one per device (the indexes): a second device cannot
 *   charge the same balance while the first card is in the reader, and a terminal shows one
 *   payment at a time. Not versioned: it never leaves the server (transactions do).
 * - vouchers: gift certificates that can be redeemed. A voucher sold on an order (a voucher line)
 *   is issued when that order completes; `balance` falls with each approved voucher payment and is
 *   restored when that payment is voided, in the same SQL transaction (server/commands/appliers/
 *   vouchers.ts). Codes are unique case-insensitively. Versioned, so devices can cache them later.
 * - notifications: the outbox of every email and text sent (receipts, payment links) with its
 *   delivery status. With no SMTP configured it is where mail "goes" (the simulator): admins read
 *   it at GET /api/notifications.
 * - payment_links: "pay this order" links sent to customers. Only the sha256 of the token is
 *   stored, like sessions: a copied database holds no usable link.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
create table payment_attempts (
  id uuid primary key,
  kind text not null check (kind in ('charge', 'refund', 'online')),
  order_ref uuid not null references orders (id) on delete cascade,
  transaction_ref uuid,
  amount numeric(12,2) not null check (amount > 0),
  surcharge numeric(12,2) not null default 0,
  surcharge_tax numeric(12,2) not null default 0,
  card_type text check (card_type in ('credit', 'debit')),
  department text not null default '',
  device text not null,
  status text not null check (status in ('pending', 'approved', 'declined', 'cancelled', 'timed_out', 'reversed')),
  brand text,
  last4 text check (last4 ~ '^[0-9]{4}$'),
  auth_code text,
  terminal_ref text,
  message text not null default '',
  actor_id text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  finished_at timestamptz
);
create index payment_attempts_order_idx on payment_attempts (order_ref);
create index payment_attempts_transaction_idx on payment_attempts (transaction_ref);
create unique index payment_attempts_one_charge_per_order on payment_attempts (order_ref) where status = 'pending' and kind = 'charge';
create unique index payment_attempts_one_per_device on payment_attempts (device) where status = 'pending' and kind = 'charge';
create index payment_attempts_pending_idx on payment_attempts (created_at) where status = 'pending';

create table vouchers (
  id uuid primary key default gen_random_uuid(),
  code text not null check (length(code) between 1 and 64),
  order_ref uuid references orders (id) on delete set null,
  line_ref uuid,
  original_amount numeric(12,2) not null check (original_amount > 0),
  balance numeric(12,2) not null check (balance >= 0 and balance <= original_amount),
  description text not null default '',
  message text not null default '',
  voucher_theme text not null default '',
  status text not null default 'active' check (status in ('active', 'void')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version bigint not null default nextval('change_version')
);
create unique index vouchers_code_key on vouchers (upper(code));
create index vouchers_order_idx on vouchers (order_ref);
select pd_track_changes('vouchers');

create table notifications (
  id uuid primary key default gen_random_uuid(),
  channel text not null check (channel in ('email', 'sms')),
  kind text not null check (kind in ('receipt', 'payment_link')),
  recipient text not null,
  subject text not null default '',
  body text not null,
  html text,
  status text not null check (status in ('queued', 'sent', 'failed')),
  error text,
  order_ref uuid references orders (id) on delete set null,
  actor_id text not null,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);
create index notifications_created_idx on notifications (created_at desc);

create table payment_links (
  id uuid primary key default gen_random_uuid(),
  order_ref uuid not null references orders (id) on delete cascade,
  token_hash text not null unique,
  actor_id text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index payment_links_order_idx on payment_links (order_ref);
`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('0008-payments cannot be rolled back; restore a backup taken before it'));
}

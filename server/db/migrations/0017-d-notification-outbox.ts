/**
 * Migration 0017: the notifications table becomes a durable outbox
 * (docs/decisions/notifications.md "Durable sending").
 *
 * - A row is written in the transaction of the change that causes it (a receipt sent, a payment
 *   link, an order history entry with Notify Customer, a booked appointment) and delivered after
 *   the commit by the retrying sender (server/services/notifications/notification-sender.ts).
 * - status gains 'sending': a sender claimed the row (FOR UPDATE SKIP LOCKED) until `locked_until`;
 *   `attempts` counts the claims and is the claim's token (a sender whose lease ran out cannot
 *   mark a row another sender has taken since). 'failed' is final (a permanent refusal, or
 *   attempts used up); a temporary failure puts the row back to 'queued' at `next_attempt_at`.
 * - kind gains 'order_history' and 'appointment'; `source_ref` is the id of the record that
 *   caused the message (history entry, appointment), unique per channel, so a change applied
 *   twice cannot queue its message twice.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
alter table notifications drop constraint if exists notifications_kind_check;
alter table notifications add constraint notifications_kind_check check (kind in ('receipt', 'payment_link', 'product_contact', 'order_history', 'appointment'));
alter table notifications drop constraint if exists notifications_status_check;
alter table notifications add constraint notifications_status_check check (status in ('queued', 'sending', 'sent', 'failed'));
alter table notifications add column attempts integer not null default 0;
alter table notifications add column next_attempt_at timestamptz not null default now();
alter table notifications add column locked_until timestamptz;
alter table notifications add column last_attempt_at timestamptz;
alter table notifications add column source_ref uuid;
create index notifications_due_idx on notifications (next_attempt_at) where status in ('queued', 'sending');
create unique index notifications_source_idx on notifications (source_ref, channel) where source_ref is not null;
`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
drop index notifications_source_idx;
drop index notifications_due_idx;
update notifications set status = 'queued' where status = 'sending';
delete from notifications where kind in ('order_history', 'appointment');
alter table notifications drop column source_ref;
alter table notifications drop column last_attempt_at;
alter table notifications drop column locked_until;
alter table notifications drop column next_attempt_at;
alter table notifications drop column attempts;
alter table notifications drop constraint if exists notifications_status_check;
alter table notifications add constraint notifications_status_check check (status in ('queued', 'sent', 'failed'));
alter table notifications drop constraint if exists notifications_kind_check;
alter table notifications add constraint notifications_kind_check check (kind in ('receipt', 'payment_link', 'product_contact'));
`.execute(db);
}

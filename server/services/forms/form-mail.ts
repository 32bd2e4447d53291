/**
 * Mailing a form to a store through the durable outbox (docs/decisions/notifications.md "Durable
 * sending"): the notifications row is written (queued) with the record that caused it, committed,
 * then handed to the sender. Shared by custom form submissions and schedule-appointment requests.
 */
import type { Kysely, Transaction } from 'kysely';
import type { DB, NotificationKind } from '../../db/schema';
import { firstEmail } from '../../../src/domain/forms/contact';
import { ServiceError } from '../../errors';
import type { NotificationSender } from '../notifications/notification-sender';

export const FORM_FAILED = 'Your message could not be sent. Please try again later.';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface StoreRecipient {
  location_id: number;
  name: string;
  email: string;
}

/** An active store with a mail address: the one named, else the default store. */
export async function storeRecipient(db: Kysely<DB>, locationId: number | null): Promise<StoreRecipient | null> {
  let q = db
    .selectFrom('locations')
    .select(['location_id', 'name', 'email'])
    .where('status', '=', true)
    .where('email', '<>', '');
  q =
    locationId === null
      ? q.orderBy('is_default', 'desc').orderBy('location_id')
      : q.where('location_id', '=', locationId);
  const row = await q.executeTakeFirst();
  const email = row ? firstEmail(row.email) : '';
  return row && email ? { location_id: row.location_id, name: row.name, email } : null;
}

/** The active stores that can receive mail (getLocations). */
export async function mailableStores(db: Kysely<DB>): Promise<StoreRecipient[]> {
  const rows = await db
    .selectFrom('locations')
    .select(['location_id', 'name', 'email'])
    .where('status', '=', true)
    .orderBy('is_default', 'desc')
    .orderBy('location_id')
    .execute();
  return rows
    .map((r) => ({ location_id: r.location_id, name: r.name, email: firstEmail(r.email) }))
    .filter((r) => r.email !== '');
}

/** Queues the mail in `trx` (the caller's transaction); returns the outbox row's id. */
export async function queueStoreMail(
  trx: Transaction<DB>,
  m: { kind: NotificationKind; to: string; subject: string; lines: string[]; actor: string; sourceRef: string },
): Promise<string> {
  const row = await trx
    .insertInto('notifications')
    .values({
      channel: 'email',
      kind: m.kind,
      recipient: m.to,
      subject: m.subject,
      body: m.lines.join('\n'),
      html: `<p>${m.lines.map(escapeHtml).join('<br>')}</p>`,
      status: 'queued',
      order_ref: null,
      actor_id: m.actor,
      source_ref: m.sourceRef,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * After the commit: hand the row to the sender. Sent: 'sent'; the mail server down or "later":
 * 'queued' (the outbox retries; telling "failed" would make the shopper send it twice); refused
 * for good: 502.
 */
export async function deliverNow(sender: Pick<NotificationSender, 'deliver'>, id: string): Promise<'sent' | 'queued'> {
  const outcomes = await sender.deliver([id]);
  if (outcomes.some((o) => o.result === 'failed'))
    throw new ServiceError('upstream_failed', 'notification_failed', FORM_FAILED);
  return outcomes.some((o) => o.result === 'sent') ? 'sent' : 'queued';
}

/**
 * Writing messages to the notifications outbox, always on the caller's transaction: the row
 * commits with the change that causes it, or not at all (docs/decisions/notifications.md "Durable
 * sending"). The retrying sender delivers it after the commit.
 */
import type { Kysely } from 'kysely';
import type { DB, NotificationKind } from '../../db/schema';
import type { Rendered } from './notification-render';

export interface Channels {
  notifyByEmail: boolean;
  email: string;
  notifyByText: boolean;
  phone: string;
}

export interface QueueRequest {
  form: Channels;
  msg: Rendered;
  kind: NotificationKind;
  orderRef: string | null;
  actorId: string;
  /** The record that caused the message: the same record never queues its message twice. */
  sourceRef?: string;
}

export async function queueNotifications(
  trx: Kysely<DB>,
  r: QueueRequest,
): Promise<{ id: string; channel: 'email' | 'sms' }[]> {
  const rows = [
    ...(r.form.notifyByEmail
      ? [
          {
            channel: 'email' as const,
            recipient: r.form.email,
            subject: r.msg.subject,
            body: r.msg.text,
            html: r.msg.html,
          },
        ]
      : []),
    ...(r.form.notifyByText
      ? [{ channel: 'sms' as const, recipient: r.form.phone, subject: '', body: r.msg.sms, html: null }]
      : []),
  ];
  if (rows.length === 0) return [];
  return trx
    .insertInto('notifications')
    .values(
      rows.map((x) => ({
        ...x,
        kind: r.kind,
        status: 'queued' as const,
        order_ref: r.orderRef,
        actor_id: r.actorId,
        source_ref: r.sourceRef ?? null,
      })),
    )
    .onConflict((oc) => oc.columns(['source_ref', 'channel']).where('source_ref', 'is not', null).doNothing())
    .returning(['id', 'channel'])
    .execute();
}

/**
 * Order history on the server: the entry itself is the domain's (orderHistory.add); with Notify
 * Customer this extension queues the email and/or text in the same SQL transaction, so the
 * message exists exactly when the entry does - pushed from a device's outbox (offline) or posted
 * to /pos/order/history alike - and the retrying sender delivers it after the commit
 * (docs/decisions/notifications.md "Durable sending").
 *
 * Texting consent is the server's: the customer record's texting_alerts, never the device's
 * claim. Without consent (or without a customer) a text needs the override ticked (§5).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { MutationArgs } from '../../../src/domain/mutations/catalogue';
import { TEXT_CONSENT_MESSAGE } from '../../../src/domain/forms/notification';
import { refuse } from '../../../src/domain/refusal';
import { buildInvoice } from '../../services/checkout/checkout-invoice';
import { renderOrderUpdate, renderReceipt } from '../../services/notifications/notification-render';
import { queueNotifications } from '../../services/notifications/notification-queue';
import { domainApplier, type ApplierExtension } from './domain-applier';
import { notifyForm, withArgs } from './extension-args';
import type { ApplierMap } from './types';

/** Whether the order's customer agreed to texts (false without a customer). */
export async function textConsent(trx: Kysely<DB>, orderRef: string): Promise<boolean> {
  const row = await trx
    .selectFrom('orders')
    .innerJoin('customers', 'customers.id', 'orders.customer_uuid')
    .select('customers.texting_alerts')
    .where('orders.id', '=', orderRef)
    .executeTakeFirst();
  return row?.texting_alerts ?? false;
}

/** The override flag of the mutation being applied (the stored entry does not keep it). */
const overrides = new WeakMap<object, boolean>();

const notifyOnHistory: ApplierExtension = {
  load(state, args) {
    overrides.set(state, (args as Partial<MutationArgs<'orderHistory.add'>>).override_text_permission === true);
    return Promise.resolve();
  },
  async write(state, changes, ctx) {
    const entry = changes.orderHistory;
    if (!entry || !entry.notify_customer || (!entry.notify_by_email && !entry.notify_by_text)) return null;
    if (entry.notify_by_text && !overrides.get(state) && !(await textConsent(ctx.trx, entry.order_ref))) {
      return refuse('invalid_args', TEXT_CONSENT_MESSAGE);
    }
    const db = ctx.trx;
    const inv = await buildInvoice(db, entry.order_ref, ctx.settings);
    const status = await db
      .selectFrom('order_statuses')
      .select('name')
      .where('order_status_id', '=', entry.order_status_id)
      .executeTakeFirst();
    await queueNotifications(db, {
      form: notifyForm(entry),
      msg: renderOrderUpdate(inv, status?.name ?? String(entry.order_status_id), entry.comment),
      kind: 'order_history',
      orderRef: entry.order_ref,
      actorId: ctx.actor.id,
      sourceRef: entry.id,
    });
    return null;
  },
};

/**
 * A receipt emailed/texted from a device (queued in its outbox while offline): the message rows
 * are written in the push's transaction, named by the mutation's id (a replay queues nothing new),
 * with the receipt as the server has the order then (docs/decisions/notifications.md "Receipts
 * sent offline"). The mutator changes nothing: its args say what to send.
 */
const queueReceipt = withArgs<'receipt.send'>(async (args, state, _changes, ctx) => {
  const order = state.order;
  if (!order) return null;
  if (args.notify_by_text && !args.override_text_permission && !(await textConsent(ctx.trx, order.id))) {
    return refuse('invalid_args', TEXT_CONSENT_MESSAGE);
  }
  const inv = await buildInvoice(ctx.trx, order.id, ctx.settings);
  await queueNotifications(ctx.trx, {
    form: notifyForm(args),
    msg: renderReceipt(inv),
    kind: 'receipt',
    orderRef: order.id,
    actorId: ctx.actor.id,
    sourceRef: args.id,
  });
  return null;
});

/** Order history: staff add entries (status, comment, who was notified) to any order; receipts sent. */
export const historyAppliers: ApplierMap = {
  'orderHistory.add': domainApplier('orderHistory.add', 'staff', notifyOnHistory),
  'receipt.send': domainApplier('receipt.send', 'staff', queueReceipt),
};

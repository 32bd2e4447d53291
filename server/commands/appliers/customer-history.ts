/**
 * Customer history on the server (docs/decisions/pos.md "Customer history and uploads"): the entry
 * is the domain's (customerHistory.add, staff only: §6 "add ... history"). This extension
 * - ties the entry to its picture: an entry that says it has one needs the picture uploaded under
 *   its own uuid for the same customer (POST /api/customer_history/add stores it in the same
 *   transaction; a device's sync uploads it before the push), and the stored entry takes the
 *   server's metadata (type and size after re-encoding), never the device's claim;
 * - with Notify Customer queues the email and/or text in the same SQL transaction (like order
 *   history, ./history.ts): texting consent is the customer record's, without it a text needs the
 *   override (§5).
 */
import { TEXT_CONSENT_MESSAGE } from '../../../src/domain/forms/notification';
import { refuse } from '../../../src/domain/refusal';
import { renderCustomerNote } from '../../services/notifications/customer-note-render';
import { queueNotifications } from '../../services/notifications/notification-queue';
import { findHistoryImage } from '../records/customer-history';
import { domainApplier } from './domain-applier';
import { notifyForm, withArgs } from './extension-args';
import type { ApplierMap } from './types';

/** Not in the spec: an entry whose picture the server does not have (refused at upload, or never sent). */
export const HISTORY_IMAGE_MISSING = 'The image was not uploaded. Add the entry again with a .jpg or .png file.';

const historyExtension = withArgs<'customerHistory.add'>(async (args, state, changes, ctx) => {
  const entry = changes.customerHistory;
  if (!entry) return null;
  if (entry.image) {
    const stored = await findHistoryImage(ctx.trx, entry.id);
    if (!stored || stored.customer_ref !== entry.customer_ref) return refuse('invalid_args', HISTORY_IMAGE_MISSING);
    entry.image = { name: entry.image.name, type: stored.mime, size: stored.size };
  }
  if (!args.notify_customer || (!args.notify_by_email && !args.notify_by_text)) return null;
  const customer = state.customer;
  if (!customer) return null;
  if (args.notify_by_text && !args.override_text_permission && !customer.texting_alerts) {
    return refuse('invalid_args', TEXT_CONSENT_MESSAGE);
  }
  const store = await ctx.trx.selectFrom('settings').select('value').where('key', '=', 'store_name').executeTakeFirst();
  await queueNotifications(ctx.trx, {
    form: notifyForm(args),
    msg: renderCustomerNote({
      store: typeof store?.value === 'string' ? store.value : '',
      customer: `${customer.firstname} ${customer.lastname}`.trim(),
      comment: entry.comment,
    }),
    kind: 'customer_history',
    orderRef: null,
    actorId: ctx.actor.id,
    sourceRef: entry.id,
  });
  return null;
});

export const customerHistoryAppliers: ApplierMap = {
  'customerHistory.add': domainApplier('customerHistory.add', 'staff', historyExtension),
};

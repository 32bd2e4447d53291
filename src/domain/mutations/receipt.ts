/**
 * Email and/or text a receipt (pos-back-office.md §7 POST /pos/order/send) as a mutation, so a
 * device offline queues it in its outbox and it goes out when the push reaches the server: the
 * order is unchanged; the server's applier (server/commands/appliers/history.ts) writes the
 * message rows, which the retrying sender delivers (docs/decisions/notifications.md "Receipts
 * sent offline").
 */
import { CHOOSE_CHANNEL, notificationFormSchema } from '../forms/notification';
import { refuse } from '../refusal';
import type { MutationArgs } from './catalogue';
import { parseOrRefuse } from './first-issue';
import { isRefusal, requireOrder } from './guards';
import { applied, type Mutator } from './types';

export const sendReceipt: Mutator<MutationArgs<'receipt.send'>> = (state, args) => {
  const order = requireOrder(state.order, args.order_ref);
  if (isRefusal(order)) return order;
  if (!args.notify_by_email && !args.notify_by_text) return refuse('invalid_args', CHOOSE_CHANNEL);
  const form = parseOrRefuse(notificationFormSchema, {
    notifyByEmail: args.notify_by_email,
    email: args.email,
    notifyByText: args.notify_by_text,
    phone: args.phone,
    textingAlerts: args.texting_alerts,
    overrideTextPermission: args.override_text_permission,
  });
  if (!form.ok) return form;
  // Nothing on the device changes: the message itself is the server's (its notifications outbox).
  return applied({});
};

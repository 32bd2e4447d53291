/** History entries: order history (status + comment + notification) and customer history (comment + image). */
import { historyFormSchema } from '../forms/history';
import { orderHistoryFormSchema } from '../forms/order-history';
import { refuse } from '../refusal';
import type { MutationArgs } from './catalogue';
import { parseOrRefuse } from './first-issue';
import { CUSTOMER_NOT_FOUND, isRefusal, requireOrder } from './guards';
import type { CustomerHistory, OrderHistory } from './records';
import { applied, type Mutator } from './types';

type NotifyArgs = MutationArgs<'orderHistory.add'>;
const notifyForm = (
  a: Pick<
    NotifyArgs,
    | 'notify_customer'
    | 'notify_by_email'
    | 'notify_by_text'
    | 'texting_alerts'
    | 'override_text_permission'
    | 'email'
    | 'phone'
  >,
) => ({
  notifyCustomer: a.notify_customer,
  notifyByEmail: a.notify_by_email,
  notifyByText: a.notify_by_text,
  textingAlerts: a.texting_alerts,
  overrideTextPermission: a.override_text_permission,
  email: a.email,
  phone: a.phone,
});

/** Adds a history entry and moves the order to its status; allowed on any order (history is append-only). */
export const addOrderHistory: Mutator<NotifyArgs> = (state, args, ctx) => {
  const order = requireOrder(state.order, args.order_ref);
  if (isRefusal(order)) return order;
  const form = parseOrRefuse(orderHistoryFormSchema, {
    ...notifyForm(args),
    orderStatusId: args.order_status_id,
    comment: args.comment,
  });
  if (!form.ok) return form;
  const entry: OrderHistory = {
    id: args.id,
    order_ref: order.id,
    order_status_id: args.order_status_id,
    comment: args.comment,
    notify_customer: args.notify_customer,
    notify_by_email: args.notify_customer && args.notify_by_email,
    notify_by_text: args.notify_customer && args.notify_by_text,
    email: args.email,
    phone: args.phone,
    actor_id: ctx.actor.id,
    date_added: ctx.now,
  };
  return applied({
    orderHistory: entry,
    order: { ...order, order_status_id: args.order_status_id, updated_at: ctx.now },
  });
};

export const addCustomerHistory: Mutator<MutationArgs<'customerHistory.add'>> = (state, args, ctx) => {
  if (!state.customer || state.customer.id !== args.customer_ref) return refuse('not_found', CUSTOMER_NOT_FOUND);
  const form = parseOrRefuse(historyFormSchema, { ...notifyForm(args), comment: args.comment, image: args.image });
  if (!form.ok) return form;
  const entry: CustomerHistory = {
    id: args.id,
    customer_history_id: null,
    customer_ref: args.customer_ref,
    comment: args.comment,
    image: args.image,
    actor_id: ctx.actor.id,
    date_added: ctx.now,
  };
  return applied({ customerHistory: entry });
};

/** Order lifecycle mutators: create, attach/remove customer, save, quote, kiosk submit, complete, void. */
import { poNumberRequirement } from '../forms/po-number';
import { refuse } from '../refusal';
import type { MutationArgs } from './catalogue';
import {
  assertEditable,
  assertNotVoided,
  CUSTOMER_NOT_FOUND,
  emptyTotals,
  isRefusal,
  requireOrder,
  withTotals,
} from './guards';
import { orderStatusIdFor, type Order, type OrderStatus } from './records';
import { applied, type Mutator, type MutatorContext, type MutatorResult, type MutatorState } from './types';

export const EMPTY_ORDER_MESSAGE = 'There are no items on this order.';

export const createOrder: Mutator<MutationArgs<'order.create'>> = (state, args, ctx) => {
  if (state.order) return refuse('duplicate_id', 'This order already exists.');
  const order: Order = {
    id: args.id,
    order_id: null,
    device_ref: args.device_ref,
    status: 'draft',
    order_status_id: null,
    customer_ref: null,
    customer_id: null,
    customer_name: null,
    tax_exempt: false,
    tax_exempt_number: null,
    location_id: args.location_id,
    lines: [],
    shipping_method: null,
    payment_method: null,
    cashier_id: ctx.actor.id,
    totals: { ...emptyTotals },
    created_at: ctx.now,
    updated_at: ctx.now,
    completed_at: null,
    voided_at: null,
  };
  if (args.customer_ref !== null) {
    if (!state.customer || state.customer.id !== args.customer_ref) return refuse('not_found', CUSTOMER_NOT_FOUND);
    return applied({ order: attach(order, state, ctx) });
  }
  return applied({ order });
};

function attach(order: Order, state: MutatorState, ctx: MutatorContext): Order {
  const c = state.customer;
  const next: Order = c
    ? {
        ...order,
        customer_ref: c.id,
        customer_id: c.customer_id,
        customer_name: `${c.firstname} ${c.lastname}`.trim(),
        tax_exempt: c.tax_exempt,
        tax_exempt_number: c.tax_exempt ? c.tax_exempt_number : null,
      }
    : {
        ...order,
        customer_ref: null,
        customer_id: null,
        customer_name: null,
        tax_exempt: false,
        tax_exempt_number: null,
      };
  return withTotals(next, state.transactions ?? [], ctx.settings, ctx.now);
}

/** Load the order and refuse unless it is editable. */
function editable(state: MutatorState, orderRef: string): Order | MutatorResult {
  const order = requireOrder(state.order, orderRef);
  if (isRefusal(order)) return order;
  return assertEditable(order) ?? order;
}

export const setCustomer: Mutator<MutationArgs<'order.setCustomer'>> = (state, args, ctx) => {
  const order = editable(state, args.order_ref);
  if ('ok' in order) return order;
  if (!state.customer || state.customer.id !== args.customer_ref) return refuse('not_found', CUSTOMER_NOT_FOUND);
  return applied({ order: attach(order, state, ctx) });
};

export const removeCustomer: Mutator<MutationArgs<'order.removeCustomer'>> = (state, args, ctx) => {
  const order = editable(state, args.order_ref);
  if ('ok' in order) return order;
  return applied({ order: attach(order, { ...state, customer: undefined }, ctx) });
};

function setStatus(status: OrderStatus, extra: Partial<Order> = {}): Mutator<{ order_ref: string }> {
  return (state, args, ctx) => {
    const order = editable(state, args.order_ref);
    if ('ok' in order) return order;
    return applied({
      order: { ...order, ...extra, status, order_status_id: orderStatusIdFor[status], updated_at: ctx.now },
    });
  };
}

export const saveOrder = setStatus('saved');
export const quoteOrder = setStatus('quote');
/** Kiosk checkout: status kiosk, shipping local_pickup, payment cod. */
export const submitKioskOrder = setStatus('kiosk', { shipping_method: 'local_pickup', payment_method: 'cod' });

/**
 * The actor role of orders the storefront's online checkout makes. PO numbers are a counter
 * practice (a cashier types the shop customer's PO per product); a shopper has no way to give one,
 * so the "PO Number to each product" rule is not applied to these orders.
 */
export const ONLINE_CHECKOUT_ROLE = 'storefront';

export const completeOrder: Mutator<MutationArgs<'order.complete'>> = (state, args, ctx) => {
  const order = editable(state, args.order_ref);
  if ('ok' in order) return order;
  if (order.lines.length === 0) return refuse('invalid_args', EMPTY_ORDER_MESSAGE);
  const po = poNumberRequirement(
    order.lines,
    ctx.settings.poNumbersEnabled && ctx.settings.requirePoNumbers && ctx.actor.role !== ONLINE_CHECKOUT_ROLE,
  );
  if (po !== null) return refuse('po_number_required', po);
  const next = withTotals(order, state.transactions ?? [], ctx.settings, ctx.now);
  return applied({
    order: {
      ...next,
      status: 'complete',
      order_status_id: orderStatusIdFor.complete,
      completed_at: ctx.now,
      cashier_id: order.cashier_id ?? ctx.actor.id,
    },
  });
};

/** Void: the order becomes voided and its incomplete (pending) transactions are voided too. */
export const voidOrder: Mutator<MutationArgs<'order.void'>> = (state, args, ctx) => {
  const order = requireOrder(state.order, args.order_ref);
  if (isRefusal(order)) return order;
  const voided = assertNotVoided(order);
  if (voided) return voided;
  const transactions = (state.transactions ?? []).map((t) =>
    t.status === 'pending' ? { ...t, status: 'void' as const, voided_at: ctx.now } : t,
  );
  const changed = transactions.filter((t, i) => t !== state.transactions?.[i]);
  const next = withTotals(
    { ...order, status: 'voided', order_status_id: orderStatusIdFor.voided, voided_at: ctx.now },
    transactions,
    ctx.settings,
    ctx.now,
  );
  return applied({ order: next, transactions: changed });
};

/**
 * Which orders a counter may continue into its cart, cancel, or abandon, and what abandoning does.
 * One rule for the staff cart calls on the server (server/services/pos/staff-cart-service.ts,
 * pos-cart-store.ts) and the POS screens on the device (src/pos/cart, order-view, orders), so an
 * order abandoned online and one abandoned offline end the same way. Decisions: docs/decisions/pos.md
 * "Abandon, cancel and continue".
 */
import { ORDER_COMPLETE, ORDER_VOIDED } from './mutations/guards';
import { editableStatuses, type Order, type OrderStatus, type Transaction } from './mutations/records';

export const CART_NOT_EMPTY = 'Save or abandon the order in the cart first.';

/**
 * Why an order in `status` cannot be continued into a cart; null when it can. A cart holds only
 * such orders, so Cancel Order (a void of the cart's order) needs no rule of its own.
 */
export function continueRefusal(status: OrderStatus): string | null {
  if (editableStatuses.includes(status)) return null;
  return status === 'voided' ? ORDER_VOIDED : ORDER_COMPLETE;
}

/**
 * What Abandon does to the cart's order (the cart forgets it in every case):
 * - `release`: nothing more. Saved, quote and kiosk orders are listed already; a finished one is not a cart.
 * - `save`: a draft that took money (an approved or pending transaction) becomes saved, so the
 *   payment stays in the orders list instead of in an unlisted draft.
 * - `void`: a draft with lines and no money is voided, kept for the record (and this works offline,
 *   through the outbox, the same as online).
 * - `discard`: an empty draft with no money holds nothing: the server deletes it; a device, which
 *   cannot delete, leaves it (drafts are never listed).
 */
export type AbandonAction = 'release' | 'save' | 'void' | 'discard';

export function abandonAction(
  order: Pick<Order, 'status' | 'lines'>,
  transactions: readonly Pick<Transaction, 'status'>[],
): AbandonAction {
  if (order.status !== 'draft') return 'release';
  if (transactions.some((t) => t.status !== 'void')) return 'save';
  return order.lines.length > 0 ? 'void' : 'discard';
}

/**
 * Whether the cart's current order may be put aside to continue another one: an unsaved draft
 * with lines is refused (staff save or abandon it first) rather than lost; anything else is
 * put aside with `abandonAction`.
 */
export function replaceCartRefusal(current: Pick<Order, 'status' | 'lines'> | null): string | null {
  return current !== null && current.status === 'draft' && current.lines.length > 0 ? CART_NOT_EMPTY : null;
}

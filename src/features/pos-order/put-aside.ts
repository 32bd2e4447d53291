import { abandonAction } from '../../domain/cart-lifecycle';
import type { Order, Transaction } from '../../domain/mutations/records';
import type { RunMutation } from '../../device/use-run-mutation';

/**
 * Abandon on the device: what the domain's `abandonAction` says, through the sync worker (so it
 * works offline and the server replays it): a draft that took money is saved, a draft with lines
 * is voided, anything else is left as it is (a device cannot delete; drafts are never listed).
 * False when the mutation was refused (its message is already shown): the cart keeps the order.
 */
export async function putAsideOrder(
  run: RunMutation,
  order: Order,
  transactions: readonly Transaction[],
): Promise<boolean> {
  switch (abandonAction(order, transactions)) {
    case 'save':
      return run('order.save', { order_ref: order.id });
    case 'void':
      return run('order.void', { order_ref: order.id });
    case 'release':
    case 'discard':
      return true;
  }
}

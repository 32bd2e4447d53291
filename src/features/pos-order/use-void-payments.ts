import { useCallback } from 'react';
import { isTerminalCard } from '../../domain/mutations/transactions';
import type { Transaction } from '../../domain/mutations/records';
import { voidOrReturn } from '../../api/card-payment';
import type { RunMutation } from '../../device/use-run-mutation';
import { useSync } from '../../device/sync-context';
import { useToast } from '../../ui/toast/toast-context';

export const CARD_VOID_NEEDS_NETWORK =
  'A card payment taken on the terminal is refunded through the terminal: this needs the network.';

/**
 * Void and Void All on the checkout. A card payment a terminal approved (`terminal`) is refunded
 * through its void/return url (the server refunds the card, then voids the payment); every other
 * payment is voided through the sync worker (works offline). Void All refunds the terminal card
 * payments first, one by one, and stops at the first the terminal refuses; only then are the
 * rest voided (the domain refuses a Void All while a terminal card payment is live). After a
 * terminal refund the device syncs, so its cache holds the voided payment before anything else.
 */
export function useVoidPayments(orderRef: string, run: RunMutation, online: boolean) {
  const worker = useSync();
  const toast = useToast();

  const refund = useCallback(
    async (t: Transaction): Promise<boolean> => {
      if (!online) {
        toast.error(CARD_VOID_NEEDS_NETWORK);
        return false;
      }
      try {
        const r = await voidOrReturn(t.id);
        toast.success(r.success);
        return true;
      } catch (e) {
        toast.error((e as Error).message);
        return false;
      }
    },
    [online, toast],
  );

  const voidOne = useCallback(
    async (t: Transaction): Promise<void> => {
      if (!isTerminalCard(t)) {
        await run('transaction.void', { order_ref: orderRef, transaction_ref: t.id });
        return;
      }
      if (await refund(t)) await worker?.syncNow();
    },
    [orderRef, refund, run, worker],
  );

  const voidAll = useCallback(
    async (transactions: readonly Transaction[]): Promise<void> => {
      const cards = transactions.filter((t) => t.status !== 'void' && isTerminalCard(t));
      for (const t of cards) {
        if (!(await refund(t))) return;
      }
      if (cards.length > 0 && (await worker?.syncNow()) !== 'ok') {
        toast.error('The card payments were refunded, but this device could not sync. Try Void All again.');
        return;
      }
      if (transactions.some((t) => t.status !== 'void' && !isTerminalCard(t)))
        await run('transaction.voidAll', { order_ref: orderRef });
    },
    [orderRef, refund, run, toast, worker],
  );

  return { voidOne, voidAll };
}

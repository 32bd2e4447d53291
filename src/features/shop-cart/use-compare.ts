import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useContext } from 'react';
import { changeCompare, compareQueryKey } from '../../api/shop-lists';
import type { CompareReply } from '../../contracts/shop-lists';
import { CompareListContext } from './compare-list';

export interface CompareApi {
  /** Products in this shopper's compare list. */
  ids: ReadonlySet<number>;
  count: number;
  /** Adds the product, or removes it when it is already compared. Failures are only logged (§8). */
  toggle: (product_id: number) => Promise<void>;
  isPending: boolean;
}

/** The shopper's compare list (CompareListProvider reads it) and this control's add/remove (POST add/remove). */
export function useCompare(): CompareApi {
  const client = useQueryClient();
  const { ids } = useContext(CompareListContext);
  const mutation = useMutation({
    mutationFn: (v: { action: 'add' | 'remove'; product_id: number }) => changeCompare(v.action, v.product_id),
    // A read still in flight (started before this change, e.g. at page load) must not overwrite
    // the newer list: cancel it first, as the cart's add does.
    onSuccess: async (reply: CompareReply) => {
      await client.cancelQueries({ queryKey: compareQueryKey });
      client.setQueryData(compareQueryKey, reply);
    },
  });
  const { mutateAsync } = mutation;
  const toggle = useCallback(
    async (product_id: number) => {
      try {
        await mutateAsync({ action: ids.has(product_id) ? 'remove' : 'add', product_id });
      } catch (err) {
        console.error('compare change failed', err);
      }
    },
    [ids, mutateAsync],
  );
  return { ids, count: ids.size, toggle, isPending: mutation.isPending };
}

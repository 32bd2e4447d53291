import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { changeCompare, compareQueryKey, compareQueryOptions } from '../../api/shop-lists';
import type { CompareReply } from '../../contracts/shop-lists';
import { useSession } from '../use-session';

export interface CompareApi {
  /** Products in this shopper's compare list. */
  ids: Set<number>;
  count: number;
  /** Adds the product, or removes it when it is already compared. Failures are only logged (§8). */
  toggle: (product_id: number) => Promise<void>;
  isPending: boolean;
}

/** The shopper's compare list (GET /product/compare/getCompare; POST add/remove). */
export function useCompare(): CompareApi {
  const client = useQueryClient();
  // Compare is hidden in POS mode (§6) and the server refuses staff: no call for them.
  const { isStaff } = useSession();
  const q = useQuery({ ...compareQueryOptions, enabled: !isStaff });
  const mutation = useMutation({
    mutationFn: (v: { action: 'add' | 'remove'; product_id: number }) => changeCompare(v.action, v.product_id),
    onSuccess: (reply: CompareReply) => client.setQueryData(compareQueryKey, reply),
  });
  const { mutateAsync } = mutation;
  const ids = useMemo(() => new Set((q.data?.products ?? []).map((p) => p.product_id)), [q.data]);
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

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { track } from '../marketing/track';
import { useCallback, useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { sessionQueryOptions } from '../../api/get-session';
import { changeWishlist, wishlistQueryKey, wishlistQueryOptions } from '../../api/shop-lists';
import type { WishlistReply } from '../../contracts/shop-lists';
import { useSession } from '../session/use-session';
import { keepPendingWishlist, loginHereUrl, takePendingWishlist } from './pending-wishlist';

export interface WishlistApi {
  ids: Set<number>;
  /**
   * Adds or removes the product. A guest is sent to /account/login (and back here) instead: the
   * wishlist belongs to an account (docs/decisions/storefront.md "Wishlist for guests"); the tapped
   * product is added once they have signed in. Failures are only logged (§8).
   */
  toggle: (product_id: number) => Promise<void>;
  isPending: boolean;
}

/** The signed-in customer's wishlist (GET /account/wishlist/getWishlist; POST add/remove). */
export function useWishlist(): WishlistApi {
  const client = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const { user, isLoading: sessionLoading } = useSession();
  const isCustomer = user?.role === 'customer';
  const q = useQuery({ ...wishlistQueryOptions, enabled: isCustomer });
  const mutation = useMutation({
    mutationFn: (v: { action: 'add' | 'remove'; product_id: number }) => changeWishlist(v.action, v.product_id),
    // A read still in flight (started before this change, e.g. at page load) must not overwrite
    // the newer list: cancel it first, as the cart's add does.
    onSuccess: async (reply: WishlistReply, vars) => {
      // add_to_wishlist (docs/decisions/storefront.md "Marketing events"); staff never get here (§6).
      const added = vars.action === 'add' ? reply.products.find((p) => p.product_id === vars.product_id) : undefined;
      if (added) track.addToWishlist(added);
      await client.cancelQueries({ queryKey: wishlistQueryKey });
      client.setQueryData(wishlistQueryKey, reply);
    },
  });
  const { mutateAsync, mutate } = mutation;
  // The product a guest tapped before signing in: added now that a customer is signed in. Taken
  // once (the first hook to run wins), through the mutation, so a wishlist read already in flight
  // cannot overwrite the list that has it.
  useEffect(() => {
    if (!isCustomer) return;
    const pending = takePendingWishlist();
    if (pending !== null)
      mutate(
        { action: 'add', product_id: pending },
        { onError: (err) => console.error('wishlist change failed', err) },
      );
  }, [isCustomer, mutate]);
  const ids = useMemo(
    () => new Set(isCustomer ? (q.data?.products ?? []).map((p) => p.product_id) : []),
    [q.data, isCustomer],
  );
  const toggle = useCallback(
    async (product_id: number) => {
      // A tap before GET /api/session answered (a slow link, a busy phone) is decided on the
      // answer, not on "nobody yet": it must not send a signed-in customer to the login page.
      const customer = sessionLoading
        ? (await client.ensureQueryData(sessionQueryOptions).catch(() => null))?.user?.role === 'customer'
        : isCustomer;
      if (!customer) {
        keepPendingWishlist(product_id);
        await navigate(loginHereUrl(location));
        return;
      }
      try {
        await mutateAsync({ action: ids.has(product_id) ? 'remove' : 'add', product_id });
      } catch (err) {
        console.error('wishlist change failed', err);
      }
    },
    [client, ids, isCustomer, location, mutateAsync, navigate, sessionLoading],
  );
  return { ids, toggle, isPending: mutation.isPending };
}

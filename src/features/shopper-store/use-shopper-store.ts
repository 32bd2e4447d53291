/**
 * The shopper's chosen store ("My Selected Store", storefront.md §2 "Dealer locator", §4 "Store
 * locator"), for every screen that depends on it: the header, the product page's store stock, and
 * checkout's pickup store. The id is the locator_pickup_location cookie (the server reads the same
 * cookie); name and address come from find_dealer. `chooseStore` / `forgetStore` change it and tell
 * every mounted hook at once.
 *
 *   const { id, name, address } = useShopperStore();   // id null: no store chosen
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { findDealerQueryOptions, resetStore } from '../../api/dealer-locator';
import { useMarketing } from '../marketing/track';
import { ApiError } from '../../api/api-error';
import { removePickupStoreId, writePickupStoreId } from './cookies';
import { notifyStoreChanged, useShopperStoreId } from './store-id';

const notify = notifyStoreChanged;

/** Make My Store / Select Store: stores the id in the cookie. */
export function chooseStore(id: number): void {
  writePickupStoreId(id);
  notify();
}

/** Reset: the server forgets it (reset_store), the cookie goes; the caller reloads the page (§4). */
export async function forgetStore(): Promise<void> {
  try {
    await resetStore();
  } finally {
    removePickupStoreId();
    notify();
  }
}

export interface ShopperStore {
  /** The chosen store's location id, or null. */
  id: number | null;
  name: string | null;
  address: string | null;
  /** True while the name and address are being read. */
  loading: boolean;
}

export function useShopperStore(): ShopperStore {
  const id = useShopperStoreId();
  const q = useQuery({ ...findDealerQueryOptions(id ?? 0), enabled: id !== null });
  // A store that no longer exists (404) is forgotten, so the header offers the locator again.
  const gone = q.error instanceof ApiError && q.error.status === 404;
  useEffect(() => {
    if (gone) {
      removePickupStoreId();
      notify();
    }
  }, [gone]);
  if (id === null || gone) return { id: null, name: null, address: null, loading: false };
  return { id, name: q.data?.location_name ?? null, address: q.data?.address ?? null, loading: q.isPending };
}

/**
 * Make My Store / Select Store from the locator: the store becomes the shopper's, what the server
 * answers about stock is read again, and the marketing `find_location` event names the store
 * (storefront.md §7 "find location"; docs/decisions/storefront.md "Marketing events").
 */
export function useChooseStore(): (store: { location_id: number; location_name: string }) => void {
  const client = useQueryClient();
  const marketing = useMarketing();
  return useCallback(
    (store: { location_id: number; location_name: string }) => {
      chooseStore(store.location_id);
      marketing.findLocation(store.location_id, store.location_name);
      void client.invalidateQueries({ queryKey: ['inventory'] });
    },
    [client, marketing],
  );
}

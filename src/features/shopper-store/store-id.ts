/**
 * The shopper's chosen store id (the locator_pickup_location cookie) as a value screens follow:
 * `useShopperStoreId()` re-renders when `chooseStore` / `forgetStore` (use-shopper-store.ts) change
 * it. Kept apart from use-shopper-store.ts, which reads the store's name and address, because the
 * listing asks with the id (its cards count that store's stock) and is on the storefront's first load.
 */
import { useSyncExternalStore } from 'react';
import { readPickupStoreId } from './cookies';

const listeners = new Set<() => void>();

/** Tells every mounted `useShopperStoreId` that the cookie changed. */
export const notifyStoreChanged = () => listeners.forEach((l) => l());

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};

/** The chosen store's location id, or null (always null on the server: the first screen has its own). */
export function useShopperStoreId(): number | null {
  return useSyncExternalStore(subscribe, readPickupStoreId, () => null);
}

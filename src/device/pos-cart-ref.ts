import { useSyncExternalStore } from 'react';

/**
 * Which order is on this counter's cart, per staff user and device (localStorage). It is UI state,
 * not sale data: the cart itself is a draft order in the device cache, changed only through the
 * sync worker. Kept in src/device because the cart, the orders list (Continue Order) and checkout all
 * move it.
 */
const key = (userId: string): string => `partsdesk.cart.${userId}`;
const EVENT = 'partsdesk:cart-ref';

export function getCartRef(userId: string): string | null {
  try {
    return localStorage.getItem(key(userId));
  } catch {
    return null;
  }
}

export function setCartRef(userId: string, ref: string | null): void {
  try {
    if (ref) localStorage.setItem(key(userId), ref);
    else localStorage.removeItem(key(userId));
  } catch {
    // storage blocked: the cart lives for this page only
  }
  window.dispatchEvent(new Event(EVENT));
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  window.addEventListener(EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(EVENT, onChange);
  };
}

export function useCartRef(userId: string | null): string | null {
  return useSyncExternalStore(
    subscribe,
    () => (userId ? getCartRef(userId) : null),
    () => null,
  );
}

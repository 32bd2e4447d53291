/**
 * Every shopper cart reply the server sends (src/api/shop-cart.ts passes each one here): screens
 * above src/api listen without src/api knowing them (the marketing events read `marketing_tracking`
 * from it: docs/decisions/storefront.md "Marketing events"). A reply kept for offline use and shown
 * again is not a new reply and is not passed on.
 */
import type { ShopCartReply } from '../contracts/shop-cart';

type Listener = (reply: ShopCartReply) => void;
const listeners = new Set<Listener>();

export function onShopCartReply(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function emitShopCartReply(reply: ShopCartReply): void {
  for (const listener of [...listeners]) {
    try {
      listener(reply);
    } catch {
      // a listener's failure never breaks the cart
    }
  }
}

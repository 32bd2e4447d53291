/**
 * The marketing events' code, loaded on the first event (src/features/marketing/track.ts): the
 * GA4 mapping, the item sources, the dataLayer, and the cart-reply watcher that turns the server's
 * `marketing_tracking` entries (add_to_cart, remove_from_cart) into GA4 events with their items.
 */
import type { ShopCartReply } from '../../contracts/shop-cart';
import { pushEvent } from './data-layer';
import * as ga4 from './ga4';
import * as sources from './sources';

export { ga4, sources, pushEvent };

/** The cart as last answered: a removed line's item is read from it. */
let previous: ShopCartReply | null = null;

/** One cart reply: its marketing entries become events; then it is the cart as last answered. */
export function cartReply(reply: ShopCartReply): void {
  for (const entry of reply.marketing_tracking) {
    const productId = entry.product_id;
    if (productId === undefined) continue;
    const lineOf = (cart: ShopCartReply | null) =>
      cart?.products.find((l) => l.product_id === productId && !l.labor_product);
    if (entry.event === 'add_to_cart') {
      const line = lineOf(reply);
      if (line) pushEvent(ga4.addToCart(sources.fromCartLine(line, entry.quantity ?? line.quantity)));
    } else if (entry.event === 'remove_from_cart') {
      const line = lineOf(previous) ?? lineOf(reply);
      if (line) pushEvent(ga4.removeFromCart(sources.fromCartLine(line, entry.quantity ?? line.quantity)));
    }
  }
  previous = reply;
}

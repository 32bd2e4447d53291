/**
 * The marketing events the storefront sends (storefront.md §4, §7, §9; docs/decisions/storefront.md
 * "Marketing events"), as small calls any screen makes: `track.viewItem(product)` and so on. The
 * mapping and dataLayer code (events.ts) loads on the first call, off the first screen's code; calls
 * made meanwhile run in the order they were made. Staff in POS mode send none (`useMarketing`).
 * Other areas (checkout, dealer locator, forms) call these helpers rather than the dataLayer.
 */
import type { ProductSummary } from '../../contracts/products-list';
import type { ShopCartReply } from '../../contracts/shop-cart';
import type { ListedProduct } from '../../contracts/shop-lists';
import { onShopCartReply } from '../../api/cart-replies';
import { useMode } from '../session/mode';
import type * as EventsModule from './events';
import type { LeadForm, ListInfo } from './ga4';
import { SEARCH_SUGGESTIONS } from './lists';

type Events = typeof EventsModule;

let loading: Promise<Events> | null = null;

function send(run: (m: Events) => void): void {
  if (typeof window === 'undefined') return;
  loading ??= import('./events');
  loading.then(run).catch(() => undefined);
}

/** A product page's product, as the marketing item needs it. */
export interface PageProduct {
  product_id: number;
  name: string;
  manufacturer: string;
  price: string | null;
  category_path?: readonly { name: string }[];
}

/** A returned line, as the marketing item needs it. */
export interface RefundedItem {
  product_id: number;
  name: string;
  quantity: number;
}

/** A search bar part hit, as the marketing item needs it. */
export interface SuggestedPart {
  product_id: number;
  name: string;
  brand: string;
  price: string | null;
}

export const track = {
  /** A product list shown (impressions); `firstIndex`: the 1-based position of its first product. */
  viewItemList: (list: ListInfo, products: readonly ProductSummary[], firstIndex = 1) =>
    send((m) => m.pushEvent(m.ga4.viewItemList(list, products.map(m.sources.fromSummary), firstIndex))),
  /** A product picked from a list, at its 1-based position. */
  selectItem: (list: ListInfo, product: ProductSummary, index: number) =>
    send((m) => m.pushEvent(m.ga4.selectItem(list, m.sources.fromSummary(product), index))),
  /** A part suggestion picked in the search bar, at §9's analytics position (its item as the hit names it). */
  selectSuggestion: (part: SuggestedPart, position: number) =>
    send((m) => m.pushEvent(m.ga4.selectItem(SEARCH_SUGGESTIONS, part, position))),
  viewItem: (product: PageProduct) => send((m) => m.pushEvent(m.ga4.viewItem(m.sources.fromProductPage(product)))),
  addToWishlist: (product: ListedProduct) =>
    send((m) => m.pushEvent(m.ga4.addToWishlist(m.sources.fromListed(product)))),
  beginCheckout: (cart: ShopCartReply) => send((m) => m.pushEvent(m.ga4.beginCheckout(m.sources.cartItems(cart)))),
  /** §4: step 1 'Login' on customer login; 2 shipping ('Pickup in store'), 3 payment ('Card', ...). */
  checkoutProgress: (step: number, option: string, cart: ShopCartReply | null | undefined) =>
    send((m) => m.pushEvent(m.ga4.checkoutProgress(step, option, cart ? m.sources.cartItems(cart) : []))),
  /** The order placed from `cart` (the cart as it was at Confirm Order). */
  purchase: (orderId: number, cart: ShopCartReply) =>
    send((m) => m.pushEvent(m.ga4.purchase(m.sources.orderFacts(orderId, cart)))),
  /** A return of an online order (its lines, when they are catalog products); the account page sends it. */
  refund: (orderId: number, total: string, items: readonly RefundedItem[] = []) =>
    send((m) => m.pushEvent(m.ga4.refund(orderId, total, items))),
  search: (term: string) => send((m) => m.pushEvent(m.ga4.search(term))),
  signUp: () => send((m) => m.pushEvent(m.ga4.signUp())),
  /** A message sent to the shop: Contact Us (its product), a custom form or a schedule appointment request (`form`). */
  contact: (productId: number | null, location: string, form?: LeadForm) =>
    send((m) => m.pushEvent(m.ga4.contact(productId, location, form))),
  findLocation: (locationId: number, name: string) => send((m) => m.pushEvent(m.ga4.findLocation(locationId, name))),
};

export type Marketing = typeof track;

const silent = Object.fromEntries(Object.keys(track).map((k) => [k, () => undefined])) as unknown as Marketing;

/** The marketing calls for this screen: none for staff in POS mode. */
export function useMarketing(): Marketing {
  return useMode() === 'pos' ? silent : track;
}

let lastQuiet: ShopCartReply | null = null;

// The server's cart replies carry add_to_cart / remove_from_cart (§9); shopper carts only (the
// staff cart has its own replies, which never pass here).
if (typeof window !== 'undefined')
  onShopCartReply((reply) => {
    if (reply.marketing_tracking.length === 0 && loading === null) {
      // Nothing to send: remember the cart without loading the event code for it.
      lastQuiet = reply;
      return;
    }
    const quiet = lastQuiet;
    lastQuiet = null;
    send((m) => {
      if (quiet) m.cartReply(quiet);
      m.cartReply(reply);
    });
  });

/**
 * Marketing events in GA4's ecommerce names (storefront.md §4 "Marketing events", §7 "Marketing
 * events are dispatched in the browser", §9 "Marketing events mapped ... At most 4 category levels
 * are sent for the tag manager"): pure functions from what the storefront shows (listing cards,
 * the product page, cart lines, an order) to the objects pushed onto `window.dataLayer`.
 * Decisions: docs/decisions/storefront.md "Marketing events". No DOM, no clock: unit-tested
 * (tests/unit/client/marketing-ga4.test.ts).
 */

export const CURRENCY = 'USD';
/** §9: the tag manager gets at most 4 category levels. */
export const MAX_CATEGORY_LEVELS = 4;

/** What every source of a product gives an item. */
export interface ItemSource {
  product_id: number;
  name: string;
  /** The brand (manufacturer). */
  brand?: string | undefined;
  /** Decimal string ('12.34'); null when the shopper may not see it. */
  price?: string | null | undefined;
  /** Category names, top level first. */
  categories?: readonly string[] | undefined;
  quantity?: number | undefined;
}

export interface Ga4Item {
  item_id: string;
  item_name: string;
  item_brand?: string;
  item_category?: string;
  item_category2?: string;
  item_category3?: string;
  item_category4?: string;
  price?: number;
  quantity: number;
  index?: number;
  item_list_id?: string;
  item_list_name?: string;
}

export interface ListInfo {
  /** 'catalog', 'category', 'brand', 'search_results', 'specials', 'search_suggestions', ... */
  id: string;
  name: string;
}

export type Ga4Event = { event: string; ecommerce?: Record<string, unknown> } & Record<string, unknown>;

/**
 * A reported amount: GA4 takes numbers. Only ever reported, never added to anything (money math
 * stays in decimal.js, src/domain/money.ts), so the wire's 2-place string converts exactly enough.
 */
export function amount(money: string | null | undefined): number | undefined {
  if (money === null || money === undefined || !/^-?\d+(\.\d+)?$/.test(money)) return undefined;
  return Number(money);
}

/** Sum of price x quantity in cents, so 0.1 + 0.2 never shows up as 0.30000000000000004. */
function value(items: readonly Ga4Item[]): number {
  const cents = items.reduce((sum, i) => sum + Math.round((i.price ?? 0) * 100) * i.quantity, 0);
  return cents / 100;
}

/** The GA4 item of a product; `index` is its 1-based position in a list. */
export function toItem(src: ItemSource, at?: { index?: number; list?: ListInfo }): Ga4Item {
  const item: Ga4Item = { item_id: String(src.product_id), item_name: src.name, quantity: src.quantity ?? 1 };
  if (src.brand) item.item_brand = src.brand;
  const levels = (src.categories ?? []).filter(Boolean).slice(0, MAX_CATEGORY_LEVELS);
  const keys = ['item_category', 'item_category2', 'item_category3', 'item_category4'] as const;
  levels.forEach((name, i) => (item[keys[i]!] = name));
  const price = amount(src.price);
  if (price !== undefined) item.price = price;
  if (at?.index !== undefined) item.index = at.index;
  if (at?.list) {
    item.item_list_id = at.list.id;
    item.item_list_name = at.list.name;
  }
  return item;
}

const commerce = (
  event: string,
  ecommerce: Record<string, unknown>,
  extra: Record<string, unknown> = {},
): Ga4Event => ({
  event,
  ...extra,
  ecommerce,
});

const withValue = (items: Ga4Item[]) => ({ currency: CURRENCY, value: value(items), items });

/** A list shown (impressions): positions start at `firstIndex` (1 + what earlier pages held). */
export function viewItemList(list: ListInfo, products: readonly ItemSource[], firstIndex = 1): Ga4Event {
  return commerce('view_item_list', {
    item_list_id: list.id,
    item_list_name: list.name,
    items: products.map((p, i) => toItem(p, { index: firstIndex + i, list })),
  });
}

export function selectItem(list: ListInfo, product: ItemSource, index: number): Ga4Event {
  return commerce('select_item', {
    item_list_id: list.id,
    item_list_name: list.name,
    items: [toItem(product, { index, list })],
  });
}

export function viewItem(product: ItemSource): Ga4Event {
  return commerce('view_item', withValue([toItem(product)]));
}

export function addToCart(product: ItemSource): Ga4Event {
  return commerce('add_to_cart', withValue([toItem(product)]));
}

export function removeFromCart(product: ItemSource): Ga4Event {
  return commerce('remove_from_cart', withValue([toItem(product)]));
}

export function addToWishlist(product: ItemSource): Ga4Event {
  return commerce('add_to_wishlist', withValue([toItem(product)]));
}

export function beginCheckout(lines: readonly ItemSource[]): Ga4Event {
  return commerce('begin_checkout', withValue(lines.map((l) => toItem(l))));
}

/**
 * A checkout step (§4 "a checkout-step event is sent with step 1 (option 'Login') on customer
 * login"). GA4 names the steps it knows: 2 is add_shipping_info, 3 add_payment_info; any other
 * step (1: Login) keeps the tag manager's `checkout_progress` with its step and option.
 */
export function checkoutProgress(step: number, option: string, lines: readonly ItemSource[]): Ga4Event {
  const base = withValue(lines.map((l) => toItem(l)));
  if (step === 2) return commerce('add_shipping_info', { ...base, shipping_tier: option }, { checkout_step: 2 });
  if (step === 3) return commerce('add_payment_info', { ...base, payment_type: option }, { checkout_step: 3 });
  return commerce('checkout_progress', { ...base, checkout_step: step, checkout_option: option });
}

export interface OrderFacts {
  order_id: number;
  /** The order's total, decimal string. */
  total: string;
  /** Tax on the order, decimal string ('0.00' when unknown). */
  tax: string;
  lines: readonly ItemSource[];
}

export function purchase(order: OrderFacts): Ga4Event {
  return commerce('purchase', {
    transaction_id: String(order.order_id),
    currency: CURRENCY,
    value: amount(order.total) ?? 0,
    tax: amount(order.tax) ?? 0,
    shipping: 0,
    items: order.lines.map((l) => toItem(l)),
  });
}

/** A refund, whole (no lines) or of some lines. */
export function refund(orderId: number, total: string, lines: readonly ItemSource[] = []): Ga4Event {
  return commerce('refund', {
    transaction_id: String(orderId),
    currency: CURRENCY,
    value: amount(total) ?? 0,
    ...(lines.length ? { items: lines.map((l) => toItem(l)) } : {}),
  });
}

/** GA4 `search`; the hits follow as a `view_item_list` of list 'search_results' (§9 positions). */
export function search(term: string): Ga4Event {
  return { event: 'search', search_term: term };
}

export function signUp(method = 'storefront'): Ga4Event {
  return { event: 'sign_up', method };
}

/** Which shop form a contact came from, when it is not the product page's Contact Us. */
export interface LeadForm {
  /** The custom form's id; none for the schedule appointment modal. */
  id?: number;
  name: string;
}

/**
 * A shopper's message to the shop (GA4's lead event): the product page's Contact Us, a custom form
 * page, or a schedule appointment request; `location` the store it was sent to ('' for the default).
 */
export function contact(productId: number | null, location: string, form?: LeadForm): Ga4Event {
  return {
    event: 'generate_lead',
    lead_source: 'contact',
    ...(productId !== null ? { item_id: String(productId) } : {}),
    location,
    ...(form?.id !== undefined ? { form_id: String(form.id) } : {}),
    ...(form ? { form_name: form.name } : {}),
  };
}

/** §9 "find location": a store chosen in the dealer locator. No GA4 name: the tag manager's own. */
export function findLocation(locationId: number, name: string): Ga4Event {
  return { event: 'find_location', location_id: String(locationId), location_name: name };
}

/**
 * Who sees a product's price (storefront.md §2 "Price display"; docs/decisions/storefront.md
 * "Product page settings"). One rule for every reply that carries a price — listing, product page,
 * search suggestions (server and device), compare, wishlist:
 * - `customer_price` on and the caller not signed in (staff and customers are): no price at all,
 *   'Login Required To View Price';
 * - a product with `disable_pricing`: no price, the shop's `disable_pricing_notice` or
 *   'Product Unavailable'.
 */

export const LOGIN_TO_VIEW_PRICE = 'Login Required To View Price';
export const PRODUCT_UNAVAILABLE = 'Product Unavailable';

/** A settings flag as stored (true, 1, '1', 'true'); missing or null means the default. */
export function settingFlag(x: unknown, def: boolean): boolean {
  return x === undefined || x === null ? def : x === true || x === 1 || x === '1' || x === 'true';
}

/** The `customer_price` switch from the settings rows (key -> value). */
export function loginToViewPrice(settings: Readonly<Record<string, unknown>>): boolean {
  return settingFlag(settings.customer_price, false);
}

export interface PriceView {
  /** Every price of this product is withheld from this caller. */
  hidden: boolean;
  /** Withheld because the shop shows prices to signed-in visitors only. */
  loginRequired: boolean;
  /** What the shopper reads instead of a price when hidden ('' when shown). */
  text: string;
}

export function priceView(o: {
  loginToViewPrice: boolean;
  signedIn: boolean;
  disablePricing: boolean;
  disablePricingNotice?: string;
}): PriceView {
  const loginRequired = o.loginToViewPrice && !o.signedIn;
  if (loginRequired) return { hidden: true, loginRequired, text: LOGIN_TO_VIEW_PRICE };
  if (o.disablePricing) return { hidden: true, loginRequired, text: o.disablePricingNotice || PRODUCT_UNAVAILABLE };
  return { hidden: false, loginRequired, text: '' };
}

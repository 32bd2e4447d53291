import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/**
 * The shop settings the product page obeys (docs/decisions.md "Product page settings"). Keys in
 * the settings table; a missing row means the default:
 * - guest_checkout (true): guests may add to cart and check out; false shows the login link.
 * - customer_price (false): prices only for signed-in visitors ('Login Required To View Price').
 * - disable_pricing_notice (''): replaces 'Product Unavailable' for products with pricing off.
 * - dealer_locator_popup_heading_text / dealer_locator_popup_text: the Contact Us modal's intro.
 */
export interface ProductSettings {
  guestCheckout: boolean;
  loginToViewPrice: boolean;
  disablePricingNotice: string;
  popupHeading: string;
  popupText: string;
}

const KEYS = ['guest_checkout', 'customer_price', 'disable_pricing_notice', 'dealer_locator_popup_heading_text', 'dealer_locator_popup_text'];

export const DEFAULT_POPUP_HEADING = 'Contact Us';
export const DEFAULT_POPUP_TEXT = 'This product is not available to order online. Send us a message and the store will get back to you about availability.';

export async function loadProductSettings(db: Kysely<DB>): Promise<ProductSettings> {
  const rows = await db.selectFrom('settings').select(['key', 'value']).where('key', 'in', KEYS).execute();
  const v = Object.fromEntries(rows.map((r) => [r.key, r.value]));
  const bool = (x: unknown, def: boolean) => (x === undefined || x === null ? def : x === true || x === 1 || x === '1' || x === 'true');
  const text = (x: unknown, def: string) => (typeof x === 'string' && x.trim() !== '' ? x : def);
  return {
    guestCheckout: bool(v.guest_checkout, true),
    loginToViewPrice: bool(v.customer_price, false),
    disablePricingNotice: text(v.disable_pricing_notice, ''),
    popupHeading: text(v.dealer_locator_popup_heading_text, DEFAULT_POPUP_HEADING),
    popupText: text(v.dealer_locator_popup_text, DEFAULT_POPUP_TEXT),
  };
}

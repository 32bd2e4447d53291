/** The shopper cart's query key, apart from its calls so the storefront entry need not load them. */
export const shopCartQueryKey = ['shop-cart'] as const;

/** Where the last cart reply is kept for offline reads (shop-cart.ts). */
export const SHOP_CART_STORAGE_KEY = 'partsdesk.shop-cart';

/**
 * After checkout or sign-out the kept cart is no longer this browser's. Here, not in shop-cart.ts,
 * so signing in and out (on the first load) does not load the cart's contract.
 */
export function forgetShopCart(): void {
  try {
    localStorage.removeItem(SHOP_CART_STORAGE_KEY);
  } catch {
    // nothing kept
  }
}

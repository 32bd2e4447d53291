/** Shopper cart texts the spec does not word (docs/decisions/storefront.md "Shopper cart offline"). */
export const OFFLINE_CART_MESSAGE =
  'You are offline. Adding to or changing the cart needs a connection; try again once you are back online.';
export const OFFLINE_CART_NOTE = 'You are offline: this is your cart as last seen. Changes need a connection.';

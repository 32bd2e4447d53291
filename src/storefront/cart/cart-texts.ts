/** Cart texts: the spec's empty state, and ours where it words nothing (docs/decisions/storefront.md "Shopper cart"). */
export const CART_EMPTY = 'The shopping cart is empty.';
export const CHECKOUT_NEEDS_LOGIN = 'Log in to check out';
export const CHECKOUT_NEEDS_STOCK = 'Lower the quantity of the items marked above to check out.';

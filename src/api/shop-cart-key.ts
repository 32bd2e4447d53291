/** The shopper cart's query key, apart from its calls so the storefront entry need not load them. */
export const shopCartQueryKey = ['shop-cart'] as const;

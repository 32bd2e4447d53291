import type { ListedProduct } from '../../contracts/shop-lists';

export const COMPARE_EMPTY = 'You have not chosen any products to compare.';

/** 'Product Unavailable' when pricing is off for the product (§2 "Price display"). */
export function priceText(p: ListedProduct): string {
  return p.disable_pricing ? 'Product Unavailable' : p.price_text;
}

import type { ListedProduct } from '../../contracts/shop-lists';

export const COMPARE_EMPTY = 'You have not chosen any products to compare.';

/**
 * The price, or what stands instead (§2 "Price display"): the server words it by the shared rule
 * (src/domain/price-visibility.ts): 'Login Required To View Price', the pricing-off notice.
 */
export function priceText(p: ListedProduct): string {
  return p.price_text;
}

import type { ProductSummary } from '../../contracts/products-list';

/**
 * A listing product plus the fields other lists (search, wishlist, related) may carry; the card
 * uses them when present, so one card serves every product list.
 */
export type CardProduct = ProductSummary & Partial<{ stock_text: string }>;

import { DEFAULT_OOS_TEXT } from '../../domain/inventory';

/** Cart texts: the spec's empty state, and ours where it words nothing (docs/decisions/storefront.md "Shopper cart"). */
export const CART_EMPTY = 'The shopping cart is empty.';
export const CHECKOUT_NEEDS_LOGIN = 'Log in to check out';
export const CHECKOUT_NEEDS_STOCK = 'Lower the quantity of the items marked above to check out.';

/**
 * A line that stops checkout: short of stock and showing §8's default text. A short line showing
 * its product's own text (ships from the distributor) may be ordered (src/domain/inventory.ts
 * `lineStopsCheckout`; the server sends the default text when the product has none).
 */
export function stopsCheckout(line: { show_stock_warning: boolean; oos_text: string }): boolean {
  return line.show_stock_warning && line.oos_text === DEFAULT_OOS_TEXT;
}

/** Inventory wording (both specs §2, §8). */
export const CHECKING_INVENTORY = 'Checking inventory...';
export const INVENTORY_ERROR = 'There was an error!';
export const NO_RESELLER_PRICES = 'There are no reseller prices available to list.';
export const DEFAULT_OOS_TEXT =
  "I'm sorry, this product is either not available in the desired quantity or not in stock.";

/** "Out of Stock" when total is 0 or less, else "{n} in Stock". */
export function inventoryText(total: number): string {
  return total <= 0 ? 'Out of Stock' : `${total} in Stock`;
}

/** The cart stock warning: the product's oos_text, else the default sentence. */
export function outOfStockText(oosText: string | null | undefined): string {
  return oosText && oosText.trim() !== '' ? oosText : DEFAULT_OOS_TEXT;
}

/**
 * Whether the stock on hand covers a line (the cart stock rule, §8 "Cart stock"): stock is counted
 * over every store, as the inventory line counts it. Short lines show outOfStockText.
 */
export function enoughStock(quantity: number, stock: number): boolean {
  return stock >= quantity;
}

/**
 * A product with its own out-of-stock text is one the shop still supplies when it is not on the
 * shelf: the text says how (the demo's "ships from our distributor in 3-5 business days"). Without
 * one, §8's default says it is not available (docs/decisions/storefront.md "Stock on cards and in
 * the cart").
 */
export function suppliedWhenOut(oosText: string | null | undefined): boolean {
  return Boolean(oosText && oosText.trim() !== '');
}

/** What a product card says about stock: on the shelf, supplied another way, or out. */
export type StockStatus = 'in_stock' | 'distributor' | 'out_of_stock';

export function stockStatus(total: number, oosText: string | null | undefined): StockStatus {
  if (total > 0) return 'in_stock';
  return suppliedWhenOut(oosText) ? 'distributor' : 'out_of_stock';
}

/**
 * The shopper's chosen store's stock, as the product page's store line says it: '{n} in Stock at
 * {store}', or 'Out of Stock at {store}'.
 */
export function storeInventoryText(n: number, store: string): string {
  return n > 0 ? `${n} in Stock at ${store}` : `Out of Stock at ${store}`;
}

/**
 * The card's stock line: '{n} in Stock', the product's own out-of-stock text, or 'Out of Stock';
 * with the shopper's chosen store (`store`, its name), `n` is that store's stock and the words are
 * the product page's ('{n} in Stock at {store}'), the product's own text when it has none there.
 */
export function cardStockText(n: number, oosText: string | null | undefined, store: string | null = null): string {
  if (stockStatus(n, oosText) === 'distributor') return oosText!.trim();
  return store === null ? inventoryText(n) : storeInventoryText(n, store);
}

/**
 * Whether a cart line stops checkout (unless the shop allows checking out short, `stock_checkout`):
 * only a short line whose product shows §8's default text ("not available ... or not in stock").
 * A short line whose product the shop supplies anyway (its own text) may be ordered, so the cart
 * never says both "ships from our distributor" and "lower the quantity" for one line.
 */
export function lineStopsCheckout(quantity: number, stock: number, oosText: string | null | undefined): boolean {
  return !enoughStock(quantity, stock) && !suppliedWhenOut(oosText);
}

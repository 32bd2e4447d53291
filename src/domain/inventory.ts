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

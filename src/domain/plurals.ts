/**
 * Counts in words for a shopper: "1 item", "3 items", never "1 item(s)" or "1 products"
 * (docs/decisions/storefront.md "Wording a shopper sees"; the listing's "1 part" is `partsCount` in
 * listing-fit.ts). Import-free, so a lazy page that uses it loads nothing else with it.
 */
export function itemsCount(n: number): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? 'item' : 'items'}`;
}

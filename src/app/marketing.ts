/**
 * Search marketing events (storefront.md §9: "Marketing events mapped: ... search ...; for the tag
 * manager also ... list impression and click"), dispatched in the browser (§7 "Other"): a
 * `partsdesk:marketing` DOM event any tag script can listen to, and a push onto `window.dataLayer`
 * when a tag manager put one there.
 */
import { analyticsPosition } from '../../domain/constants';

export type SearchMarketingEvent =
  | { event: 'search'; search_term: string; queryID: string; total: number }
  | { event: 'list_click'; list: 'search'; queryID: string; product_id: number; position: number; url: string };

export const MARKETING_EVENT = 'partsdesk:marketing';

export function dispatchMarketing(detail: SearchMarketingEvent): void {
  window.dispatchEvent(new CustomEvent(MARKETING_EVENT, { detail }));
  const layer = (window as { dataLayer?: unknown[] }).dataLayer;
  if (Array.isArray(layer)) layer.push(detail);
}

/** A click on the `index`-th part hit (0-based) of the suggestions, which are page 1 of the list. */
export function partClick(queryID: string, productId: number, index: number, url: string): SearchMarketingEvent {
  return { event: 'list_click', list: 'search', queryID, product_id: productId, position: analyticsPosition(index, 1), url };
}

/**
 * Marketing events (storefront.md §9: "Marketing events mapped: ... search ...; for the tag
 * manager also ... list impression and click"), dispatched in the browser (§7 "Other"): a
 * `partsdesk:marketing` DOM event any tag script can listen to, and a push onto `window.dataLayer`
 * when a tag manager put one there.
 */
import { analyticsPosition } from '../../domain/constants';

export type MarketingEvent =
  | { event: 'search'; search_term: string; queryID: string; total: number }
  | { event: 'list_click'; list: 'search'; queryID: string; product_id: number; position: number; url: string };

export const MARKETING_EVENT = 'partsdesk:marketing';

export function dispatchMarketing(detail: MarketingEvent): void {
  window.dispatchEvent(new CustomEvent(MARKETING_EVENT, { detail }));
  const layer = (window as { dataLayer?: unknown[] }).dataLayer;
  if (Array.isArray(layer)) layer.push(detail);
}

/** A click on the `index`-th (0-based) product of search results page `page`, at §9's analytics position. */
export function listClick(
  queryID: string,
  productId: number,
  index: number,
  page: number,
  url: string,
): MarketingEvent {
  return {
    event: 'list_click',
    list: 'search',
    queryID,
    product_id: productId,
    position: analyticsPosition(index, page),
    url,
  };
}

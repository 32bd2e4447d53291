/**
 * Marketing events (storefront.md §9: "Marketing events mapped: ... search ...; for the tag
 * manager also ... list impression and click"), dispatched in the browser (§7 "Other"): a
 * `partsdesk:marketing` DOM event any tag script can listen to (the search service's click
 * analytics: queryID and §9 position). The tag manager gets GA4's names through track.ts
 * (docs/decisions/storefront.md "Marketing events"): a search is GA4's `search`; the clicked hit is
 * the listing's `select_item` (a search bar suggestion sends its own: `track.selectSuggestion`).
 */
import { analyticsPosition } from '../../domain/constants';
import { useMode, type Mode } from '../session/mode';
import { track } from './track';

export type MarketingEvent =
  | { event: 'search'; search_term: string; queryID: string; total: number }
  | { event: 'list_click'; list: 'search'; queryID: string; product_id: number; position: number; url: string };

export const MARKETING_EVENT = 'partsdesk:marketing';

export function dispatchMarketing(detail: MarketingEvent): void {
  window.dispatchEvent(new CustomEvent(MARKETING_EVENT, { detail }));
  if (detail.event === 'search') track.search(detail.search_term);
}

const sendNothing = (): void => undefined;

/**
 * The dispatcher for a screen in `mode`: marketing events belong to the storefront (storefront.md
 * "marketing events"), so staff in POS mode send nothing at all, neither the DOM event nor the
 * dataLayer's (a POS search is a counter lookup, not a shopper's search), as `useMarketing` does
 * for the other events.
 */
export function marketingDispatcher(mode: Mode): (detail: MarketingEvent) => void {
  return mode === 'pos' ? sendNothing : dispatchMarketing;
}

/** `marketingDispatcher` for this screen's mode. */
export function useDispatchMarketing(): (detail: MarketingEvent) => void {
  return marketingDispatcher(useMode());
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

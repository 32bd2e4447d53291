/**
 * Which list a listing is, for the marketing events' item_list_id / item_list_name, and where its
 * products stand (docs/decisions/storefront.md "Marketing events"): search results use §9's
 * analytics position (index + 1 + 15 x (page - 1)), like the click analytics; other lists count
 * from 1 across pages.
 */
import { analyticsPosition } from '../../domain/constants';
import type { ListInfo } from './ga4';

export interface ListQuery {
  search?: string | undefined;
  special?: string | undefined;
  category_id?: number | undefined;
  manufacturer_id?: number | undefined;
  page: number;
  limit: number;
}

/** The search bar's part suggestions: page 1 of the search list (§9 positions). */
export const SEARCH_SUGGESTIONS: ListInfo = { id: 'search_suggestions', name: 'Search Suggestions' };

export function listOf(title: string, q: ListQuery): ListInfo {
  if (q.search) return { id: 'search_results', name: 'Search Results' };
  if (q.special) return { id: 'specials', name: 'Specials' };
  if (q.category_id) return { id: `category_${q.category_id}`, name: title };
  if (q.manufacturer_id) return { id: `brand_${q.manufacturer_id}`, name: title };
  return { id: 'catalog', name: title };
}

/** The 1-based position of the `index`-th (0-based) product on page `q.page`. */
export function positionOf(q: ListQuery, index: number): number {
  return q.search ? analyticsPosition(index, q.page) : (q.page - 1) * q.limit + index + 1;
}

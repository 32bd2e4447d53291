import { searchAutocompleteReplySchema, type SearchAutocompleteReply } from '../contracts/search-autocomplete';
import { request, toQueryString } from './http';

/** GET /api/search/autocomplete: the search bar's suggestions for `q` at viewport `width`. */
export function getSearchAutocomplete(
  q: string,
  width: number,
  signal?: AbortSignal,
): Promise<SearchAutocompleteReply> {
  return request(`/api/search/autocomplete${toQueryString({ q, width })}`, searchAutocompleteReplySchema, { signal });
}

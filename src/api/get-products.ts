import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { productsListReplySchema, type ProductsListQuery, type ProductsListReply } from '../contracts/products-list';
import { request, toQueryString } from './http';

/** GET /api/products/ (trailing slash as the spec names the base path). */
export function getProducts(query: Partial<ProductsListQuery>, signal?: AbortSignal): Promise<ProductsListReply> {
  return request(`/api/products/${toQueryString({ ...query })}`, productsListReplySchema, { signal });
}

/**
 * `vehicleVersion`: bumped when the shopper's vehicle changes, for lists narrowed to it (`fits`).
 * `store`: the shopper's chosen store (its cookie), whose stock the cards show; sent as `&store=`
 * last, so each store's listing is its own URL (the service worker's cache entry, the server's
 * first screen: src/contracts/first-screen.ts `catalogFirstPath`). A `store` in `query` (a page
 * URL's) is not used.
 */
export function productsQueryOptions(
  query: Partial<ProductsListQuery>,
  vehicleVersion = 0,
  store: number | null = null,
) {
  const { store: _fromUrl, ...rest } = query;
  const asked = store === null ? rest : { ...rest, store };
  return queryOptions({
    queryKey: ['products', asked, vehicleVersion] as const,
    queryFn: ({ signal }) => getProducts(asked, signal),
    // Keep the current page on screen while the next one loads, instead of flashing a spinner.
    placeholderData: keepPreviousData,
  });
}

import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { productsListReplySchema, type ProductsListQuery, type ProductsListReply } from '../contracts/products-list';
import { request, toQueryString } from './http';

/** GET /api/products/ (trailing slash as the spec names the base path). */
export function getProducts(query: Partial<ProductsListQuery>, signal?: AbortSignal): Promise<ProductsListReply> {
  return request(`/api/products/${toQueryString({ ...query })}`, productsListReplySchema, { signal });
}

/** `vehicleVersion`: bumped when the shopper's vehicle changes, for lists narrowed to it (`fits`). */
export function productsQueryOptions(query: Partial<ProductsListQuery>, vehicleVersion = 0) {
  return queryOptions({
    queryKey: ['products', query, vehicleVersion] as const,
    queryFn: ({ signal }) => getProducts(query, signal),
    // Keep the current page on screen while the next one loads, instead of flashing a spinner.
    placeholderData: keepPreviousData,
  });
}

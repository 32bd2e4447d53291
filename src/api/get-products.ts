import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { productsListReplySchema, type ProductsListQuery, type ProductsListReply } from '../contracts/products-list';
import { request, toQueryString } from './http';

/** GET /api/products/ (trailing slash as the spec names the base path). */
export function getProducts(query: Partial<ProductsListQuery>, signal?: AbortSignal): Promise<ProductsListReply> {
  return request(`/api/products/${toQueryString({ ...query })}`, productsListReplySchema, { signal });
}

export function productsQueryOptions(query: Partial<ProductsListQuery>) {
  return queryOptions({
    queryKey: ['products', query] as const,
    queryFn: ({ signal }) => getProducts(query, signal),
    // Keep the current page on screen while the next one loads, instead of flashing a spinner.
    placeholderData: keepPreviousData,
  });
}

import { queryOptions } from '@tanstack/react-query';
import { productPageReplySchema } from '../contracts/product-page';
import { request } from './http';

/** GET /api/products/page/{slug}: what a /{slug} link is (product, brand or category). */
export function productPageQueryOptions(slug: string) {
  return queryOptions({
    queryKey: ['product-page', slug] as const,
    queryFn: ({ signal }) =>
      request(`/api/products/page/${encodeURIComponent(slug)}`, productPageReplySchema, { signal }),
    staleTime: 60_000,
  });
}

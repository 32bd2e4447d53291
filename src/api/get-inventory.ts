import { queryOptions } from '@tanstack/react-query';
import { inventoryReplySchema } from '../contracts/product-inventory';
import { request } from './http';

/** POST /api/inventory/getInventoriesByProductId (a read despite the POST, as the spec names it). */
export function inventoryQueryOptions(productId: number, viewer: string) {
  return queryOptions({
    // Per viewer: staff get per-location stock and reseller prices that a shopper must not see cached.
    queryKey: ['inventory', productId, viewer] as const,
    queryFn: ({ signal }) =>
      request('/api/inventory/getInventoriesByProductId', inventoryReplySchema, {
        method: 'POST',
        body: { productId },
        signal,
      }),
    staleTime: 30_000,
    retry: 1,
  });
}

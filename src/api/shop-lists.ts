import { queryOptions } from '@tanstack/react-query';
import {
  compareReplySchema,
  wishlistReplySchema,
  type CompareReply,
  type WishlistReply,
} from '../contracts/shop-lists';
import { request } from './http';

/** Compare and wishlist (storefront.md §7 "Compare and wishlist"); each call answers the whole list. */
export const compareQueryKey = ['shop-compare'] as const;
export const wishlistQueryKey = ['shop-wishlist'] as const;

export const compareQueryOptions = queryOptions({
  queryKey: compareQueryKey,
  queryFn: ({ signal }) => request('/product/compare/getCompare', compareReplySchema, { signal }),
  staleTime: 60_000,
  networkMode: 'offlineFirst',
});

export const wishlistQueryOptions = queryOptions({
  queryKey: wishlistQueryKey,
  queryFn: ({ signal }) => request('/account/wishlist/getWishlist', wishlistReplySchema, { signal }),
  staleTime: 60_000,
  networkMode: 'offlineFirst',
});

export function changeCompare(action: 'add' | 'remove', product_id: number): Promise<CompareReply> {
  return request(`/product/compare/${action}`, compareReplySchema, { method: 'POST', body: { product_id } });
}

export function changeWishlist(action: 'add' | 'remove', product_id: number): Promise<WishlistReply> {
  return request(`/account/wishlist/${action}`, wishlistReplySchema, { method: 'POST', body: { product_id } });
}

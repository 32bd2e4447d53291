/**
 * The storefront's content reads (docs/decisions/storefront.md "Content blocks"): the home page's
 * blocks (its first read, server-rendered), the blog's further pages, and what every page shows
 * around itself (footer, pos_locked, the tag manager's id).
 */
import { queryOptions } from '@tanstack/react-query';
import {
  blogPageSchema,
  HOME_CONTENT_PATH,
  homeContentReplySchema,
  siteContentReplySchema,
  type BlogPage,
} from '../contracts/content';
import { request } from './http';

export const homeContentQueryOptions = queryOptions({
  queryKey: ['content', 'home'] as const,
  queryFn: ({ signal }) => request(HOME_CONTENT_PATH, homeContentReplySchema, { signal }),
  staleTime: 60_000,
});

export const siteContentQueryOptions = queryOptions({
  queryKey: ['content', 'site'] as const,
  queryFn: ({ signal }) => request('/api/content/site', siteContentReplySchema, { signal }),
  staleTime: 5 * 60_000,
});

/** GET /api/content/blog?page=n (§9: 9 more per Show More). */
export function getBlogPage(page: number, signal?: AbortSignal): Promise<BlogPage> {
  return request(`/api/content/blog?page=${page}`, blogPageSchema, { signal });
}

/** The Tags tab's calls (src/contracts/customer-tag.ts): the tags, save a customer's set, create a tag. */
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  customerTagReplySchema,
  customerTagSaveReplySchema,
  tagCreateReplySchema,
  type CustomerTagReply,
} from '../contracts/customer-tag';
import { request, toQueryString } from './http';

/** GET /api/customer_tag/?customerId=. */
export function getCustomerTags(customerId: string, signal?: AbortSignal): Promise<CustomerTagReply> {
  return request(`/api/customer_tag/${toQueryString({ customerId })}`, customerTagReplySchema, { signal });
}

export function customerTagsQueryOptions(customerId: string) {
  return queryOptions({
    queryKey: ['customer-tag', customerId] as const,
    queryFn: ({ signal }) => getCustomerTags(customerId, signal),
    retry: false,
  });
}

/** POST /api/customer_tag/save?customerId= with tags (the whole set of assigned tag ids). */
export function saveCustomerTags(
  customerId: string,
  tags: readonly number[],
): Promise<z.infer<typeof customerTagSaveReplySchema>> {
  return request(`/api/customer_tag/save${toQueryString({ customerId })}`, customerTagSaveReplySchema, {
    method: 'POST',
    body: { tags },
  });
}

/** POST /api/customer_tag/create with title. */
export function createCustomerTag(title: string): Promise<z.infer<typeof tagCreateReplySchema>> {
  return request('/api/customer_tag/create', tagCreateReplySchema, { method: 'POST', body: { title } });
}

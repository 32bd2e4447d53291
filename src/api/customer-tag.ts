/**
 * The Tags tab's one call to the server: create a tag (src/contracts/customer-tag.ts). The tab reads
 * the tags and saves a customer's set on the device (customer.setTags through the sync worker:
 * docs/decisions/pos.md "Customer tags offline"); GET /api/customer_tag/ and POST
 * /api/customer_tag/save stay the spec's calls for other clients.
 */
import type { z } from 'zod';
import { tagCreateReplySchema } from '../contracts/customer-tag';
import { request } from './http';

/** POST /api/customer_tag/create with title. */
export function createCustomerTag(title: string): Promise<z.infer<typeof tagCreateReplySchema>> {
  return request('/api/customer_tag/create', tagCreateReplySchema, { method: 'POST', body: { title } });
}

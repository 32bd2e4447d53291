/** The admin's content calls (docs/decisions/storefront.md "Content blocks"): list, save, the pos_locked switch. */
import { adminContentReplySchema, type AdminContentReply, type ContentBlockSave } from '../contracts/content-admin';
import { request } from './http';

export const adminContentQueryKey = ['content', 'admin'] as const;

export function getAdminContent(signal?: AbortSignal): Promise<AdminContentReply> {
  return request('/api/content/blocks', adminContentReplySchema, { signal });
}

export function saveContentBlock(block: ContentBlockSave): Promise<AdminContentReply> {
  return request('/api/content/block/save', adminContentReplySchema, { method: 'POST', body: block });
}

export function setPosLocked(locked: boolean): Promise<AdminContentReply> {
  return request('/api/content/settings', adminContentReplySchema, { method: 'POST', body: { pos_locked: locked } });
}

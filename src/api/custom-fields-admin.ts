/** The custom fields settings calls (src/contracts/custom-field-admin.ts): list and save, admins only. */
import { queryOptions } from '@tanstack/react-query';
import {
  customFieldListReplySchema,
  customFieldSaveReplySchema,
  type CustomFieldSave,
  type CustomFieldSaveReply,
} from '../contracts/custom-field-admin';
import { request } from './http';

export const customFieldsAdminKey = ['custom-field-admin'] as const;

export function customFieldsAdminQueryOptions() {
  return queryOptions({
    queryKey: customFieldsAdminKey,
    queryFn: ({ signal }) => request('/api/custom_field', customFieldListReplySchema, { signal }),
    retry: false,
  });
}

/** POST /api/custom_field/save: a new field (no custom_field_id) or an edit. */
export function saveCustomField(field: CustomFieldSave): Promise<CustomFieldSaveReply> {
  return request('/api/custom_field/save', customFieldSaveReplySchema, { method: 'POST', body: field });
}

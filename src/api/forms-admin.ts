/** The admin's custom form calls (docs/decisions/storefront.md "Custom forms admin"). */
import {
  adminFormListSchema,
  adminFormSchema,
  submissionsReplySchema,
  type AdminForm,
  type AdminFormList,
  type CustomFormSave,
  type SubmissionsReply,
} from '../contracts/forms-admin';
import { request, toQueryString } from './http';

export const formsAdminQueryKey = ['custom-forms', 'admin'] as const;

export function getAdminForms(signal?: AbortSignal): Promise<AdminFormList> {
  return request('/api/custom-forms', adminFormListSchema, { signal });
}

export function getAdminForm(id: number, signal?: AbortSignal): Promise<AdminForm> {
  return request(`/api/custom-forms/${id}`, adminFormSchema, { signal });
}

export function saveAdminForm(form: CustomFormSave): Promise<AdminForm> {
  return request('/api/custom-forms/save', adminFormSchema, { method: 'POST', body: form });
}

export function getFormSubmissions(id: number, page: number, signal?: AbortSignal): Promise<SubmissionsReply> {
  return request(`/api/custom-forms/${id}/submissions${toQueryString({ page })}`, submissionsReplySchema, { signal });
}

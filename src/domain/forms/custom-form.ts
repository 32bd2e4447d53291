/**
 * Custom forms (storefront §5): required fields give "{label} is required!", email fields
 * "Must be a valid email!"; a field may be prefilled from the query parameter named by its id.
 */
import { z } from 'zod';
import { isEmail } from './messages';

export type CustomFieldType =
  | 'text'
  | 'email'
  | 'textarea'
  | 'dropdown'
  | 'radio'
  | 'checkbox'
  | 'date'
  | 'time'
  | 'datetime'
  | 'legend'
  | 'description'
  | 'image'
  | 'store_select';

export interface CustomFormField {
  id: string;
  type: CustomFieldType;
  label_text: string;
  required: boolean;
}

export const requiredMessage = (label: string): string => `${label} is required!`;
export const VALID_EMAIL_MESSAGE = 'Must be a valid email!';
const DISPLAY_ONLY: ReadonlySet<CustomFieldType> = new Set(['legend', 'description', 'image']);

const value = z.union([z.string(), z.array(z.string())]);

/** Schema for a form's submission values, keyed by field id. */
export function customFormSchema(fields: readonly CustomFormField[]) {
  const input = fields.filter((f) => !DISPLAY_ONLY.has(f.type));
  return z.record(z.string(), value).superRefine((values, ctx) => {
    for (const f of input) {
      const v = values[f.id];
      const empty = v === undefined || (Array.isArray(v) ? v.length === 0 : v.trim() === '');
      if (empty) {
        if (f.required) ctx.addIssue({ code: 'custom', path: [f.id], message: requiredMessage(f.label_text) });
        continue;
      }
      if (f.type === 'email' && typeof v === 'string' && !isEmail(v)) {
        ctx.addIssue({ code: 'custom', path: [f.id], message: VALID_EMAIL_MESSAGE });
      }
    }
  });
}

/** Initial values: each field prefilled from the query parameter named with its id. */
export function prefillFromQuery(
  fields: readonly CustomFormField[],
  query: Readonly<Record<string, string>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of fields) if (!DISPLAY_ONLY.has(f.type)) out[f.id] = query[f.id] ?? '';
  return out;
}

/** A captcha is required when require_captcha is 1. */
export const captchaRequired = (requireCaptcha: unknown): boolean =>
  requireCaptcha === 1 || requireCaptcha === '1' || requireCaptcha === true;

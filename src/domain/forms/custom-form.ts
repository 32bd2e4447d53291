/**
 * Custom forms (storefront.md §3 "Custom form", §5, §8): the rule of every field type, run by the
 * form page before sending and by the server before storing (docs/decisions/storefront.md
 * "Custom forms").
 *
 * Spec texts, verbatim: a required field left empty gives "{label} is required!", an email field
 * "Must be a valid email!"; a field may be prefilled from the query parameter named with its id; a
 * captcha is required when require_captcha is 1. The other texts (a choice not offered, a date or
 * time that is not one, too long a text) are ours, in the spec's style.
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

export const CUSTOM_FIELD_TYPES: readonly CustomFieldType[] = [
  'text',
  'email',
  'textarea',
  'dropdown',
  'radio',
  'checkbox',
  'date',
  'time',
  'datetime',
  'legend',
  'description',
  'image',
  'store_select',
];

export interface CustomFormField {
  id: string;
  type: CustomFieldType;
  label_text: string;
  required: boolean;
  /** dropdown, radio, checkbox: the choices offered (a checkbox without options is one yes/no box). */
  options?: readonly string[];
}

export const requiredMessage = (label: string): string => `${label} is required!`;
export const VALID_EMAIL_MESSAGE = 'Must be a valid email!';
export const VALID_DATE_MESSAGE = 'Must be a valid date!';
export const VALID_TIME_MESSAGE = 'Must be a valid time!';
export const VALID_DATETIME_MESSAGE = 'Must be a valid date and time!';
export const VALID_STORE_MESSAGE = 'Please choose a store.';
export const choiceMessage = (label: string): string => `${label}: please choose one of the options.`;
export const tooLongMessage = (max: number): string => `Maximum ${max} characters`;

/** Longest text per field type (the mail and the table hold what a shopper types, not a novel). */
export const TEXT_MAX = 255;
export const TEXTAREA_MAX = 5000;

const DISPLAY_ONLY: ReadonlySet<CustomFieldType> = new Set(['legend', 'description', 'image']);
/** Fields that show something and take no value. */
export const isDisplayOnly = (type: CustomFieldType): boolean => DISPLAY_ONLY.has(type);

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** 'YYYY-MM-DD' naming a real calendar day. */
export function isDate(s: string): boolean {
  const m = DATE.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const at = new Date(Date.UTC(y, mo - 1, d));
  return at.getUTCFullYear() === y && at.getUTCMonth() === mo - 1 && at.getUTCDate() === d;
}

/** 'HH:mm', 24-hour. */
export const isTime = (s: string): boolean => TIME.test(s);

/** 'YYYY-MM-DD HH:mm' (the spec's date-time format); a datetime-local input's 'T' is accepted. */
export function normalizeDateTime(s: string): string | null {
  const m = /^(\S+)[ T](\d{2}:\d{2})$/.exec(s.trim());
  return m && isDate(m[1]!) && isTime(m[2]!) ? `${m[1]} ${m[2]}` : null;
}

type Value = string | string[];
const value = z.union([z.string(), z.array(z.string())]);

/**
 * The message for one field's value, or null when it is good. Display-only fields take nothing.
 * `stores`: the location ids a store_select may name (the server passes the real list; the page
 * passes the ids it showed).
 */
export function fieldError(f: CustomFormField, v: Value | undefined, stores?: readonly string[]): string | null {
  if (DISPLAY_ONLY.has(f.type)) return null;
  const empty = v === undefined || (Array.isArray(v) ? v.length === 0 : v.trim() === '');
  if (empty) return f.required ? requiredMessage(f.label_text) : null;
  const options = f.options ?? [];
  if (f.type === 'checkbox') {
    const list = Array.isArray(v) ? v : [v];
    if (options.length > 0 && list.some((x) => !options.includes(x))) return choiceMessage(f.label_text);
    return null;
  }
  if (Array.isArray(v))
    return f.type === 'dropdown' || f.type === 'radio' ? choiceMessage(f.label_text) : 'Invalid value';
  const s = v.trim();
  switch (f.type) {
    case 'text':
      return s.length > TEXT_MAX ? tooLongMessage(TEXT_MAX) : null;
    case 'textarea':
      return s.length > TEXTAREA_MAX ? tooLongMessage(TEXTAREA_MAX) : null;
    case 'email':
      return isEmail(s) && s.length <= TEXT_MAX ? null : VALID_EMAIL_MESSAGE;
    case 'dropdown':
    case 'radio':
      return options.includes(s) ? null : choiceMessage(f.label_text);
    case 'date':
      return isDate(s) ? null : VALID_DATE_MESSAGE;
    case 'time':
      return isTime(s) ? null : VALID_TIME_MESSAGE;
    case 'datetime':
      return normalizeDateTime(s) ? null : VALID_DATETIME_MESSAGE;
    case 'store_select':
      return /^\d{1,9}$/.test(s) && (!stores || stores.includes(s)) ? null : VALID_STORE_MESSAGE;
    case 'legend':
    case 'description':
    case 'image':
      return null;
    default: {
      const never: never = f.type;
      return String(never);
    }
  }
}

/** Schema for a form's submission values, keyed by field id. */
export function customFormSchema(fields: readonly CustomFormField[], stores?: readonly string[]) {
  const input = fields.filter((f) => !DISPLAY_ONLY.has(f.type));
  return z.record(z.string(), value).superRefine((values, ctx) => {
    for (const f of input) {
      const message = fieldError(f, values[f.id], stores);
      if (message) ctx.addIssue({ code: 'custom', path: [f.id], message });
    }
  });
}

/**
 * The values kept for a good submission: only the form's own input fields, trimmed, a datetime in
 * the spec's format, a checkbox as a list; empty optional fields as ''.
 */
export function cleanSubmission(
  fields: readonly CustomFormField[],
  values: Readonly<Record<string, Value>>,
): Record<string, Value> {
  const out: Record<string, Value> = {};
  for (const f of fields) {
    if (DISPLAY_ONLY.has(f.type)) continue;
    const v = values[f.id];
    if (f.type === 'checkbox') out[f.id] = v === undefined ? [] : (Array.isArray(v) ? v : [v]).filter((x) => x !== '');
    else {
      const s = typeof v === 'string' ? v.trim() : '';
      out[f.id] = f.type === 'datetime' && s ? (normalizeDateTime(s) ?? s) : s;
    }
  }
  return out;
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

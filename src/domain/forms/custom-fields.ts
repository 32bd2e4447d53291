/**
 * Custom fields (pos-back-office.md §3 "Custom field: custom_field_id, name, type (select, radio,
 * checkbox, text, textarea, date, time, datetime), location (account or address), values
 * (custom_field_value_id, name)"), defined by the shop (tables custom_fields and
 * custom_field_values, migration 0026-f) and pulled to devices with the store settings. A customer's
 * answers are `account_custom_field`, an address's `custom_field`: a map from the field's id (as a
 * string, the way OpenCart keys it) to the text, or to the chosen value id(s) for the choice types.
 *
 * One schema validates them in the form, in the mutator on the device and again on the server, so a
 * customer saved offline passes the same check. Answers to fields the shop does not define (or
 * defines for the other location) are dropped, an empty answer is left out, and a required field
 * must be answered. docs/decisions/pos.md "Customer form".
 */
import { z } from 'zod';
import { maxChars, REQUIRED } from './messages';

export const customFieldTypes = [
  'select',
  'radio',
  'checkbox',
  'text',
  'textarea',
  'date',
  'time',
  'datetime',
] as const;
export type CustomFieldType = (typeof customFieldTypes)[number];
export const customFieldLocations = ['account', 'address'] as const;
export type CustomFieldLocation = (typeof customFieldLocations)[number];

export interface CustomFieldValueDef {
  custom_field_value_id: number;
  name: string;
}

export interface CustomFieldDef {
  custom_field_id: number;
  name: string;
  type: CustomFieldType;
  location: CustomFieldLocation;
  required: boolean;
  sort_order: number;
  values: CustomFieldValueDef[];
}

/** Answers keyed by custom_field_id: text, a value id (select, radio) or value ids (checkbox). */
export type CustomFieldValues = Record<string, string | string[]>;

/** Messages where the spec's wording is not shown (docs/decisions/pos.md "Customer form"). */
export const INVALID_CHOICE = 'Please select a valid option';
export const INVALID_DATE = 'Enter a date as YYYY-MM-DD';
export const INVALID_TIME = 'Enter a time as HH:mm';
export const INVALID_DATETIME = 'Enter a date and time as YYYY-MM-DD HH:mm';
export const TEXT_MAX = 255;
export const TEXTAREA_MAX = 2000;

/** §9 date formats Y-m-d, H:i, Y-m-d H:i. */
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

function isDate(s: string): boolean {
  const m = DATE.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const at = new Date(Date.UTC(y, mo - 1, d));
  return at.getUTCFullYear() === y && at.getUTCMonth() === mo - 1 && at.getUTCDate() === d;
}

function isDateTime(s: string): boolean {
  const [date = '', time = '', ...rest] = s.split(/[ T]/);
  return rest.length === 0 && isDate(date) && TIME.test(time);
}

/** The fields of one location, in the shop's order. */
export function fieldsAt(defs: readonly CustomFieldDef[] | undefined, location: CustomFieldLocation): CustomFieldDef[] {
  return (defs ?? [])
    .filter((d) => d.location === location)
    .sort((a, b) => a.sort_order - b.sort_order || a.custom_field_id - b.custom_field_id);
}

const answer = z.union([z.string(), z.array(z.string())]);

/** The first problem with one answer, or null; `v` is already trimmed (empty answers never get here). */
function problem(def: CustomFieldDef, v: string | string[]): string | null {
  const ids = new Set(def.values.map((x) => String(x.custom_field_value_id)));
  const list = Array.isArray(v) ? v : [v];
  switch (def.type) {
    case 'select':
    case 'radio':
      return list.length === 1 && ids.has(list[0]!) ? null : INVALID_CHOICE;
    case 'checkbox':
      return list.every((x) => ids.has(x)) && new Set(list).size === list.length ? null : INVALID_CHOICE;
    case 'text':
    case 'textarea': {
      if (Array.isArray(v)) return INVALID_CHOICE;
      const max = def.type === 'text' ? TEXT_MAX : TEXTAREA_MAX;
      return v.length > max ? maxChars(max) : null;
    }
    case 'date':
      return typeof v === 'string' && isDate(v) ? null : INVALID_DATE;
    case 'time':
      return typeof v === 'string' && TIME.test(v) ? null : INVALID_TIME;
    case 'datetime':
      return typeof v === 'string' && isDateTime(v) ? null : INVALID_DATETIME;
  }
}

const trimmed = (v: string | string[]): string | string[] =>
  Array.isArray(v) ? v.map((x) => x.trim()).filter((x) => x !== '') : v.trim();
const isEmpty = (v: string | string[] | undefined): boolean =>
  v === undefined || (Array.isArray(v) ? v.length === 0 : v === '');

/**
 * The answers to the `location` fields of `defs`: unknown keys dropped, empty answers left out,
 * required fields answered, each answer valid for its type. Issues name the field's id
 * (`["5"]`), so a form shows the message under that field.
 */
export function customFieldsSchema(defs: readonly CustomFieldDef[] | undefined, location: CustomFieldLocation) {
  const fields = fieldsAt(defs, location);
  return (
    z
      // null: an unanswered radio group as a form holds it.
      .record(z.string(), answer.nullable().optional())
      .default({})
      .superRefine((input, ctx) => {
        for (const def of fields) {
          const key = String(def.custom_field_id);
          const raw = input[key] ?? undefined;
          const v = raw === undefined ? undefined : trimmed(raw);
          if (v === undefined || isEmpty(v)) {
            if (def.required) ctx.addIssue({ code: 'custom', path: [key], message: REQUIRED });
            continue;
          }
          const p = problem(def, v);
          if (p) ctx.addIssue({ code: 'custom', path: [key], message: p });
        }
      })
      .transform((input): CustomFieldValues => {
        const out: CustomFieldValues = {};
        for (const def of fields) {
          const key = String(def.custom_field_id);
          const raw = input[key] ?? undefined;
          if (raw === undefined) continue;
          const v = trimmed(raw);
          if (!isEmpty(v)) out[key] = def.type === 'checkbox' && !Array.isArray(v) ? [v] : v;
        }
        return out;
      })
  );
}

/** Definitions from the shop's rows (server tables or the device's pulled lookups); malformed rows are skipped. */
export function customFieldDefsFrom(
  fields: readonly Record<string, unknown>[] | undefined,
  values: readonly Record<string, unknown>[] | undefined,
): CustomFieldDef[] {
  const out: CustomFieldDef[] = [];
  for (const f of fields ?? []) {
    const id = Number(f.custom_field_id);
    const type = f.type as CustomFieldType;
    const location = f.location as CustomFieldLocation;
    if (!Number.isInteger(id) || !customFieldTypes.includes(type) || !customFieldLocations.includes(location)) continue;
    if (f.status === false) continue;
    out.push({
      custom_field_id: id,
      name: typeof f.name === 'string' ? f.name : '',
      type,
      location,
      required: f.required === true,
      sort_order: Number(f.sort_order ?? 0) || 0,
      values: (values ?? [])
        .filter((v) => Number(v.custom_field_id) === id)
        .sort((a, b) => Number(a.sort_order ?? 0) - Number(b.sort_order ?? 0))
        .map((v) => ({
          custom_field_value_id: Number(v.custom_field_value_id),
          name: typeof v.name === 'string' ? v.name : '',
        })),
    });
  }
  return out;
}

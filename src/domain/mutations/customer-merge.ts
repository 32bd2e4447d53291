/**
 * A customer edited on two tablets offline resolves by field (issue 20; docs/decisions/sync.md
 * "Customer edits merge by field"). A `customer.update` carries, beside the fields it sends
 * (`mine`), the values those fields had when the edit began (`base`); the mutator merges them into
 * the record as it is now (`current`, the server's row under lock, or the device's cache):
 *
 * - a field this edit did not change (mine = base) keeps the current value (another tablet's
 *   change survives);
 * - a field only this edit changed (current = base) takes this edit's value;
 * - both changed it to the same value: that value;
 * - both changed it to different values: a conflict. The current value (the change that reached
 *   the server first) is kept, and the conflict is returned so the device whose change lost is told
 *   which field, what was kept and what it had typed.
 *
 * Absence is a value: an address (merged per address_id) or a custom field key (an object-valued
 * field such as account_custom_field merges per key) missing from one side was removed or never
 * there, so add, remove and edit all follow the same three rules; an edit of an address another
 * tablet removed (or the removal of one it edited) is a conflict that keeps the current state.
 * A field the edit sends without a base value counts as changed (an older client sends no base at
 * all: the mutator then writes every field, as before).
 *
 * Pure and deterministic: the same (base, mine, current) always gives the same answer, so a replay
 * or the device's rebase reaches what the server wrote.
 */

export type Fields = Record<string, unknown>;

export interface FieldConflict {
  /** The field's key (`addresses`, `account_custom_field`, `email`, ...). */
  field: string;
  /** The address id or custom field key, for a field merged per entry. */
  entry?: string;
  /** The value kept (the change that reached the record first); undefined when the entry was removed. */
  kept: unknown;
  /** The value this edit wanted; undefined when it removed the entry. */
  mine: unknown;
}

export interface FieldMerge {
  fields: Fields;
  conflicts: FieldConflict[];
}

/** Lists of records merged per id: the key names the id of their items. */
export const LIST_IDS: Readonly<Record<string, string>> = { addresses: 'address_id' };

/** Fields never merged (never in a record: written only when sent). */
const PASS_THROUGH = new Set(['password']);

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** An optional object field (an address's custom_field) that is empty is the same as one not there. */
const isEmptyObject = (v: unknown): boolean => isPlainObject(v) && Object.keys(v).length === 0;

/**
 * Key order does not matter: {a, b} equals {b, a}; nor does an absent optional object key against
 * an empty one (records written before custom fields have no custom_field; new ones have {}).
 */
function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical);
  if (isPlainObject(v))
    return Object.fromEntries(
      Object.keys(v)
        .filter((k) => v[k] !== undefined && !isEmptyObject(v[k]))
        .sort()
        .map((k) => [k, canonical(v[k])]),
    );
  return v;
}

export const sameValue = (a: unknown, b: unknown): boolean =>
  a === undefined || b === undefined ? a === b : JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

type Pick = { value: unknown; conflict: boolean };

/** The three rules for one value (undefined: absent). */
function pick(base: unknown, mine: unknown, current: unknown): Pick {
  if (sameValue(mine, base)) return { value: current, conflict: false };
  if (sameValue(current, base) || sameValue(current, mine)) return { value: mine, conflict: false };
  return { value: current, conflict: true };
}

/** Entries by key: the items of a list by their id, or an object's own keys. */
function entries(v: unknown, idKey: string | null): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (idKey === null) {
    if (isPlainObject(v)) for (const [k, x] of Object.entries(v)) out.set(k, x);
  } else if (Array.isArray(v)) {
    for (const item of v) if (isPlainObject(item)) out.set(String(item[idKey]), item);
  }
  return out;
}

/** A list or object merged entry by entry; the order is the current one, then this edit's additions. */
function mergeEntries(
  field: string,
  base: unknown,
  mine: unknown,
  current: unknown,
  idKey: string | null,
  conflicts: FieldConflict[],
): unknown {
  const [b, m, c] = [entries(base, idKey), entries(mine, idKey), entries(current, idKey)];
  const keys = [...c.keys(), ...[...m.keys()].filter((k) => !c.has(k))];
  const kept: [string, unknown][] = [];
  for (const key of keys) {
    const r = pick(b.get(key), m.get(key), c.get(key));
    if (r.conflict) conflicts.push({ field, entry: key, kept: c.get(key), mine: m.get(key) });
    if (r.value !== undefined) kept.push([key, r.value]);
  }
  return idKey === null ? Object.fromEntries(kept) : kept.map(([, v]) => v);
}

/**
 * Merges the fields an edit sends into the current record's fields (both in the edit's args
 * shape). Returns every field the edit sends, merged, and the conflicts (empty when none).
 */
export function mergeFields(base: Fields, mine: Fields, current: Fields): FieldMerge {
  const fields: Fields = {};
  const conflicts: FieldConflict[] = [];
  for (const [field, m] of Object.entries(mine)) {
    if (PASS_THROUGH.has(field) || !(field in base)) {
      fields[field] = m;
      continue;
    }
    const [b, c] = [base[field], current[field]];
    const idKey = LIST_IDS[field];
    if (idKey !== undefined && Array.isArray(m)) {
      fields[field] = mergeEntries(field, b, m, c, idKey, conflicts);
    } else if (isPlainObject(m) && (isPlainObject(c) || c === undefined)) {
      fields[field] = mergeEntries(field, b, m, c, null, conflicts);
    } else {
      const r = pick(b, m, c);
      if (r.conflict) conflicts.push({ field, kept: c, mine: m });
      fields[field] = r.value === undefined ? m : r.value;
    }
  }
  return { fields, conflicts };
}

/** How a merged customer field is named to staff (the spec does not show labels for the notice). */
const LABELS: Readonly<Record<string, string>> = {
  firstname: 'First Name',
  lastname: 'Last Name',
  email: 'E-Mail',
  telephone: 'Telephone',
  texting_alerts: 'Texting Alerts',
  newsletter: 'Newsletter',
  status: 'Status',
  safe: 'Safe',
  customer_group_id: 'Customer Group',
  tax_exempt: 'Tax Exempt',
  tax_exempt_number: 'Tax Exempt Number',
  default_location_id: 'Default Location',
  addresses: 'Address',
  account_custom_field: 'Custom Field',
};

/** The fields the customer record stores trimmed (customer.ts toRecordFields): compared trimmed. */
const TRIMMED = ['firstname', 'lastname', 'email', 'telephone'];

function trimmed(fields: Fields): Fields {
  const out = { ...fields };
  for (const k of TRIMMED) if (typeof out[k] === 'string') out[k] = out[k].trim();
  return out;
}

/**
 * A record without custom field answers has none: `account_custom_field` absent is `{}`. A device
 * row pulled before migration 0026-f lacks the field (the column came with a default, which moved
 * no version), so without this a form's base had no value for it, the edit's answers counted as
 * wholly changed, and another tablet's answers were overwritten instead of merged per key.
 */
const withAnswers = (fields: Fields): Fields => ({
  ...fields,
  account_custom_field: fields.account_custom_field ?? {},
});

/** A customer record's fields in the shape of customer.update's args (what `base` carries). */
export function customerEditBase(customer: Fields): Fields {
  const {
    id: _id,
    customer_id: _number,
    store_credit: _credit,
    created_at: _created,
    updated_at: _updated,
    ...fields
  } = customer;
  return withAnswers({ ...fields, tax_exempt_number: fields.tax_exempt_number ?? '' });
}

/**
 * customer.update's fields merged into the current record (mergeFields, compared as the record
 * stores them). A base without custom field answers (sent by a build before withAnswers) is read as
 * none, the same as the record it was taken from.
 */
export function mergeCustomerEdit(current: Fields, mine: Fields, base: Fields): FieldMerge {
  return mergeFields(trimmed(withAnswers(base)), trimmed(mine), customerEditBase(current));
}

export const CUSTOMER_EDIT_CONFLICT = 'customer_edit_conflict';

function shown(field: string, v: unknown): string {
  if (v === undefined) return 'removed';
  if (field === 'addresses' && isPlainObject(v)) {
    const line = [v.address_1, v.city].filter((x) => typeof x === 'string' && x !== '').join(', ');
    return `"${line}"`;
  }
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (v === null || v === '') return 'empty';
  return typeof v === 'string' ? `"${v}"` : JSON.stringify(v);
}

/**
 * What the device whose edit lost is shown (its conflicts panel): each field, the value kept and its own.
 * E.g. `E-Mail "ann@shop.test" (yours: "ann@home.test")`.
 */
export function customerConflictMessage(conflicts: readonly FieldConflict[]): string {
  const parts = conflicts.map((c) => {
    const label = LABELS[c.field] ?? c.field;
    const name = c.field === 'addresses' || c.entry === undefined ? label : `${label} ${c.entry}`;
    return `${name} ${shown(c.field, c.kept)} (yours: ${shown(c.field, c.mine)})`;
  });
  return `This customer was changed on another device first; kept: ${parts.join('; ')}.`;
}

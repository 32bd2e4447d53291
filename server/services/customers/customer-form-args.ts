/**
 * POST /api/customer/save's body (form-encoded, or JSON) as customer.create / customer.update args.
 * Form-encoded names nest with brackets the way the admin form posts them
 * (`addresses[0][city]`, `account_custom_field[3][]`); flags are 1/0 (also true/false, on). A field
 * the body leaves out keeps the customer's current value (a partial post never wipes addresses);
 * on a create it takes the form's default. Values that are not what their field takes are passed
 * on as they are, for the mutation's schema to refuse with 400.
 */
import type { Address, Customer } from '../../../src/domain/mutations/records';

export type CustomerFormBody = Record<string, unknown>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `a[b][0]=x` style keys into nested objects (numeric-keyed objects become arrays). */
export function nestForm(body: CustomerFormBody): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(body)) {
    const parts = key.split('[').map((p) => p.replace(/\]$/, ''));
    let value = raw;
    // `x[]`: a list, even of one value.
    if (parts.length > 1 && parts[parts.length - 1] === '') {
      parts.pop();
      value = Array.isArray(raw) ? raw : [raw];
    }
    if (parts.some((p) => p === '' || p === '__proto__' || p === 'constructor' || p === 'prototype')) continue;
    let node = root;
    for (const part of parts.slice(0, -1)) {
      const next = node[part];
      if (typeof next !== 'object' || next === null || Array.isArray(next)) node[part] = {};
      node = node[part] as Record<string, unknown>;
    }
    node[parts[parts.length - 1]!] = value;
  }
  return arrays(root) as Record<string, unknown>;
}

/** Objects keyed 0..n-1 become arrays (addresses[0], addresses[1]). */
function arrays(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(arrays);
  if (typeof v !== 'object' || v === null) return v;
  const entries = Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, arrays(x)] as const);
  // Keys 0..n-1 exactly (custom field ids start at 1, so answers stay a map).
  const list =
    entries.length > 0 &&
    entries.length <= 100 &&
    entries.every(([k]) => /^\d+$/.test(k) && Number(k) < entries.length);
  if (list) return entries.sort((a, b) => Number(a[0]) - Number(b[0])).map(([, x]) => x);
  return Object.fromEntries(entries);
}

const flag = (v: unknown): unknown =>
  v === true || v === 1 || v === '1' || v === 'true' || v === 'on'
    ? true
    : v === false || v === 0 || v === '0' || v === 'false' || v === ''
      ? false
      : v;
const int = (v: unknown): unknown =>
  v === '' || v === null ? null : typeof v === 'string' && /^-?\d{1,10}$/.test(v.trim()) ? Number(v) : v;
const intOrZero = (v: unknown): unknown => (v === '' || v === null || v === undefined ? 0 : int(v));
const text = (v: unknown): unknown => (typeof v === 'number' ? String(v) : v);

/** Answers as the args take them: text, or a list of value ids (checkbox). */
function answers(v: unknown): unknown {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return v ?? {};
  return Object.fromEntries(
    Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, Array.isArray(x) ? x.map(text) : text(x)]),
  );
}

function address(a: unknown, mint: () => string): unknown {
  if (typeof a !== 'object' || a === null) return a;
  const r = a as Record<string, unknown>;
  const id = typeof r.address_id === 'string' && UUID.test(r.address_id) ? r.address_id.toLowerCase() : mint();
  return {
    address_id: id,
    firstname: text(r.firstname ?? ''),
    lastname: text(r.lastname ?? ''),
    company: text(r.company ?? ''),
    address_1: text(r.address_1 ?? ''),
    address_2: text(r.address_2 ?? ''),
    city: text(r.city ?? ''),
    postcode: text(r.postcode ?? ''),
    country_id: intOrZero(r.country_id),
    zone_id: intOrZero(r.zone_id),
    default: flag(r.default ?? false),
    custom_field: answers(r.custom_field),
  };
}

/** A stored customer's own fields as customer.update takes them (addresses and custom fields apart). */
export const customerFields = (c: Customer) => ({
  firstname: c.firstname,
  lastname: c.lastname,
  email: c.email,
  telephone: c.telephone,
  texting_alerts: c.texting_alerts,
  newsletter: c.newsletter,
  status: c.status,
  safe: c.safe,
  customer_group_id: c.customer_group_id,
  tax_exempt: c.tax_exempt,
  tax_exempt_number: c.tax_exempt_number ?? '',
  default_location_id: c.default_location_id,
});

const current = (c: Customer | null) =>
  c
    ? {
        ...customerFields(c),
        addresses: c.addresses.map((a: Address) => ({ ...a, custom_field: a.custom_field ?? {} })),
        account_custom_field: c.account_custom_field ?? {},
      }
    : {};

/** The args of customer.create / customer.update (without `id` / `customer_ref`). */
export function formToArgs(body: CustomerFormBody, customer: Customer | null, mint: () => string) {
  const f = nestForm(body);
  const out: Record<string, unknown> = { ...current(customer), password: '' };
  const has = (k: string) => Object.prototype.hasOwnProperty.call(f, k);
  for (const k of ['firstname', 'lastname', 'email', 'telephone', 'tax_exempt_number', 'password'])
    if (has(k)) out[k] = text(f[k] ?? '');
  for (const k of ['texting_alerts', 'newsletter', 'status', 'safe', 'tax_exempt']) if (has(k)) out[k] = flag(f[k]);
  for (const k of ['customer_group_id', 'default_location_id']) if (has(k)) out[k] = int(f[k]);
  if (has('addresses')) {
    const list = f.addresses === '' ? [] : f.addresses;
    out.addresses = Array.isArray(list) ? list.map((a) => address(a, mint)) : list;
  }
  if (has('account_custom_field')) out.account_custom_field = answers(f.account_custom_field);
  return out;
}

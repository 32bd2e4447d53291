/**
 * The General tab's form values (what its inputs hold: mostly strings) from a customer record, and
 * the customer.create / customer.update fields from what the customer form schema made of them.
 */
import { uuidv7 } from '../../../db/ids';
import type { AddressFields } from '../../../domain/address';
import type { CustomerForm } from '../../../domain/forms/customer';
import { fieldsAt, type CustomFieldDef, type CustomFieldValues } from '../../../domain/forms/custom-fields';
import type { Address, Customer } from '../../../domain/mutations/records';
import { blankAnswers } from '../../../features/pos-customer/custom-field-inputs';

export interface AddressValues extends AddressFields<string> {
  address_id: string;
  default: boolean;
  custom_field: CustomFieldValues;
}

export interface GeneralValues {
  firstname: string;
  lastname: string;
  email: string;
  telephone: string;
  password: string;
  texting_alerts: boolean;
  newsletter: boolean;
  status: boolean;
  /** Hidden in POS (§5 "Safe toggle hidden in POS"): kept as the record has it. */
  safe: boolean;
  tax_exempt: boolean;
  tax_exempt_number: string;
  customer_group_id: string;
  default_location_id: string;
  addresses: AddressValues[];
  account_custom_field: CustomFieldValues;
}

const idText = (n: number | null | undefined): string => (n ? String(n) : '');

export function addressValues(a: Partial<Address>, defs: readonly CustomFieldDef[]): AddressValues {
  return {
    address_id: a.address_id ?? uuidv7(),
    firstname: a.firstname ?? '',
    lastname: a.lastname ?? '',
    company: a.company ?? '',
    address_1: a.address_1 ?? '',
    address_2: a.address_2 ?? '',
    city: a.city ?? '',
    postcode: a.postcode ?? '',
    country_id: idText(a.country_id),
    zone_id: idText(a.zone_id),
    default: a.default ?? false,
    custom_field: blankAnswers(fieldsAt(defs, 'address'), a.custom_field),
  };
}

export function generalValues(c: Customer | null, defs: readonly CustomFieldDef[]): GeneralValues {
  return {
    firstname: c?.firstname ?? '',
    lastname: c?.lastname ?? '',
    email: c?.email ?? '',
    telephone: c?.telephone ?? '',
    password: '',
    texting_alerts: c?.texting_alerts ?? false,
    newsletter: c?.newsletter ?? false,
    status: c?.status ?? true,
    safe: c?.safe ?? false,
    tax_exempt: c?.tax_exempt ?? false,
    tax_exempt_number: c?.tax_exempt_number ?? '',
    customer_group_id: idText(c?.customer_group_id),
    default_location_id: idText(c?.default_location_id),
    addresses: (c?.addresses ?? []).map((a) => addressValues(a, defs)),
    account_custom_field: blankAnswers(fieldsAt(defs, 'account'), c?.account_custom_field),
  };
}

/** What the schema is given: a blank select is "no choice" (null), a blank country or region 0. */
export function toSchemaInput(v: GeneralValues) {
  return {
    ...v,
    customer_group_id: v.customer_group_id === '' ? null : v.customer_group_id,
    default_location_id: v.default_location_id === '' ? null : v.default_location_id,
    addresses: v.addresses.map((a) => ({ ...a, country_id: a.country_id || '0', zone_id: a.zone_id || '0' })),
  };
}

/** The mutation's fields (without id / customer_ref) from the checked form. */
export function mutationFields(f: CustomerForm) {
  return {
    firstname: f.firstname,
    lastname: f.lastname,
    email: f.email,
    telephone: f.telephone,
    texting_alerts: f.texting_alerts,
    newsletter: f.newsletter,
    status: f.status,
    safe: f.safe,
    customer_group_id: f.customer_group_id && f.customer_group_id > 0 ? f.customer_group_id : null,
    tax_exempt: f.tax_exempt,
    tax_exempt_number: f.tax_exempt_number,
    default_location_id: f.default_location_id,
    password: f.password,
    addresses: f.addresses.map((a) => ({ ...a, address_id: a.address_id ?? uuidv7() })),
    account_custom_field: f.account_custom_field,
  };
}

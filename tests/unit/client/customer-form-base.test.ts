import { describe, expect, it } from 'vitest';
import { customerFormSchema } from '../../../src/domain/forms/customer';
import type { CustomFieldDef } from '../../../src/domain/forms/custom-fields';
import { customerEditBase, type Fields } from '../../../src/domain/mutations/customer-merge';
import type { Address, Customer } from '../../../src/domain/mutations/records';
import { runMutation } from '../../../src/domain/mutations/registry';
import {
  generalValues,
  mutationFields,
  toSchemaInput,
  type GeneralValues,
} from '../../../src/pos/customer-admin/general/form-values';
import { ctx, customer, uuid } from '../domain/factories';

/**
 * The General tab's save, as src/pos/customer-admin/tabs/general-tab.tsx sends it: the form's
 * values from the device record, through the customer form schema, as customer.update's fields with
 * `base` = the record the form opened. A field the user did not touch must equal its base, or the
 * merge would count it as changed (docs/decisions/sync.md "Customer edits merge by field").
 */
const defs: CustomFieldDef[] = [
  { custom_field_id: 1, name: 'Fleet', type: 'text', location: 'account', required: false, sort_order: 1, values: [] },
  {
    custom_field_id: 2,
    name: 'Extras',
    type: 'checkbox',
    location: 'account',
    required: false,
    sort_order: 2,
    values: [{ custom_field_value_id: 7, name: 'Wash' }],
  },
  { custom_field_id: 3, name: 'Dock', type: 'text', location: 'address', required: false, sort_order: 1, values: [] },
];
const address = (over: Partial<Address> = {}): Address => ({
  address_id: uuid(901),
  firstname: 'Ada',
  lastname: 'Lovelace',
  company: '',
  address_1: '1 Main St',
  address_2: '',
  city: 'Denver',
  postcode: '80202',
  country_id: 223,
  zone_id: 3634,
  default: true,
  ...over,
});

function formEdit(record: Customer, edit: (v: GeneralValues) => void = () => undefined): Fields {
  const values = generalValues(record, defs);
  edit(values);
  const schema = customerFormSchema({
    requireEmail: false,
    requireTelephone: false,
    requireAddress: false,
    hasCustomerId: true,
    customFields: defs,
    adminAddresses: true,
  });
  const base = customerEditBase({ ...record });
  return { customer_ref: record.id, ...mutationFields(schema.parse(toSchemaInput(values))), base };
}

const save = (current: Customer, args: Fields) => {
  const r = runMutation('customer.update', { customer: current }, args, ctx({ customFields: defs }));
  if (!r.ok) throw new Error(`refused: ${r.code} ${r.message}`);
  return r;
};

describe('the customer form sends a base that merges by field', () => {
  // As the device holds it: pulled with answers, or pulled before custom fields existed (no field at all).
  const records: [string, Customer][] = [
    ['with answers', customer({ account_custom_field: {}, addresses: [address({ custom_field: {} })] })],
    ['pulled before custom fields', customer({ addresses: [address()] })],
  ];

  for (const [name, record] of records) {
    it(`${name}: an untouched save changes nothing and names no conflict`, () => {
      const r = save(record, formEdit(record));
      expect(r.notice).toBeUndefined();
    });

    it(`${name}: another tablet's email, custom fields and address survive an edit of the telephone`, () => {
      const elsewhere: Customer = {
        ...record,
        email: 'ada@tablet-a.test',
        account_custom_field: { 1: 'Fleet 9', 2: ['7'] },
        addresses: [address({ city: 'Aurora', custom_field: { 3: 'Dock B' } })],
      };
      const r = save(
        elsewhere,
        formEdit(record, (v) => {
          v.telephone = '(555) 999-0000';
        }),
      );
      expect(r.notice).toBeUndefined();
      expect(r.changes.customer).toMatchObject({
        email: 'ada@tablet-a.test',
        telephone: '(555) 999-0000',
        account_custom_field: { 1: 'Fleet 9', 2: ['7'] },
        addresses: [address({ city: 'Aurora', custom_field: { 3: 'Dock B' } })],
      });
    });
  }
});

import { describe, expect, it } from 'vitest';
import { customerFormSchema } from '../../../src/domain/forms/customer';
import {
  customFieldDefsFrom,
  customFieldsSchema,
  fieldsAt,
  INVALID_CHOICE,
  INVALID_DATE,
  INVALID_DATETIME,
  INVALID_TIME,
  type CustomFieldDef,
} from '../../../src/domain/forms/custom-fields';
import { createCustomer, updateCustomer } from '../../../src/domain/mutations/customer';
import { defaultStoreSettings } from '../../../src/domain/settings';
import { errors } from './zod-errors';

const def = (id: number, type: CustomFieldDef['type'], over: Partial<CustomFieldDef> = {}): CustomFieldDef => ({
  custom_field_id: id,
  name: `Field ${id}`,
  type,
  location: 'account',
  required: false,
  sort_order: id,
  values: ['select', 'radio', 'checkbox'].includes(type)
    ? [
        { custom_field_value_id: id * 10 + 1, name: 'One' },
        { custom_field_value_id: id * 10 + 2, name: 'Two' },
      ]
    : [],
  ...over,
});

const defs: CustomFieldDef[] = [
  def(1, 'select'),
  def(2, 'radio'),
  def(3, 'checkbox'),
  def(4, 'text'),
  def(5, 'textarea'),
  def(6, 'date'),
  def(7, 'time'),
  def(8, 'datetime'),
  def(9, 'text', { location: 'address' }),
  def(10, 'text', { required: true, location: 'address' }),
];
const account = customFieldsSchema(defs, 'account');

describe('custom fields', () => {
  it('accepts a valid answer of each of the 8 types, trimmed, empty answers left out', () => {
    expect(
      account.parse({
        1: '11',
        2: '22',
        3: ['31', '32'],
        4: '  Bob  ',
        5: 'Line 1\nLine 2',
        6: '2024-02-29',
        7: '23:59',
        8: '2026-11-28 09:30',
      }),
    ).toEqual({
      1: '11',
      2: '22',
      3: ['31', '32'],
      4: 'Bob',
      5: 'Line 1\nLine 2',
      6: '2024-02-29',
      7: '23:59',
      8: '2026-11-28 09:30',
    });
    expect(account.parse({ 4: '   ', 3: [], 2: null })).toEqual({});
    expect(account.parse(undefined)).toEqual({});
  });

  it('refuses a wrong answer with its message, naming the field by id', () => {
    expect(errors(account, { 1: '21' })).toEqual({ 1: INVALID_CHOICE });
    expect(errors(account, { 2: ['21', '22'] })).toEqual({ 2: INVALID_CHOICE });
    expect(errors(account, { 3: ['31', '99'] })).toEqual({ 3: INVALID_CHOICE });
    expect(errors(account, { 3: ['31', '31'] })).toEqual({ 3: INVALID_CHOICE });
    expect(errors(account, { 4: 'x'.repeat(256) })).toEqual({ 4: 'Maximum 255 characters' });
    expect(errors(account, { 5: 'x'.repeat(2001) })).toEqual({ 5: 'Maximum 2000 characters' });
    expect(errors(account, { 6: '2023-02-29' })).toEqual({ 6: INVALID_DATE });
    expect(errors(account, { 6: '02/01/2024' })).toEqual({ 6: INVALID_DATE });
    expect(errors(account, { 7: '24:00' })).toEqual({ 7: INVALID_TIME });
    expect(errors(account, { 8: '2026-11-28' })).toEqual({ 8: INVALID_DATETIME });
    expect([INVALID_CHOICE, INVALID_DATE, INVALID_TIME, INVALID_DATETIME]).toEqual([
      'Please select a valid option',
      'Enter a date as YYYY-MM-DD',
      'Enter a time as HH:mm',
      'Enter a date and time as YYYY-MM-DD HH:mm',
    ]);
  });

  it('drops answers to fields the shop does not define or defines for the other location', () => {
    expect(account.parse({ 4: 'kept', 9: 'address field', 77: 'unknown' })).toEqual({ 4: 'kept' });
  });

  it('a required field must be answered ("Required")', () => {
    const address = customFieldsSchema(defs, 'address');
    expect(errors(address, {})).toEqual({ 10: 'Required' });
    expect(errors(address, { 10: '  ' })).toEqual({ 10: 'Required' });
    expect(address.parse({ 10: 'Gate code 12' })).toEqual({ 10: 'Gate code 12' });
  });

  it('the customer form checks account and address answers, with paths a form can show', () => {
    const s = customerFormSchema({
      requireEmail: false,
      requireTelephone: false,
      requireAddress: false,
      hasCustomerId: false,
      customFields: defs,
      adminAddresses: true,
    });
    const address = {
      firstname: 'Ada',
      lastname: 'Lovelace',
      address_1: '1 Main St',
      city: 'Denver',
      postcode: '80202',
      country_id: 223,
      zone_id: 3606,
    };
    expect(
      errors(s, {
        firstname: 'Ada',
        lastname: 'Lovelace',
        email: '',
        telephone: '',
        account_custom_field: { 6: 'nope' },
        addresses: [address],
      }),
    ).toEqual({ 'account_custom_field.6': INVALID_DATE, 'addresses.0.custom_field.10': 'Required' });
    // The admin address editor: every address needs the §5 fields, whatever require_address says.
    expect(
      errors(s, {
        firstname: 'Ada',
        lastname: 'Lovelace',
        email: '',
        telephone: '',
        addresses: [{ ...address, city: '', custom_field: { 10: 'x' } }],
      }),
    ).toEqual({
      'addresses.0.city': 'Required',
    });
  });

  it('definitions from rows: sorted by sort_order, values attached, disabled and malformed rows skipped', () => {
    const got = customFieldDefsFrom(
      [
        { custom_field_id: 2, name: 'B', type: 'radio', location: 'account', required: true, sort_order: 1 },
        { custom_field_id: 1, name: 'A', type: 'text', location: 'account', required: false, sort_order: 2 },
        { custom_field_id: 3, name: 'Off', type: 'text', location: 'account', status: false },
        { custom_field_id: 4, name: 'Bad', type: 'color', location: 'account' },
      ],
      [
        { custom_field_value_id: 8, custom_field_id: 2, name: 'Second', sort_order: 2 },
        { custom_field_value_id: 7, custom_field_id: 2, name: 'First', sort_order: 1 },
      ],
    );
    expect(fieldsAt(got, 'account').map((d) => d.name)).toEqual(['B', 'A']);
    expect(got.find((d) => d.custom_field_id === 2)?.values).toEqual([
      { custom_field_value_id: 7, name: 'First' },
      { custom_field_value_id: 8, name: 'Second' },
    ]);
  });

  it('customer.create and customer.update keep only checked answers, and refuse a bad one with its message', () => {
    const settings = { ...defaultStoreSettings, customFields: defs };
    const ctx = { settings, now: '2026-11-28T00:00:00.000Z', actor: { kind: 'staff', id: '1', role: 'cashier' } };
    const id = '0193a0a0-0000-7000-8000-000000000001';
    const args = {
      id,
      firstname: 'Ada',
      lastname: 'Lovelace',
      email: '',
      telephone: '',
      texting_alerts: false,
      newsletter: false,
      status: true,
      safe: false,
      customer_group_id: null,
      tax_exempt: false,
      tax_exempt_number: '',
      default_location_id: null,
      password: '',
      addresses: [],
      account_custom_field: { 4: ' Bob ', 99: 'junk' },
    };
    const made = createCustomer({}, args, ctx);
    expect(made.ok && made.changes.customer?.account_custom_field).toEqual({ 4: 'Bob' });
    const customer = made.ok ? made.changes.customer! : null;
    const bad = updateCustomer(
      { customer: customer! },
      { ...args, id: undefined, customer_ref: id, account_custom_field: { 7: '7pm' } } as never,
      ctx,
    );
    expect(bad).toMatchObject({ ok: false, code: 'invalid_args', message: INVALID_TIME });
  });
});

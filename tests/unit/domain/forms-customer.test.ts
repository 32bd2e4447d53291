import { describe, it, expect } from 'vitest';
import { addressSchema, adminAddressSchema } from '../../../src/domain/forms/address';
import { customerFormSchema, customerFormVisibility } from '../../../src/domain/forms/customer';
import {
  notificationFormSchema,
  TEXT_CONSENT_MESSAGE,
  TEXT_OVERRIDE_LABEL,
} from '../../../src/domain/forms/notification';
import { orderHistoryFormSchema } from '../../../src/domain/forms/order-history';
import { errors } from './zod-errors';

const opts = { requireEmail: false, requireTelephone: false, requireAddress: false, hasCustomerId: false };
const valid = { firstname: 'Ada', lastname: 'Lovelace', email: '', telephone: '' };

describe('customer form', () => {
  it('names are required, 2 to 32 characters', () => {
    const s = customerFormSchema(opts);
    expect(errors(s, { ...valid, firstname: '' })).toEqual({ firstname: 'Required' });
    expect(errors(s, { ...valid, firstname: 'A' })).toEqual({ firstname: 'Minimum 2 characters' });
    expect(errors(s, { ...valid, lastname: 'x'.repeat(33) })).toEqual({ lastname: 'Maximum 32 characters' });
    expect(s.safeParse(valid).success).toBe(true);
  });
  it('an empty name says only "Required", not also the minimum length', () => {
    const r = customerFormSchema(opts).safeParse({ ...valid, firstname: '' });
    expect(r.success).toBe(false);
    expect(r.error?.issues.filter((i) => i.path[0] === 'firstname').map((i) => i.message)).toEqual(['Required']);
  });
  it('email and telephone: valid when filled, required only with the flags', () => {
    const s = customerFormSchema(opts);
    expect(errors(s, { ...valid, email: 'nope' })).toEqual({ email: 'Invalid email' });
    expect(errors(s, { ...valid, telephone: '12' })).toEqual({ telephone: 'Invalid phone number format' });
    const strict = customerFormSchema({ ...opts, requireEmail: true, requireTelephone: true });
    expect(errors(strict, valid)).toEqual({ email: 'Required', telephone: 'Required' });
    expect(strict.safeParse({ ...valid, email: 'a@b.co', telephone: '(555) 123-4567' }).success).toBe(true);
  });
  it('password 4 to 20 only when a customer id is present', () => {
    expect(customerFormSchema(opts).parse({ ...valid, password: 'x' }).password).toBe('');
    const edit = customerFormSchema({ ...opts, hasCustomerId: true });
    expect(errors(edit, { ...valid, password: 'abc' })).toEqual({ password: 'Minimum 4 characters' });
    expect(errors(edit, { ...valid, password: 'x'.repeat(21) })).toEqual({ password: 'Maximum 20 characters' });
    expect(edit.parse({ ...valid, password: 'secret' }).password).toBe('secret');
    expect(edit.parse(valid).password).toBe('');
  });
  it('tax exempt number kept only when tax exempt', () => {
    const s = customerFormSchema(opts);
    expect(s.parse({ ...valid, tax_exempt: 1, tax_exempt_number: 'TX-9' }).tax_exempt_number).toBe('TX-9');
    expect(s.parse({ ...valid, tax_exempt: '0', tax_exempt_number: 'TX-9' }).tax_exempt_number).toBe('');
  });
  it('visibility of password, safe, tax exempt number and default location', () => {
    expect(
      customerFormVisibility({ hasCustomerId: true, taxExempt: false, isPro: true, locationCount: 2, inPos: true }),
    ).toEqual({
      password: true,
      safe: false,
      taxExemptNumber: false,
      defaultLocation: true,
    });
    expect(
      customerFormVisibility({ hasCustomerId: false, taxExempt: true, isPro: true, locationCount: 1, inPos: false })
        .defaultLocation,
    ).toBe(false);
  });
});

describe('address', () => {
  const full = {
    firstname: 'Ada',
    lastname: 'Love',
    address_1: '1 Main St',
    city: 'Springfield',
    postcode: '12345',
    country_id: 223,
    zone_id: 5,
  };
  it('required only if require_address, lengths always apply', () => {
    const loose = addressSchema(false);
    expect(
      loose.safeParse({ firstname: '', lastname: '', address_1: '', city: '', postcode: '', country_id: 0, zone_id: 0 })
        .success,
    ).toBe(true);
    expect(errors(loose, { ...full, city: 'A' })).toEqual({ city: 'Minimum 2 characters' });
    expect(errors(loose, { ...full, company: 'x'.repeat(41) })).toEqual({ company: 'Maximum 40 characters' });
    expect(errors(loose, { ...full, postcode: '12345678901' })).toEqual({ postcode: 'Maximum 10 characters' });
    expect(errors(loose, { ...full, address_2: 'x' })).toEqual({ address_2: 'Minimum 2 characters' });
    expect(errors(loose, { ...full, country_id: -1 })).toEqual({ country_id: 'Please select a value' });
    const strict = addressSchema(true);
    expect(errors(strict, { ...full, address_1: '', country_id: 0 })).toEqual({
      address_1: 'Required',
      country_id: 'Required',
    });
    expect(adminAddressSchema.safeParse(full).success).toBe(true);
  });
});

describe('notification form', () => {
  const base = {
    notifyByEmail: false,
    email: '',
    notifyByText: false,
    phone: '',
    textingAlerts: false,
    overrideTextPermission: false,
  };
  it('email required and valid when notifying by email', () => {
    expect(errors(notificationFormSchema, { ...base, notifyByEmail: true })).toEqual({ email: 'Required' });
    expect(errors(notificationFormSchema, { ...base, notifyByEmail: 1, email: 'bad' })).toEqual({
      email: 'Invalid email',
    });
    expect(notificationFormSchema.safeParse(base).success).toBe(true);
  });
  it('phone required and formatted when texting; consent or override', () => {
    expect(errors(notificationFormSchema, { ...base, notifyByText: true, textingAlerts: true })).toEqual({
      phone: 'Required',
    });
    expect(errors(notificationFormSchema, { ...base, notifyByText: true, textingAlerts: true, phone: '12' })).toEqual({
      phone: 'Invalid phone number format',
    });
    expect(errors(notificationFormSchema, { ...base, notifyByText: true, phone: '555-123-4567' })).toEqual({
      overrideTextPermission: "Customer doesn't constent to text messages",
    });
    expect(
      notificationFormSchema.safeParse({
        ...base,
        notifyByText: true,
        phone: '555-123-4567',
        overrideTextPermission: true,
      }).success,
    ).toBe(true);
    expect(TEXT_CONSENT_MESSAGE).toBe("Customer doesn't constent to text messages");
    expect(TEXT_OVERRIDE_LABEL).toBe('The customer does NOT consent to receiving text messages. Send anyway?');
  });
  it('order history form checks notification fields only when notifying', () => {
    expect(orderHistoryFormSchema.safeParse({ orderStatusId: '2', notifyByEmail: true }).success).toBe(true);
    expect(errors(orderHistoryFormSchema, { orderStatusId: 2, notifyCustomer: 1, notifyByEmail: true })).toEqual({
      email: 'Required',
    });
    expect(errors(orderHistoryFormSchema, { orderStatusId: 0 })).toEqual({ orderStatusId: 'Please select a status' });
  });
});

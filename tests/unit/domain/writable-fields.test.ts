import { describe, expect, it } from 'vitest';
import { mutationArgs, mutationNames } from '../../../src/domain/mutations/catalogue';
import {
  currentArgsOf,
  fieldNotWritable,
  MUTATION_NOT_PERMITTED,
  restrictArgs,
  writableFields,
  writerOf,
} from '../../../src/domain/mutations/writable-fields';
import type { Customer } from '../../../src/domain/mutations/records';

describe('writable fields per role', () => {
  it('lists every arg of every mutation in the catalogue, and nothing else', () => {
    for (const name of mutationNames) {
      expect(Object.keys(writableFields[name]).sort(), name).toEqual(Object.keys(mutationArgs[name].shape).sort());
    }
    expect(Object.keys(writableFields).sort()).toEqual([...mutationNames].sort());
  });

  it('maps session roles to writers; server flows write all; other roles nothing', () => {
    expect(writerOf('customer')).toBe('shopper');
    expect(writerOf('installer')).toBe('installer');
    expect(writerOf('system')).toBe('server');
    // The kiosk device account writes its Submit to Buy and nothing else (docs/decisions/storefront.md "Kiosk").
    expect(writerOf('kiosk')).toBe('kiosk');
    expect(writerOf('guest')).toBeNull();
    for (const name of mutationNames) {
      const kioskWrites = Object.values(writableFields[name] as Record<string, readonly string[]>).some((w) =>
        w.includes('kiosk'),
      );
      expect(kioskWrites, name).toBe(name === 'kiosk.submitOrder');
    }
    expect(restrictArgs('order.save', null, { order_ref: 'x' }, null)).toEqual({
      ok: false,
      key: null,
      message: MUTATION_NOT_PERMITTED,
    });
    expect(restrictArgs('cart.updatePrice', 'server', { new_price: '1' }, null)).toEqual({
      ok: true,
      args: { new_price: '1' },
    });
  });

  const customer: Customer = {
    id: 'c',
    customer_id: 1,
    firstname: 'Sam',
    lastname: 'Shopper',
    email: 's@example.com',
    telephone: '',
    texting_alerts: false,
    newsletter: false,
    status: true,
    safe: false,
    customer_group_id: 2,
    tax_exempt: true,
    tax_exempt_number: 'EX',
    default_location_id: null,
    store_credit: '0.00',
    addresses: [],
    created_at: '',
    updated_at: '',
  };

  it('refuses a staff-only field changed by a shopper; keeps it when left out; accepts it unchanged', () => {
    const current = currentArgsOf('customer.update', { customer });
    expect(
      restrictArgs('customer.update', 'shopper', { customer_ref: 'c', firstname: 'S', tax_exempt: false }, current),
    ).toEqual({ ok: false, key: 'tax_exempt', message: fieldNotWritable('tax_exempt') });
    const kept = restrictArgs('customer.update', 'shopper', { customer_ref: 'c', firstname: 'Sammy' }, current);
    expect(kept).toMatchObject({
      ok: true,
      args: { firstname: 'Sammy', tax_exempt: true, tax_exempt_number: 'EX', customer_group_id: 2, safe: false },
    });
    expect(
      restrictArgs('customer.update', 'shopper', { customer_ref: 'c', tax_exempt: true, customer_group_id: 2 }, current)
        .ok,
    ).toBe(true);
    expect(restrictArgs('customer.update', 'cashier', { customer_ref: 'c', tax_exempt: false }, current).ok).toBe(true);
  });

  it('on a create, the schema default is the only neutral value', () => {
    expect(restrictArgs('customer.create', 'installer', { id: 'c', safe: false, tax_exempt: false }, null).ok).toBe(
      true,
    );
    expect(restrictArgs('customer.create', 'installer', { id: 'c', safe: true }, null)).toMatchObject({
      ok: false,
      key: 'safe',
    });
    expect(restrictArgs('customer.create', 'installer', { id: 'c', password: 'secret' }, null)).toMatchObject({
      ok: false,
      message: fieldNotWritable('password'),
    });
  });

  it('refuses mutations a writer has no field of, and price overrides for installers', () => {
    expect(restrictArgs('order.create', 'shopper', { id: 'x' }, null)).toEqual({
      ok: false,
      key: null,
      message: MUTATION_NOT_PERMITTED,
    });
    expect(
      restrictArgs('cart.updatePrice', 'installer', { order_ref: 'o', line_id: 'l', new_price: '1.00' }, null),
    ).toMatchObject({ ok: false, key: 'new_price' });
    expect(restrictArgs('cart.updateLabor', 'installer', { order_ref: 'o', line_id: 'l', minutes: 30 }, null).ok).toBe(
      true,
    );
    expect(
      restrictArgs('cart.updateLabor', 'installer', { order_ref: 'o', line_id: 'l', price_override: null }, null),
    ).toMatchObject({ ok: false, key: 'price_override' });
    expect(restrictArgs('transaction.addTerminal', 'admin', { order_ref: 'o' }, null).ok).toBe(false);
    expect(restrictArgs('cart.addProduct', 'installer', 'not an object', null)).toEqual({
      ok: true,
      args: 'not an object',
    });
  });
});

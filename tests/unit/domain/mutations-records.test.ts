import { describe, it, expect } from 'vitest';
import type { Vehicle } from '../../../src/domain/mutations/records';
import { runMutation } from '../../../src/domain/mutations/registry';
import type { MutatorResult } from '../../../src/domain/mutations/types';
import { ctx, custom, customer, labor, NOW, order, product, uuid } from './factories';

const O = uuid(1);
const C = uuid(2);
const ok = (r: MutatorResult) => {
  if (!r.ok) throw new Error(`refused: ${r.code} ${r.message}`);
  return r.changes;
};
const fields = { firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.com', telephone: '555-123-4567' };

describe('customer mutators', () => {
  it('create validates with the store flags and never stores the password', () => {
    const c = ok(
      runMutation(
        'customer.create',
        {},
        { id: C, ...fields, password: 'secret', tax_exempt: true, tax_exempt_number: 'EX' },
        ctx(),
      ),
    ).customer!;
    expect(c).toMatchObject({
      id: C,
      customer_id: null,
      store_credit: '0.00',
      tax_exempt_number: 'EX',
      created_at: NOW,
    });
    expect(c).not.toHaveProperty('password');
    expect(runMutation('customer.create', {}, { id: C, ...fields, firstname: 'A' }, ctx())).toEqual({
      ok: false,
      code: 'invalid_args',
      message: 'Minimum 2 characters',
    });
    expect(
      runMutation('customer.create', {}, { id: C, firstname: 'Ada', lastname: 'Love' }, ctx({ requireEmail: true })),
    ).toMatchObject({ message: 'Required' });
    expect(runMutation('customer.create', { customer: customer() }, { id: C, ...fields }, ctx())).toMatchObject({
      code: 'duplicate_id',
    });
  });
  it('update keeps credit and ids, checks the password length', () => {
    const current = customer({ store_credit: '12.00' });
    const c = ok(
      runMutation(
        'customer.update',
        { customer: current },
        { customer_ref: C, ...fields, firstname: 'Augusta' },
        ctx(),
      ),
    ).customer!;
    expect(c).toMatchObject({ firstname: 'Augusta', store_credit: '12.00', customer_id: 7, tax_exempt_number: null });
    expect(
      runMutation('customer.update', { customer: current }, { customer_ref: C, ...fields, password: 'abc' }, ctx()),
    ).toMatchObject({ message: 'Minimum 4 characters' });
    expect(runMutation('customer.update', {}, { customer_ref: C, ...fields }, ctx())).toMatchObject({
      code: 'not_found',
    });
  });
});

describe('vehicle mutators', () => {
  const V = uuid(3);
  const ymm = { Year: { api_field: 'Year', api_value: '2020', label_field: 'Year', label_value: '2020' } };
  it('create needs a customer ("A customer must be selected!")', () => {
    expect(runMutation('vehicle.create', {}, { id: V, customer_ref: null }, ctx())).toEqual({
      ok: false,
      code: 'customer_required',
      message: 'A customer must be selected!',
    });
    const v = ok(
      runMutation(
        'vehicle.create',
        { customer: customer() },
        { id: V, customer_ref: C, title: '2020 Ford', ymm_data: ymm },
        ctx(),
      ),
    ).vehicle!;
    expect(v).toMatchObject({ id: V, vehicle_id: null, customer_ref: C, title: '2020 Ford', deleted_at: null });
    expect(
      runMutation('vehicle.create', { customer: customer(), vehicle: v }, { id: V, customer_ref: C }, ctx()),
    ).toMatchObject({ code: 'duplicate_id' });
    expect(
      runMutation('vehicle.create', { customer: customer() }, { id: V, customer_ref: C, vin: 'bad' }, ctx()),
    ).toMatchObject({ message: 'VIN must be 17 characters' });
  });
  it('update and delete (a tombstone)', () => {
    const v: Vehicle = {
      id: V,
      vehicle_id: 4,
      customer_ref: C,
      title: 'Old',
      vin: '',
      notes: '',
      ymm_data: {},
      created_at: NOW,
      updated_at: NOW,
      deleted_at: null,
    };
    expect(
      ok(runMutation('vehicle.update', { vehicle: v }, { vehicle_ref: V, title: 'New', notes: 'n' }, ctx())).vehicle,
    ).toMatchObject({ title: 'New', notes: 'n', vehicle_id: 4 });
    expect(runMutation('vehicle.update', { vehicle: v }, { vehicle_ref: V, vin: 'x' }, ctx())).toMatchObject({
      code: 'invalid_args',
    });
    const d = ok(runMutation('vehicle.delete', { vehicle: v }, { vehicle_ref: V }, ctx())).vehicle!;
    expect(d.deleted_at).toBe(NOW);
    expect(runMutation('vehicle.update', { vehicle: d }, { vehicle_ref: V }, ctx())).toMatchObject({
      code: 'not_found',
    });
    expect(runMutation('vehicle.delete', { vehicle: d }, { vehicle_ref: V }, ctx())).toMatchObject({
      code: 'not_found',
      message: 'The vehicle could not be found.',
    });
  });
});

describe('appointment.book', () => {
  const args = {
    id: uuid(4),
    customer_ref: C,
    order_ref: O,
    products: [1],
    installers: [2],
    location: 1,
    bay: 1,
    startDate: '2026-11-23',
    startTime: '10:30',
    duration: 45,
    status: 1,
  };
  it('needs a customer and a valid form on the store slot grid', () => {
    expect(runMutation('appointment.book', {}, args, ctx())).toEqual({
      ok: false,
      code: 'customer_required',
      message: 'Customer is required',
    });
    const a = ok(runMutation('appointment.book', { customer: customer() }, args, ctx())).appointment!;
    expect(a).toMatchObject({
      id: uuid(4),
      customer_ref: C,
      order_ref: O,
      start_time: '10:30',
      duration: 45,
      created_by: 'user-1',
      notify_customer: false,
    });
    expect(runMutation('appointment.book', { customer: customer() }, args, ctx({ timeSlotLength: 60 }))).toMatchObject({
      message: 'Start time must be on a 60-minute slot',
    });
  });
});

describe('credit.add', () => {
  it('moves the store credit and records the balance; never below zero', () => {
    const r = ok(
      runMutation(
        'credit.add',
        { customer: customer({ store_credit: '10.00' }) },
        { id: uuid(5), customer_ref: C, description: 'Refund', amount: '15' },
        ctx(),
      ),
    );
    expect(r.creditEntry).toMatchObject({
      amount: '15.00',
      balance: '25.00',
      description: 'Refund',
      customer_transaction_id: null,
    });
    expect(r.customer?.store_credit).toBe('25.00');
    expect(
      runMutation(
        'credit.add',
        { customer: customer() },
        { id: uuid(5), customer_ref: C, description: 'x', amount: '-1' },
        ctx(),
      ),
    ).toEqual({
      ok: false,
      code: 'credit_below_zero',
      message: 'Store credit cannot go below $0.00',
    });
    expect(
      runMutation(
        'credit.add',
        { customer: customer() },
        { id: uuid(5), customer_ref: C, description: 'x', amount: '0' },
        ctx(),
      ),
    ).toMatchObject({ message: 'Amount must not be $0.00' });
    expect(runMutation('credit.add', {}, { id: uuid(5), customer_ref: C, amount: '1' }, ctx())).toMatchObject({
      code: 'not_found',
    });
  });
  it("links only this customer's order: another customer's (or no customer's) is refused", () => {
    const args = { id: uuid(7), customer_ref: C, description: 'Return', amount: '5', order_ref: O };
    const state = (customer_ref: string | null) => ({ customer: customer(), order: order({ customer_ref }) });
    expect(ok(runMutation('credit.add', state(C), args, ctx())).creditEntry?.order_ref).toBe(O);
    for (const other of [uuid(99), null])
      expect(runMutation('credit.add', state(other), args, ctx())).toMatchObject({ ok: false, code: 'not_found' });
  });
  it('needs a description and a bounded amount; a debit down to exactly zero is allowed', () => {
    const add = (description: string, amount: string, credit = '10.00') =>
      runMutation(
        'credit.add',
        { customer: customer({ store_credit: credit }) },
        { id: uuid(6), customer_ref: C, description, amount },
        ctx(),
      );
    expect(add('', '5')).toMatchObject({ ok: false, code: 'invalid_args', message: 'Required' });
    expect(add('   ', '5')).toMatchObject({ ok: false, message: 'Required' });
    expect(add('x'.repeat(256), '5')).toMatchObject({ ok: false, code: 'invalid_args' });
    expect(add('Big', '10000.01')).toMatchObject({
      ok: false,
      message: 'Amount must be at most $10,000.00 either way',
    });
    expect(add('Big', '-10000.01', '20000.00')).toMatchObject({ ok: false });
    expect(ok(add('Max', '10000')).customer?.store_credit).toBe('10010.00');
    expect(ok(add('Take back', '-10')).customer?.store_credit).toBe('0.00');
    expect(ok(add(' Trimmed ', '1.5')).creditEntry?.description).toBe('Trimmed');
  });
});

describe('history', () => {
  it('order history moves the status and checks notification fields', () => {
    const r = ok(
      runMutation(
        'orderHistory.add',
        { order: order({ status: 'complete' }) },
        { order_ref: O, id: uuid(6), order_status_id: 5, comment: 'Shipped' },
        ctx(),
      ),
    );
    expect(r.orderHistory).toMatchObject({
      order_status_id: 5,
      comment: 'Shipped',
      notify_by_email: false,
      date_added: NOW,
    });
    expect(r.order?.order_status_id).toBe(5);
    expect(
      runMutation(
        'orderHistory.add',
        { order: order() },
        {
          order_ref: O,
          id: uuid(6),
          order_status_id: 5,
          notify_customer: true,
          notify_by_text: true,
          phone: '555-123-4567',
        },
        ctx(),
      ),
    ).toEqual({
      ok: false,
      code: 'invalid_args',
      message: "Customer doesn't constent to text messages",
    });
    expect(runMutation('orderHistory.add', {}, { order_ref: O, id: uuid(6), order_status_id: 5 }, ctx())).toMatchObject(
      { code: 'not_found' },
    );
  });
  it('customer history with an image', () => {
    const image = { name: 'a.png', type: 'image/png', size: 100 };
    const r = ok(
      runMutation(
        'customerHistory.add',
        { customer: customer() },
        { id: uuid(7), customer_ref: C, comment: 'Called', image },
        ctx(),
      ),
    );
    expect(r.customerHistory).toMatchObject({ comment: 'Called', image, customer_history_id: null });
    expect(
      runMutation(
        'customerHistory.add',
        { customer: customer() },
        { id: uuid(7), customer_ref: C, image: { ...image, name: 'a.gif' } },
        ctx(),
      ),
    ).toMatchObject({ message: 'Image must be a .jpg or .png file' });
    expect(runMutation('customerHistory.add', {}, { id: uuid(7), customer_ref: C }, ctx())).toMatchObject({
      code: 'not_found',
    });
  });
});

describe('poNumber.apply', () => {
  const start = order({ lines: [product(), custom(), labor()] });
  it('applies to chosen products or all of them', () => {
    const one = ok(
      runMutation(
        'poNumber.apply',
        { order: start },
        { order_ref: O, po_number: 'PO-1', line_ids: [uuid(100)] },
        ctx(),
      ),
    ).order!;
    expect(one.lines.map((l) => l.po_number)).toEqual(['PO-1', null, null]);
    const all = ok(
      runMutation('poNumber.apply', { order: start }, { order_ref: O, po_number: 'PO-2', apply_to_all: true }, ctx()),
    ).order!;
    expect(all.lines.map((l) => l.po_number)).toEqual(['PO-2', 'PO-2', null]);
  });
  it('refuses labor lines, unknown lines, an empty selection and locked orders', () => {
    expect(
      runMutation('poNumber.apply', { order: start }, { order_ref: O, po_number: 'P', line_ids: [uuid(300)] }, ctx()),
    ).toMatchObject({ code: 'line_not_found' });
    expect(runMutation('poNumber.apply', { order: start }, { order_ref: O, po_number: 'P' }, ctx())).toMatchObject({
      code: 'invalid_args',
    });
    expect(
      runMutation(
        'poNumber.apply',
        { order: order({ status: 'voided' }) },
        { order_ref: O, po_number: 'P', apply_to_all: true },
        ctx(),
      ),
    ).toMatchObject({ code: 'order_not_editable' });
    expect(runMutation('poNumber.apply', {}, { order_ref: O, po_number: 'P' }, ctx())).toMatchObject({
      code: 'not_found',
    });
  });
});

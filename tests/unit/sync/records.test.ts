import { describe, expect, it } from 'vitest';
import {
  customerFromRows,
  customerToRows,
  orderFromRows,
  orderToRows,
  touchesOf,
} from '../../../src/contracts/sync-records';
import { emptyTotals } from '../../../src/domain/mutations/guards';
import type { Customer, Order } from '../../../src/domain/mutations/records';

const order: Order = {
  id: 'o1',
  order_id: null,
  device_ref: 'C2-0042',
  status: 'draft',
  order_status_id: null,
  customer_ref: null,
  customer_id: null,
  customer_name: null,
  tax_exempt: false,
  tax_exempt_number: null,
  location_id: null,
  shipping_method: null,
  payment_method: null,
  cashier_id: '2',
  totals: { ...emptyTotals },
  created_at: 't',
  updated_at: 't',
  completed_at: null,
  voided_at: null,
  lines: [
    { kind: 'custom', id: 'b', name: 'B', quantity: 1, po_number: null, price: '1.00', tax_class_id: null },
    { kind: 'custom', id: 'a', name: 'A', quantity: 2, po_number: 'PO1', price: '2.00', tax_class_id: 9 },
  ],
};

describe('sync records: wire rows <-> domain records', () => {
  it('an order splits into a header and positioned lines and assembles back, in line order', () => {
    const { order: header, lines } = orderToRows(order);
    expect(header).not.toHaveProperty('lines');
    expect(lines.map((l) => [l.id, l.position, l.order_ref])).toEqual([
      ['b', 0, 'o1'],
      ['a', 1, 'o1'],
    ]);
    expect(orderFromRows(header, [...lines].reverse())).toEqual(order);
  });

  it('a customer splits off its addresses and assembles back', () => {
    const c: Customer = {
      id: 'c1',
      customer_id: 7,
      firstname: 'A',
      lastname: 'B',
      email: '',
      telephone: '',
      texting_alerts: false,
      newsletter: false,
      status: true,
      safe: false,
      customer_group_id: 1,
      tax_exempt: false,
      tax_exempt_number: null,
      default_location_id: null,
      store_credit: '0.00',
      created_at: 't',
      updated_at: 't',
      addresses: [
        {
          address_id: 'a1',
          firstname: 'A',
          lastname: 'B',
          company: '',
          address_1: 'x',
          address_2: '',
          city: 'y',
          postcode: '1',
          country_id: 223,
          zone_id: 3,
          default: true,
        },
      ],
    };
    const rows = customerToRows(c);
    expect(rows.addresses[0]?.customer_ref).toBe('c1');
    expect(customerFromRows(rows.customer, rows.addresses)).toEqual(c);
  });

  it('finds what a mutation touches from its args', () => {
    expect(touchesOf('transaction.add', { order_ref: 'o', id: 't' })).toEqual({
      orderId: 'o',
      customerId: null,
      vehicleId: null,
      appointmentId: null,
      orderCustomer: true,
      voucherCode: null,
    });
    expect(
      touchesOf('transaction.add', { order_ref: 'o', transaction_type: 'voucher', voucher_code: 'GC1' }),
    ).toMatchObject({ voucherCode: 'GC1' });
    expect(touchesOf('order.create', { id: 'o', customer_ref: 'c' })).toEqual({
      orderId: 'o',
      customerId: 'c',
      vehicleId: null,
      appointmentId: null,
      orderCustomer: false,
      voucherCode: null,
    });
    expect(touchesOf('appointment.move', { appointment_ref: 'a' })).toMatchObject({
      appointmentId: 'a',
      orderId: null,
    });
    expect(touchesOf('customer.create', { id: 'c' })).toMatchObject({ customerId: 'c', orderId: null });
    expect(touchesOf('vehicle.create', { id: 'v', customer_ref: 'c' })).toMatchObject({
      vehicleId: 'v',
      customerId: 'c',
    });
    expect(touchesOf('vehicle.update', { vehicle_ref: 'v' })).toMatchObject({ vehicleId: 'v', customerId: null });
    expect(touchesOf('x', null)).toEqual({
      orderId: null,
      customerId: null,
      vehicleId: null,
      appointmentId: null,
      orderCustomer: false,
      voucherCode: null,
    });
  });
});

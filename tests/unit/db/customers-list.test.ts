import { describe, expect, it } from 'vitest';
import type { CustomerRow, OrderRow } from '../../../src/contracts/sync-records';
import { buildCustomerIndex, searchCustomerIndex } from '../../../src/db/customers-list';

/** The customers list's device index (docs/decisions/pos.md "Customers list"). */
describe('customers list index', () => {
  const customer = (id: string, firstname: string, lastname: string, email: string, telephone: string) =>
    ({
      id,
      customer_id: null,
      firstname,
      lastname,
      email,
      telephone,
      created_at: '2026-11-01T00:00:00Z',
    }) as unknown as CustomerRow;
  const order = (customer_ref: string | null, status: string, order_total: string, amount_paid: string) =>
    ({ id: crypto.randomUUID(), customer_ref, status, totals: { order_total, amount_paid } }) as unknown as OrderRow;

  const customers = [
    customer('c1', 'Marta', 'Quinlan', 'marta@example.net', '9998675309'),
    customer('c2', 'alan', 'Berg', 'alan@berg.test', '(303) 555-0142'),
    ...Array.from({ length: 21 }, (_, i) =>
      customer(`z${i}`, `Zed${String(i).padStart(2, '0')}`, 'Zephyr', `z${i}@z.test`, ''),
    ),
  ];
  const orders = [
    order('c1', 'saved', '40.00', '0.00'),
    order('c1', 'complete', '25.50', '20.00'),
    order('c1', 'quote', '99.00', '0.00'),
    order('c1', 'voided', '10.00', '0.00'),
    order('c1', 'draft', '10.00', '0.00'),
    order('c2', 'complete', '10.00', '10.00'),
    order(null, 'saved', '5.00', '0.00'),
  ];
  const index = buildCustomerIndex(customers, orders);
  const names = (s: string, page = 1) =>
    searchCustomerIndex(index, { s, page }).customers.map((c) => `${c.firstname} ${c.lastname}`);

  it('counts saved, quote, kiosk and complete orders; the balance is what saved, kiosk and complete orders owe', () => {
    const [marta] = searchCustomerIndex(index, { s: 'marta', page: 1 }).customers;
    expect(marta).toMatchObject({ total_orders: 3, balance: '45.50' });
    expect(searchCustomerIndex(index, { s: 'berg', page: 1 }).customers[0]).toMatchObject({
      total_orders: 1,
      balance: '0.00',
    });
  });

  it('sorts by name regardless of case and pages by 10', () => {
    const all = searchCustomerIndex(index, { s: '', page: 1 });
    expect(all).toMatchObject({ total: 23, totalPages: 3, page: 1 });
    expect(names('')[0]).toBe('alan Berg');
    expect(names('', 3)).toEqual(['Zed18 Zephyr', 'Zed19 Zephyr', 'Zed20 Zephyr']);
    expect(searchCustomerIndex(index, { s: '', page: 99 }).page).toBe(3);
  });

  it('finds by name, email and phone with or without its formatting', () => {
    expect(names('MARTA quinlan')).toEqual(['Marta Quinlan']);
    expect(names('berg.test')).toEqual(['alan Berg']);
    expect(names('3035550142')).toEqual(['alan Berg']);
    expect(names('(303) 555-0142')).toEqual(['alan Berg']);
    expect(names('999-867-5309')).toEqual(['Marta Quinlan']);
    expect(names('(999) 867 5309')).toEqual(['Marta Quinlan']);
    expect(names('nobody')).toEqual([]);
  });
});

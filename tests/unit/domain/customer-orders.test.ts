import { describe, expect, it } from 'vitest';
import {
  ORDER_NOT_DELETABLE,
  customerOrderRow,
  customerOrderSummary,
  customerReturnRow,
  orderDeleteRefusal,
  pageOf,
  sortOrderRows,
} from '../../../src/domain/customer-orders';
import type { OrderReturn } from '../../../src/domain/mutations/records';
import { order, uuid } from './factories';

const totals = (order_total: string, amount_paid: string) => ({
  ...order().totals,
  order_total,
  amount_paid,
  balance_due: '0.00',
});

describe('customer admin Orders and Returns rows', () => {
  it('only a saved order or quote that never took a payment may be deleted', () => {
    expect(orderDeleteRefusal({ status: 'saved' }, 0)).toBeNull();
    expect(orderDeleteRefusal({ status: 'quote' }, 0)).toBeNull();
    expect(orderDeleteRefusal({ status: 'saved' }, 1)).toBe(ORDER_NOT_DELETABLE);
    for (const status of ['draft', 'kiosk', 'complete', 'voided'] as const)
      expect(orderDeleteRefusal({ status }, 0)).toBe(ORDER_NOT_DELETABLE);
  });

  it('rows carry the spec fields; delete links only where deletion is allowed; summary nets returns', () => {
    const { lines: _l, ...saved } = order({
      id: uuid(1),
      order_id: 5,
      status: 'saved',
      totals: totals('12.00', '2.00'),
    });
    const { lines: _m, ...done } = order({
      id: uuid(2),
      order_id: 4,
      status: 'complete',
      totals: totals('94.00', '94.00'),
    });
    const { lines: _n, ...voided } = order({
      id: uuid(3),
      order_id: 6,
      status: 'voided',
      totals: totals('30.00', '0.00'),
    });
    expect(customerOrderRow(saved, 'Saved', 0)).toMatchObject({
      order_id: 5,
      status: 'Saved',
      total_text: '$12.00',
      balance: '10.00',
      balance_text: '$10.00',
      viewUrl: '/pos/order/view?order_id=5',
      editUrl: '/pos/order/continue?order_id=5',
      deleteUrl: '/api/order/delete?order_id=5',
      paceapi: '',
    });
    expect(customerOrderRow(saved, 'Saved', 1).deleteUrl).toBe('');
    expect(customerOrderRow(done, null, 1)).toMatchObject({ deleteUrl: '', editUrl: '/pos/order/view?order_id=4' });
    expect(customerOrderRow(voided, null, 0).balance).toBe('0.00');
    const returns = [{ total: '42.00' }, { total: '10.00' }];
    expect(customerOrderSummary([saved, done, voided], returns)).toEqual({
      total_spent_text: '$42.00',
      total_orders: 2,
      total_returns: 2,
      outstanding_balance_text: '$10.00',
    });
    const rows = [customerOrderRow(saved, 'Saved', 0), customerOrderRow(done, 'Complete', 1)];
    expect(sortOrderRows(rows, 'order_id', 'asc').map((r) => r.order_id)).toEqual([4, 5]);
    expect(sortOrderRows(rows, 'total', 'desc').map((r) => r.order_id)).toEqual([4, 5]);
    expect(pageOf([1, 2, 3], 2, 2)).toEqual({ results: 3, totalPages: 2, position: 2, data: [3] });
  });

  it('a return row links to its order’s Returns panel', () => {
    const r = { id: uuid(9), return_id: 3, order_ref: uuid(2), product: 'Alternator', model: 'ALT-1' } as OrderReturn;
    expect(customerReturnRow(r, { id: uuid(2), order_id: 4 })).toMatchObject({
      return_id: 3,
      order_id: 4,
      editUrl: '/pos/order/view?order_id=4#returns',
    });
  });
});

/** kiosk.submitOrder on the device and the server alike (src/domain/mutations/kiosk.ts; pos-back-office.md §4 "Kiosk checkout"). */
import { describe, expect, it } from 'vitest';
import { runMutation } from '../../../src/domain/mutations/registry';
import { defaultStoreSettings } from '../../../src/domain/settings';

const ctx = { now: '2026-11-28T10:00:00.000Z', actor: { id: '9', role: 'kiosk' }, settings: defaultStoreSettings };
const order_ref = '0190f5a0-0000-7000-8000-000000000001';
const line = (n: number, product_id: number, quantity: number) => ({
  line_id: `0190f5a0-0000-7000-8000-00000000010${n}`,
  product_id,
  name: `Part ${product_id}`,
  price: '12.50',
  quantity,
  tax_class_id: null,
});

describe('kiosk.submitOrder', () => {
  it('creates the whole order with status kiosk, local pickup, cash on delivery and its totals', () => {
    const r = runMutation(
      'kiosk.submitOrder',
      {},
      { order_ref, lines: [line(1, 5, 2), line(2, 6, 1), line(3, 5, 1)] },
      ctx,
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const o = r.changes.order!;
    expect(o).toMatchObject({
      id: order_ref,
      status: 'kiosk',
      shipping_method: 'local_pickup',
      payment_method: 'cod',
      customer_ref: null,
      cashier_id: '9',
    });
    // The same part twice merges into one line, as the POS cart does.
    expect(o.lines.map((l) => [l.kind === 'product' ? l.product_id : 0, l.quantity])).toEqual([
      [5, 3],
      [6, 1],
    ]);
    expect(o.totals.parts).toBe('50.00');
  });

  it('refuses an existing order and an empty one; writes nothing', () => {
    const made = runMutation('kiosk.submitOrder', {}, { order_ref, lines: [line(1, 5, 1)] }, ctx);
    if (!made.ok) throw new Error('not made');
    const again = runMutation(
      'kiosk.submitOrder',
      { order: made.changes.order! },
      { order_ref, lines: [line(1, 5, 1)] },
      ctx,
    );
    expect(again).toMatchObject({ ok: false, code: 'duplicate_id' });
    expect(runMutation('kiosk.submitOrder', {}, { order_ref, lines: [] }, ctx)).toMatchObject({ ok: false });
  });
});

import { describe, expect, it } from 'vitest';
import { applyServerChange } from '../../../src/db/tables';
import { findCachedVoucher } from '../../../src/db/vouchers';
import { defaultStoreSettings } from '../../../src/domain/settings';
import { mutate } from '../../../sync/outbox';
import { rebase } from '../../../sync/rebase';
import { domainRegistry } from '../../../sync/registry';
import { at, freshDb, staff, uuid } from './support';

const input = (name: string, args: unknown, n = 0) => ({
  name,
  args,
  actor: staff,
  now: at(n),
  settings: defaultStoreSettings,
});
const voucherRow = (id: string, balance: string, status = 'active') => ({
  table: 'vouchers',
  key: id,
  version: 1,
  row: {
    id,
    code: 'GiFT-40',
    balance,
    original_amount: '40.00',
    description: 'Gift Certificate',
    message: '',
    voucher_theme: '',
    status,
  },
});

async function device() {
  const db = freshDb();
  const voucherId = uuid();
  await applyServerChange(db, voucherRow(voucherId, '40.00'));
  const order = uuid();
  await mutate(db, domainRegistry, input('order.create', { id: order }));
  await mutate(
    db,
    domainRegistry,
    input('cart.addCustomProduct', {
      order_ref: order,
      line_id: uuid(),
      name: 'Brake pads',
      price: '100',
      quantity: 1,
      tax_class_id: null,
    }),
  );
  const pay = (amount: string, code = 'gift-40', id = uuid()) =>
    mutate(
      db,
      domainRegistry,
      input('transaction.add', { order_ref: order, id, transaction_type: 'voucher', amount, voucher_code: code }),
    );
  return { db, order, voucherId, pay };
}

describe('voucher payments on the device (offline, through the outbox)', () => {
  it('a cached voucher is found by code in any case; void or unknown codes are not', async () => {
    const { db, voucherId } = await device();
    expect(await findCachedVoucher(db, ' gift-40 ')).toMatchObject({
      code: 'GiFT-40',
      amount: '40.00',
      original_amount: '40.00',
    });
    expect(await findCachedVoucher(db, 'NOPE')).toBeUndefined();
    await applyServerChange(db, voucherRow(voucherId, '40.00', 'void'));
    expect(await findCachedVoucher(db, 'GIFT-40')).toBeUndefined();
  });

  it('is queued and capped by the balance net of this device’s unsynced voucher payments', async () => {
    const { db, order, pay } = await device();
    const first = uuid();
    expect(await pay('30', 'gift-40', first)).toMatchObject({ ok: true });
    expect(await db.outbox.orderBy('id').last()).toMatchObject({
      name: 'transaction.add',
      args: { transaction_type: 'voucher', amount: '30.00' },
    });
    expect((await findCachedVoucher(db, 'GIFT-40'))?.amount).toBe('10.00');
    expect(await pay('15')).toEqual({ ok: false, code: 'amount_above_voucher', message: 'Max amount allowed: $10.00' });
    expect(await pay('5', 'NO-SUCH')).toEqual({ ok: false, code: 'not_found', message: 'Invalid code' });
    // A void (also queued) gives the amount back on the device.
    expect(
      await mutate(db, domainRegistry, input('transaction.void', { order_ref: order, transaction_ref: first })),
    ).toMatchObject({ ok: true });
    expect((await findCachedVoucher(db, 'GIFT-40'))?.amount).toBe('40.00');
    expect(await db.orders.get(order)).toMatchObject({ totals: { amount_paid: '0.00', balance_due: '100.00' } });
  });

  it('after the server applied it (pulled), the server balance counts it once', async () => {
    const { db, order, voucherId, pay } = await device();
    const id = uuid();
    await pay('25', 'gift-40', id);
    const live = await db.transactions.get(id);
    // The pull brings the applied payment and the lowered balance; the mutations are acknowledged.
    await db.transaction(
      'rw',
      [
        db.base,
        db.transactions,
        db.lookups,
        db.dirty,
        db.outbox,
        db.orders,
        db.orderLines,
        db.orderHistory,
        db.customers,
        db.addresses,
        db.vehicles,
      ],
      async () => {
        await applyServerChange(db, { table: 'transactions', key: id, version: 5, row: live! });
        await applyServerChange(db, voucherRow(voucherId, '15.00'));
        for (const o of await db.orders.toArray())
          await applyServerChange(db, { table: 'orders', key: String(o.id), version: 6, row: o });
        for (const l of await db.orderLines.where('order_ref').equals(order).toArray())
          await applyServerChange(db, { table: 'order_lines', key: String(l.id), version: 7, row: l });
        await rebase(db, domainRegistry, 3, defaultStoreSettings);
      },
    );
    expect((await findCachedVoucher(db, 'GIFT-40'))?.amount).toBe('15.00');
  });
});

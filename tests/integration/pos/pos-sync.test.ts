/**
 * The online calls and the offline engine meet: what a cashier changes through the cart and order
 * calls reaches a device's pull (rows, order history, tombstones), and order history a device
 * queues offline is now stored by the push and read back by the history call.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historiesReplySchema } from '../../../src/contracts/pos-order';
import { pullReplySchema, type RowChange } from '../../../src/contracts/sync-pull';
import { staffCartReplySchema } from '../../../src/contracts/staff-cart';
import type { PartsdeskDb } from '../../../src/db/database';
import { orderHistoryRows } from '../../../src/db/queries';
import { loadOrder } from '../../../src/db/records';
import type { OrderHistory } from '../../../src/domain/mutations/records';
import type { SyncEngine } from '../../../sync/engine';
import { testEngines } from '../../support/engines';
import { signedInDevice } from '../sync/support/sync-server';
import { freshCashier, pickProducts, startPos, type PickedProducts, type PosWorld } from './support';

describe.each(testEngines())('POS calls seen by devices on %s', (engine) => {
  let w: PosWorld;
  let p: PickedProducts;
  let device: SyncEngine;
  let db: PartsdeskDb;
  beforeAll(async () => {
    w = await startPos(engine);
    p = await pickProducts(w);
    ({ device, db } = await signedInDevice(w.server, `pos-sync-${engine}`, 5000));
    expect(await device.syncNow()).toBe('ok');
  });
  afterAll(async () => {
    await w?.server.close();
  });

  it('a cart saved online, with history, is pulled by a device; the raw pull carries orders, lines and order_history', async () => {
    const clientId = randomUUID();
    const pull = async (cookie: number) =>
      pullReplySchema.parse((await w.cashier.get(`/sync/pull?clientId=${clientId}&cookie=${cookie}&limit=5000`)).body);
    let cookie = 0;
    for (let page = await pull(0); ; page = await pull(cookie)) {
      cookie = page.cookie;
      if (!page.more) break;
    }

    const c = await freshCashier(w);
    await c.post('/checkout/cart/add', { product_id: p.plain.product_id, quantity: 2 });
    await c.post('/checkout/cart/addCustomProduct', {
      name: 'Shop rag',
      price: '2.00',
      quantity: 1,
      tax_class_id: null,
    });
    const saved = staffCartReplySchema.parse((await c.get('/checkout/cart/saveOrder')).body);
    const h = await c.post(`/pos/order/history?order_id=${saved.order_id}`, {
      orderStatusId: 2,
      comment: 'Waiting on parts',
    });
    expect(h.status).toBe(200);

    const page = await pull(cookie);
    const mine = (t: string) =>
      page.changes.filter(
        (x: RowChange) => x.table === t && (x.key === saved.order_ref || x.row?.order_ref === saved.order_ref),
      );
    expect(mine('orders')).toHaveLength(1);
    expect(mine('orders')[0]!.row).toMatchObject({ status: 'saved', order_status_id: 2 });
    expect(mine('order_lines')).toHaveLength(2);
    expect(mine('order_history').map((x) => x.row)).toMatchObject([
      { order_ref: saved.order_ref, order_status_id: 2, comment: 'Waiting on parts', notify_customer: false },
    ]);

    expect(await device.syncNow()).toBe('ok');
    const onDevice = await loadOrder(db, saved.order_ref!);
    expect(onDevice).toMatchObject({ status: 'saved', order_id: saved.order_id, order_status_id: 2 });
    expect(onDevice!.lines.map((l) => l.name)).toEqual([p.plain.name, 'Shop rag']);
    expect(onDevice!.totals.order_total).toBe(saved.order_data!.order_total);
    const history = await orderHistoryRows<OrderHistory>(db, saved.order_ref!);
    expect(history.map((x) => x.comment)).toEqual(['Waiting on parts']);
  });

  it('an abandoned empty draft reaches the device as a deletion', async () => {
    const c = await freshCashier(w);
    const r = staffCartReplySchema.parse(
      (await c.post('/checkout/cart/add', { product_id: p.plain2.product_id, quantity: 1 })).body,
    );
    await c.post('/checkout/cart/remove', { key: r.products[0]!.key });
    expect(await device.syncNow()).toBe('ok');
    expect(await loadOrder(db, r.order_ref!)).toBeDefined();
    await c.get('/checkout/cart/abandonOrder');
    expect(await device.syncNow()).toBe('ok');
    expect(await loadOrder(db, r.order_ref!)).toBeUndefined();
    expect(await db.orderLines.where('order_ref').equals(r.order_ref!).count()).toBe(0);
  });

  it('an order voided at the counter while a device edits it offline: the push is rejected, the device shows it as a conflict and ends with the void', async () => {
    const c = await freshCashier(w);
    const r = staffCartReplySchema.parse(
      (await c.post('/checkout/cart/add', { product_id: p.plain.product_id, quantity: 1 })).body,
    );
    await c.get('/checkout/cart/saveOrder');
    await c.get('/checkout/cart/abandonOrder');
    expect(await device.syncNow()).toBe('ok');
    expect((await loadOrder(db, r.order_ref!))?.status).toBe('saved');
    // Offline (no sync): the device adds a line; the counter voids the order meanwhile.
    expect(
      await device.mutate('cart.addCustomProduct', {
        order_ref: r.order_ref,
        line_id: randomUUID(),
        name: 'Shop rag',
        price: '2.00',
        quantity: 1,
        tax_class_id: null,
      }),
    ).toMatchObject({ ok: true });
    expect((await loadOrder(db, r.order_ref!))?.lines).toHaveLength(2);
    expect((await c.get(`/pos/order/void?order_id=${r.order_id}`)).status).toBe(200);
    const before = (await device.status()).conflicts;
    expect(await device.syncNow()).toBe('ok');
    const conflicts = await device.conflicts();
    expect(conflicts).toHaveLength(before + 1);
    expect(conflicts.at(-1)).toMatchObject({ name: 'cart.addCustomProduct', message: 'This order has been voided.' });
    const after = await loadOrder(db, r.order_ref!);
    expect(after).toMatchObject({ status: 'voided' });
    expect(after!.lines).toHaveLength(1);
  });

  it('order history queued on a device is stored by the push and listed by /pos/order/histories', async () => {
    const c = await freshCashier(w);
    const r = staffCartReplySchema.parse(
      (await c.post('/checkout/cart/add', { product_id: p.plain.product_id, quantity: 1 })).body,
    );
    await c.get('/checkout/cart/saveOrder');
    expect(await device.syncNow()).toBe('ok');
    expect(
      await device.mutate('orderHistory.add', {
        order_ref: r.order_ref,
        id: randomUUID(),
        order_status_id: 7,
        comment: 'Picked up',
      }),
    ).toMatchObject({ ok: true });
    expect(await device.syncNow()).toBe('ok');
    const h = historiesReplySchema.parse((await c.get(`/pos/order/histories?order_id=${r.order_id}`)).body);
    expect(h.histories.map((x) => [x.status, x.comment])).toEqual([['Complete', 'Picked up']]);
    expect(h.orderStatusId).toBe(7);
  });
});

/**
 * The device's grouped catalog rows and its order history against the real server: stock changed
 * on the server reaches the device's grouped record on the next (incremental) pull, and an order's
 * history added on the device is pushed and comes back as the server's row. The device's first
 * pull also brings its prefix, and its next offline order is numbered with it.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PartsdeskDb } from '../../../src/db/database';
import { getMeta } from '../../../src/db/meta';
import { orderHistoryRows } from '../../../src/db/queries';
import { CatalogIndex } from '../../../sync/catalog-index';
import type { SyncEngine } from '../../../sync/engine';
import { testEngines } from '../../support/engines';
import { signedInDevice, startSyncServer, type SyncTestServer } from './support/sync-server';

describe.each(testEngines())('device catalog and history on %s', (engine) => {
  let server: SyncTestServer;
  let device: SyncEngine;
  let db: PartsdeskDb;

  beforeAll(async () => {
    server = await startSyncServer(engine);
    ({ device, db } = await signedInDevice(server, 'device-catalog', 5000));
    expect(await device.syncNow()).toBe('ok');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('holds every stock row in grouped records, and a stock change on the server updates it on the next pull', async () => {
    const serverRows = Number(
      (await sql<{ n: string }>`select count(*)::text as n from product_stock`.execute(server.db)).rows[0]!.n,
    );
    let deviceRows = 0;
    await db.stockChunks.each((c) => (deviceRows += c.keys.length));
    expect(deviceRows).toBe(serverRows);
    expect(await db.stockChunks.count()).toBeLessThan(serverRows / 10);

    const row = await server.db
      .selectFrom('product_stock')
      .select(['product_id', 'location_id', 'quantity'])
      .orderBy('product_id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    const index = new CatalogIndex(db);
    expect((await index.getProduct(row.product_id))?.stock).toContainEqual({
      location_id: row.location_id,
      quantity: row.quantity,
    });
    await server.db
      .updateTable('product_stock')
      .set({ quantity: row.quantity + 17 })
      .where('product_id', '=', row.product_id)
      .where('location_id', '=', row.location_id)
      .execute();
    expect(await device.syncNow()).toBe('ok');
    expect((await index.getProduct(row.product_id))?.stock).toContainEqual({
      location_id: row.location_id,
      quantity: row.quantity + 17,
    });
  });

  it('numbers an order made here with the prefix the first pull brought, and the server keeps the number', async () => {
    const prefix = await getMeta(db, 'devicePrefix');
    expect(prefix).toMatch(/^C\d+$/);
    const order = randomUUID();
    expect(await device.mutate('order.create', { id: order, device_ref: null })).toMatchObject({ ok: true });
    const ref = `${prefix}-0001`;
    expect((await db.orders.get(order))?.device_ref).toBe(ref);
    expect(await device.syncNow()).toBe('ok');
    const o = await server.db
      .selectFrom('orders')
      .select(['device_ref', 'order_id'])
      .where('id', '=', order)
      .executeTakeFirstOrThrow();
    expect(o.device_ref).toBe(ref);
    expect((await db.orders.get(order))?.device_ref).toBe(ref);
  });

  it("keeps an order's history on the device: added here, pushed, pulled back as the server's row", async () => {
    const order = randomUUID();
    const entry = randomUUID();
    await device.mutate('order.create', { id: order });
    await device.mutate('cart.addCustomProduct', {
      order_ref: order,
      line_id: randomUUID(),
      name: 'Wiper',
      price: '12.50',
      quantity: 1,
      tax_class_id: null,
    });
    await device.mutate('order.save', { order_ref: order });
    expect(
      await device.mutate('orderHistory.add', {
        order_ref: order,
        id: entry,
        order_status_id: 2,
        comment: 'Parts ordered',
      }),
    ).toMatchObject({ ok: true });
    expect(await orderHistoryRows(db, order)).toMatchObject([{ id: entry, comment: 'Parts ordered' }]);
    expect(await device.syncNow()).toBe('ok');
    const stored = await server.db
      .selectFrom('order_history')
      .select(['id', 'comment'])
      .where('order_ref', '=', order)
      .execute();
    expect(stored).toEqual([{ id: entry, comment: 'Parts ordered' }]);
    const rows = await orderHistoryRows<{ id: string; date_added: string; actor_id: string }>(db, order);
    expect(rows).toHaveLength(1);
    expect(await db.base.get(['order_history', entry])).toBeDefined();
    expect(await db.dirty.get(['order_history', entry])).toBeUndefined();
  });
});

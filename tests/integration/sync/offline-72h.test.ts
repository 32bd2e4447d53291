/**
 * "Never lose a sale": a till offline for more than 72 hours keeps every change queued (nothing
 * expires), and when it reconnects the queue pushes and applies exactly once, each sale under the
 * time it was made on the device (docs/decisions/client.md "Offline for days: no expiry, and the sale's
 * own date"). The device's clock is moved through 80 hours of selling that ended now; the server's is real.
 */
import { randomUUID } from 'node:crypto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PartsdeskDb } from '../../../src/db/database';
import { SyncEngine } from '../../../sync/engine';
import { SettingsCache } from '../../../sync/settings-cache';
import { testEngines } from '../../support/engines';
import { clientTransport, signedIn, startSyncServer, type SyncTestServer } from './support/sync-server';

const HOUR = 3_600_000;

describe.each(testEngines())('a till offline for 72+ hours on %s', (engine) => {
  let server: SyncTestServer;
  beforeAll(async () => {
    server = await startSyncServer(engine);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('keeps every sale queued, then pushes them once, each dated when it was sold', async () => {
    const cashier = await signedIn(server.url, 'cashier', 'cashier');
    const me = (await cashier.get('/api/session')).body.user as { id: string; role: string };
    const db = new PartsdeskDb(`offline-72h-${engine}`, { indexedDB: new IDBFactory(), IDBKeyRange });
    const settings = new SettingsCache(db);
    let online = true;
    // The first sale is 80 hours before the server's clock: the till sells from then until now.
    const start = Date.now() - 80 * HOUR;
    let deviceNow = Date.now();
    const device = new SyncEngine({
      db,
      transport: clientTransport(cashier),
      pollMs: 0,
      pullLimit: 5000,
      settings: settings.get,
      clock: () => deviceNow,
      env: { online: () => online },
      onCycleEnd: () => void settings.refresh(),
    });
    device.setSession({ id: me.id, role: me.role });
    expect(await device.syncNow()).toBe('ok');
    await settings.refresh();

    // The network goes; the till keeps selling for 80 hours (its clock is moved through them).
    online = false;
    const sales: { order: string; at: number; pay: string; amount: string }[] = [];
    for (const hoursLater of [0, 1, 26, 51, 79]) {
      deviceNow = start + hoursLater * HOUR;
      const order = randomUUID();
      const pay = randomUUID();
      const price = `${10 + hoursLater}.00`;
      for (const [name, args] of [
        ['order.create', { id: order }],
        [
          'cart.addCustomProduct',
          { order_ref: order, line_id: randomUUID(), name: 'Oil filter', price, quantity: 1, tax_class_id: null },
        ],
        ['transaction.add', { order_ref: order, id: pay, transaction_type: 'cash', amount: price }],
      ] as const) {
        const r = await device.mutate(name, args);
        expect(r.ok, JSON.stringify(r)).toBe(true);
      }
      sales.push({ order, at: deviceNow, pay, amount: price });
      expect(await device.syncNow()).toBe('retry');
    }
    deviceNow = start + 80 * HOUR;
    const waiting = await device.status();
    expect(waiting.pending).toBe(15);
    expect(waiting.oldestPendingAgeMs).toBeGreaterThanOrEqual(80 * HOUR);

    // Back online 80 hours after the first sale.
    online = true;
    expect(await device.syncNow()).toBe('ok');
    expect(await device.status()).toMatchObject({ pending: 0, conflicts: 0 });

    const clientId = (await db.meta.get('clientId'))?.value as string;
    const rec = await server.db
      .selectFrom('sync_mutations')
      .select(['mutation_id', 'status'])
      .where('client_id', '=', clientId)
      .orderBy('seq')
      .execute();
    expect(rec.map((r) => [Number(r.mutation_id), r.status])).toEqual(
      Array.from({ length: 15 }, (_, i) => [i + 1, 'applied']),
    );
    for (const s of sales) {
      const o = await server.db
        .selectFrom('orders')
        .select(['date_added', 'order_total', 'amount_paid'])
        .where('id', '=', s.order)
        .executeTakeFirstOrThrow();
      expect({ total: o.order_total, paid: o.amount_paid }).toEqual({ total: s.amount, paid: s.amount });
      // The order and its payment carry the time of the sale on the till, not of the push.
      expect(new Date(o.date_added).getTime()).toBe(s.at);
      const txs = await server.db
        .selectFrom('transactions')
        .select(['id', 'created_at', 'status'])
        .where('order_ref', '=', s.order)
        .execute();
      expect(txs.map((t) => [t.id, t.status, new Date(t.created_at).getTime()])).toEqual([[s.pay, 'approved', s.at]]);
    }
  });
});

/**
 * Server-loss recovery against the real server: the server "restores a backup" taken before the
 * device's last acknowledged mutations (their rows, their records and the client's counter go
 * back). The device notices from the next reply, re-pushes the lost mutations from its journal in
 * order, pulls from 0 again, and ends with server and device agreeing on every figure.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PartsdeskDb } from '../../../src/db/database';
import { getMeta } from '../../../src/db/meta';
import { loadOrder } from '../../../src/db/records';
import type { SyncEngine } from '../../../sync/engine';
import { testEngines } from '../../support/engines';
import { signedInDevice, startSyncServer, type SyncTestServer } from './support/sync-server';

describe.each(testEngines())('server-loss recovery on %s', (engine) => {
  let server: SyncTestServer;
  let device: SyncEngine;
  let db: PartsdeskDb;

  beforeAll(async () => {
    server = await startSyncServer(engine);
    ({ device, db } = await signedInDevice(server, 'loss', 5000));
  });
  afterAll(async () => {
    await server?.close();
  });

  it('re-pushes what the restored server lost and converges', async () => {
    const kept = randomUUID();
    const lost = randomUUID();
    const ok = async (name: string, args: unknown) =>
      expect(await device.mutate(name, args)).toMatchObject({ ok: true });
    await ok('order.create', { id: kept });
    await ok('cart.addCustomProduct', {
      order_ref: kept,
      line_id: randomUUID(),
      name: 'Kept',
      price: '10.00',
      quantity: 1,
      tax_class_id: null,
    });
    expect(await device.syncNow()).toBe('ok');
    await ok('order.create', { id: lost, device_ref: 'LOSS-1' });
    await ok('cart.addCustomProduct', {
      order_ref: lost,
      line_id: randomUUID(),
      name: 'Lost',
      price: '30.00',
      quantity: 2,
      tax_class_id: null,
    });
    await ok('transaction.add', { order_ref: lost, id: randomUUID(), transaction_type: 'cash', amount: '15.00' });
    expect(await device.syncNow()).toBe('ok');
    expect(await getMeta(db, 'lastAckedId')).toBe(5);
    const clientId = await getMeta(db, 'clientId');

    // "Restore last night's backup": mutations 3..5 and everything they wrote are gone.
    await server.db.deleteFrom('orders').where('id', '=', lost).execute();
    await server.db
      .deleteFrom('sync_mutations')
      .where('client_id', '=', clientId)
      .where('mutation_id', '>', '2')
      .execute();
    await server.db
      .updateTable('sync_clients')
      .set({ last_mutation_id: 2 })
      .where('client_id', '=', clientId)
      .execute();

    // The device keeps selling; its next push meets the gap and recovers.
    await ok('transaction.add', { order_ref: lost, id: randomUUID(), transaction_type: 'cash', amount: '5.00' });
    for (let i = 0; i < 3 && ((await device.status()).pending > 0 || (await getMeta(db, 'resendFrom')) !== null); i++)
      await device.syncNow();
    await device.syncNow();

    const ids = await server.db
      .selectFrom('sync_mutations')
      .select('mutation_id')
      .where('client_id', '=', clientId)
      .orderBy('seq')
      .execute();
    expect(ids.map((r) => Number(r.mutation_id))).toEqual([1, 2, 3, 4, 5, 6]);
    const o = await server.db
      .selectFrom('orders')
      .select(['order_total', 'amount_paid', 'device_ref'])
      .where('id', '=', lost)
      .executeTakeFirstOrThrow();
    expect(o).toEqual({ order_total: '60.00', amount_paid: '20.00', device_ref: 'LOSS-1' });
    const local = await loadOrder(db, lost);
    expect(local?.totals).toMatchObject({ order_total: '60.00', amount_paid: '20.00' });
    expect(local?.order_id).toBeGreaterThan(0);
    expect(await getMeta(db, 'resendFrom')).toBeNull();
    expect(await getMeta(db, 'fullSync')).toBe(false);
    expect(await device.status()).toMatchObject({ pending: 0, conflicts: 0, error: null });
  });
});

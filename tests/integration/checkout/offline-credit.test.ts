/**
 * Store credit added offline (docs/decisions/payments.md "Store credit: Add Credit"): a POS device
 * with no network adds credit (`credit.add` in its outbox), its cached balance rises at once and can
 * be spent at checkout while still offline; on reconnect the server applies both once, in order,
 * and the ledger row and the balance agree. The device is the real sync engine over fake IndexedDB.
 */
import { randomUUID } from 'node:crypto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PartsdeskDb } from '../../../src/db/database';
import { SyncEngine } from '../../../sync/engine';
import { SettingsCache } from '../../../sync/settings-cache';
import { testEngines } from '../../support/engines';
import { clientTransport } from '../sync/support/sync-server';
import { Device, signedIn, startCheckoutServer, type CheckoutServer } from './support/checkout-server';

describe.each(testEngines())('store credit added offline on %s', (engine) => {
  let server: CheckoutServer;
  let setup: Device;
  let db: PartsdeskDb;
  let sync: SyncEngine;
  let online = true;

  beforeAll(async () => {
    server = await startCheckoutServer(engine);
    setup = new Device(await signedIn(server.url, 'cashier'));
    const client = await signedIn(server.url, 'cashier');
    const me = (await client.get('/api/session')).body.user;
    db = new PartsdeskDb(`till-${randomUUID()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
    const settings = new SettingsCache(db);
    const link = clientTransport(client);
    sync = new SyncEngine({
      db,
      transport: (req) => (online ? link(req) : Promise.reject(new Error('network: offline'))),
      pollMs: 0,
      pullLimit: 5000,
      settings: settings.get,
      onCycleEnd: () => void settings.refresh(),
    });
    sync.setSession({ id: me.id, role: me.role });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('add offline, spend offline, reconnect: applied once, balance right on both sides', async () => {
    const customer = await setup.customer(server.db, '0.00');
    const order = await setup.order(['30.00'], { customer });
    expect(await sync.syncNow()).toBe('ok');
    online = false;
    const added = await sync.mutate('credit.add', {
      id: randomUUID(),
      customer_ref: customer,
      description: 'Returned alternator',
      amount: '45.00',
    });
    expect(added).toMatchObject({ ok: true });
    expect(await db.customers.get(customer)).toMatchObject({ store_credit: '45.00' });
    const paid = await sync.mutate('transaction.add', {
      order_ref: order.id,
      id: randomUUID(),
      transaction_type: 'store_credit',
      amount: '30.00',
    });
    expect(paid).toMatchObject({ ok: true });
    expect(await db.customers.get(customer)).toMatchObject({ store_credit: '15.00' });
    expect(await db.outbox.count()).toBe(2);
    online = true;
    expect(await sync.syncNow()).toBe('ok');
    expect(await db.outbox.count()).toBe(0);
    expect(await db.conflicts.count()).toBe(0);
    const c = await server.db
      .selectFrom('customers')
      .select('store_credit')
      .where('id', '=', customer)
      .executeTakeFirstOrThrow();
    expect(c.store_credit).toBe('15.00');
    const rows = await server.db
      .selectFrom('customer_credits')
      .select(['description', 'amount', 'balance'])
      .where('customer_ref', '=', customer)
      .orderBy('customer_transaction_id')
      .execute();
    // The spending is a ledger row too: store_credit is the sum of the rows (docs/decisions/pos.md
    // "Customer vehicles and credits").
    expect(rows).toEqual([
      { description: 'Returned alternator', amount: '45.00', balance: '45.00' },
      { description: 'Store credit payment', amount: '-30.00', balance: '15.00' },
    ]);
    const list = await setup.client.get(`/api/customer_credit?customer_id=${customer}`);
    expect(list.body).toMatchObject({ balance: '15.00', total: 2 });
    expect(await db.customers.get(customer)).toMatchObject({ store_credit: '15.00' });
    // The entries are in the device's credit store (written offline, then the server's copies pulled).
    const entries = await db.creditEntries.where('customer_ref').equals(customer).toArray();
    expect(entries.map((e) => e.amount).sort()).toEqual(['-30.00', '45.00']);
  });
});

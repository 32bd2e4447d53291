/**
 * Two POS devices offline spend the same voucher or the same store credit. Each device allows it
 * (each sees the whole balance in its cache) and queues it in its outbox; on reconnect the server
 * re-checks under the row locks: the first push is applied, the second rejected with the spec's
 * message (store credit: ours, docs/decisions/payments.md "Store credit never below $0.00") and kept
 * on that device as a conflict for staff (never lost, never an overdraft). Pushed one after the
 * other, and at the same moment (a spend against a spend, and against an Add Credit taking credit
 * back): the customer's row lock decides, the balance never goes below $0.00 and the ledger's rows
 * keep summing to it. The devices are the real sync engine over fake IndexedDB, their link cut while offline.
 */
import { randomUUID } from 'node:crypto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PartsdeskDb } from '../../../src/db/database';
import { findCachedVoucher } from '../../../src/db/vouchers';
import { SyncEngine } from '../../../sync/engine';
import { SettingsCache } from '../../../sync/settings-cache';
import { testEngines } from '../../support/engines';
import { clientTransport } from '../sync/support/sync-server';
import { Device, signedIn, startCheckoutServer, type CheckoutServer } from './support/checkout-server';

interface Till {
  db: PartsdeskDb;
  engine: SyncEngine;
  online: boolean;
}

async function till(server: CheckoutServer, user: string): Promise<Till> {
  const client = await signedIn(server.url, user);
  const me = (await client.get('/api/session')).body.user;
  const db = new PartsdeskDb(`till-${randomUUID()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  const settings = new SettingsCache(db);
  const link = clientTransport(client);
  const t = { db, online: true } as Till;
  t.engine = new SyncEngine({
    db,
    transport: (req) => (t.online ? link(req) : Promise.reject(new Error('network: offline'))),
    pollMs: 0,
    pullLimit: 5000,
    settings: settings.get,
    onCycleEnd: () => void settings.refresh(),
  });
  t.engine.setSession({ id: me.id, role: me.role });
  return t;
}

describe.each(testEngines())('offline double spend on %s', (engine) => {
  let server: CheckoutServer;
  let setup: Device;
  let a: Till;
  let b: Till;

  beforeAll(async () => {
    server = await startCheckoutServer(engine);
    setup = new Device(await signedIn(server.url, 'cashier'));
    [a, b] = await Promise.all([till(server, 'cashier'), till(server, 'cashier2')]);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** Both tills pull, go offline, each pays with `pay`, come back and push, A first. */
  async function offlineRace(pay: (t: Till, orderId: string) => Promise<unknown>, orders: [string, string]) {
    for (const t of [a, b]) expect(await t.engine.syncNow()).toBe('ok');
    const [conflictsA, conflictsB] = [await a.db.conflicts.count(), await b.db.conflicts.count()];
    a.online = b.online = false;
    expect(await pay(a, orders[0])).toMatchObject({ ok: true });
    expect(await pay(b, orders[1])).toMatchObject({ ok: true });
    a.online = b.online = true;
    expect(await a.engine.syncNow()).toBe('ok');
    expect(await b.engine.syncNow()).toBe('ok');
    expect(await a.db.conflicts.count()).toBe(conflictsA);
    const conflicts = (await b.db.conflicts.orderBy('id').toArray()).slice(conflictsB);
    expect(conflicts).toHaveLength(1);
    expect(await b.db.outbox.count()).toBe(0);
    return conflicts[0]!;
  }

  const approved = (orderId: string) =>
    server.db
      .selectFrom('transactions')
      .select(['amount', 'transaction_type'])
      .where('order_ref', '=', orderId)
      .where('status', '=', 'approved')
      .execute();

  it('the same voucher from two offline devices: one applied, the other a conflict "Max amount allowed: $10.00"', async () => {
    const code = `OFF-${randomUUID().slice(0, 6)}`;
    const sale = await setup.order([], { vouchers: [{ code, amount: '40.00' }] });
    expect((await setup.client.post(`/pos/checkout/complete?orderId=${sale.id}`, {})).status).toBe(200);
    const o1 = await setup.order(['40.00']);
    const o2 = await setup.order(['40.00']);
    const pay = (t: Till, orderId: string) =>
      t.engine.mutate('transaction.add', {
        order_ref: orderId,
        id: randomUUID(),
        transaction_type: 'voucher',
        amount: '30.00',
        voucher_code: code.toLowerCase(),
      });
    // Pulled: both devices know the voucher and its whole balance.
    await a.engine.syncNow();
    expect(await findCachedVoucher(a.db, code)).toMatchObject({ code, amount: '40.00' });
    const conflict = await offlineRace(pay, [o1.id, o2.id]);
    expect(conflict).toMatchObject({
      name: 'transaction.add',
      code: 'amount_above_voucher',
      message: 'Max amount allowed: $10.00',
    });
    const v = await server.db
      .selectFrom('vouchers')
      .select('balance')
      .where(sql<string>`upper(code)`, '=', code.toUpperCase())
      .executeTakeFirstOrThrow();
    expect(v.balance).toBe('10.00');
    expect(await approved(o1.id)).toEqual([{ amount: '30.00', transaction_type: 'voucher' }]);
    expect(await approved(o2.id)).toEqual([]);
    // Device B converged on the server: its optimistic payment is gone, the voucher shows what is left.
    expect(await b.db.orders.get(o2.id)).toMatchObject({ totals: { amount_paid: '0.00', balance_due: '40.00' } });
    expect((await findCachedVoucher(b.db, code))?.amount).toBe('10.00');
  });

  it('the same store credit from two offline devices: one applied, the other a conflict; credit never below 0', async () => {
    const customer = await setup.customer(server.db, '50.00');
    const o1 = await setup.order(['40.00'], { customer });
    const o2 = await setup.order(['40.00'], { customer });
    const pay = (t: Till, orderId: string) =>
      t.engine.mutate('transaction.add', {
        order_ref: orderId,
        id: randomUUID(),
        transaction_type: 'store_credit',
        amount: '40.00',
      });
    const conflict = await offlineRace(pay, [o1.id, o2.id]);
    expect(conflict).toMatchObject({
      name: 'transaction.add',
      code: 'amount_above_store_credit',
      message: 'Not enough store credit: $10.00 available.',
    });
    const c = await server.db
      .selectFrom('customers')
      .select('store_credit')
      .where('id', '=', customer)
      .executeTakeFirstOrThrow();
    expect(c.store_credit).toBe('10.00');
    expect(await approved(o1.id)).toEqual([{ amount: '40.00', transaction_type: 'store_credit' }]);
    expect(await approved(o2.id)).toEqual([]);
    expect(await b.db.customers.get(customer)).toMatchObject({ store_credit: '10.00' });
  });

  /** A customer whose credit is all in the ledger (an Add Credit), so the rows must keep summing to it. */
  async function creditedCustomer(amount: string): Promise<string> {
    const customer = await setup.customer(server.db, '0.00');
    const r = await setup.client.post(`/api/customer_credit/add?customer_id=${customer}`, {
      description: 'Opening credit',
      amount,
    });
    expect(r.status).toBe(200);
    return customer;
  }

  /** The balance, and the sum of the ledger's rows, which must agree. */
  async function creditOf(customer: string): Promise<string> {
    const c = await server.db
      .selectFrom('customers')
      .select('store_credit')
      .where('id', '=', customer)
      .executeTakeFirstOrThrow();
    const rows = await server.db
      .selectFrom('customer_credits')
      .select(sql<string>`coalesce(sum(amount), 0)::numeric(12,2)::text`.as('sum'))
      .where('customer_ref', '=', customer)
      .executeTakeFirstOrThrow();
    expect(rows.sum).toBe(c.store_credit);
    return c.store_credit;
  }

  /** Both tills pull, go offline, each makes its change, come back and push at the same moment. */
  async function concurrentPush(changeA: () => Promise<unknown>, changeB: () => Promise<unknown>) {
    for (const t of [a, b]) expect(await t.engine.syncNow()).toBe('ok');
    const before = [await a.db.conflicts.count(), await b.db.conflicts.count()];
    a.online = b.online = false;
    expect(await changeA()).toMatchObject({ ok: true });
    expect(await changeB()).toMatchObject({ ok: true });
    a.online = b.online = true;
    expect(await Promise.all([a.engine.syncNow(), b.engine.syncNow()])).toEqual(['ok', 'ok']);
    const conflicts = [
      ...(await a.db.conflicts.orderBy('id').toArray()).slice(before[0]),
      ...(await b.db.conflicts.orderBy('id').toArray()).slice(before[1]),
    ];
    expect(await a.db.outbox.count()).toBe(0);
    expect(await b.db.outbox.count()).toBe(0);
    return conflicts;
  }

  const spend = (t: Till, orderId: string, amount: string) =>
    t.engine.mutate('transaction.add', {
      order_ref: orderId,
      id: randomUUID(),
      transaction_type: 'store_credit',
      amount,
    });

  it('two devices spending the same credit push at once: one applied, the other refused with the reason', async () => {
    const customer = await creditedCustomer('50.00');
    const o1 = await setup.order(['40.00'], { customer });
    const o2 = await setup.order(['40.00'], { customer });
    const conflicts = await concurrentPush(
      () => spend(a, o1.id, '40.00'),
      () => spend(b, o2.id, '40.00'),
    );
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]).toMatchObject({
      name: 'transaction.add',
      code: 'amount_above_store_credit',
      message: 'Not enough store credit: $10.00 available.',
    });
    expect(await creditOf(customer)).toBe('10.00');
    const paid = [...(await approved(o1.id)), ...(await approved(o2.id))];
    expect(paid).toEqual([{ amount: '40.00', transaction_type: 'store_credit' }]);
  });

  it('a spend and an Add Credit taking credit back pushed at once: never below $0.00', async () => {
    const customer = await creditedCustomer('50.00');
    const o1 = await setup.order(['40.00'], { customer });
    const conflicts = await concurrentPush(
      () => spend(a, o1.id, '40.00'),
      () =>
        b.engine.mutate('credit.add', {
          id: randomUUID(),
          customer_ref: customer,
          description: 'Given by mistake',
          amount: '-30.00',
        }),
    );
    expect(conflicts).toHaveLength(1);
    const credit = await creditOf(customer);
    // Whichever reached the row lock first was applied; the other was refused with its reason.
    if (conflicts[0]!.name === 'credit.add') {
      expect(conflicts[0]).toMatchObject({ code: 'credit_below_zero', message: 'Store credit cannot go below $0.00' });
      expect(credit).toBe('10.00');
    } else {
      expect(conflicts[0]).toMatchObject({
        name: 'transaction.add',
        code: 'amount_above_store_credit',
        message: 'Not enough store credit: $20.00 available.',
      });
      expect(credit).toBe('20.00');
    }
  });
});

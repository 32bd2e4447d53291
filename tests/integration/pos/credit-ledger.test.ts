/**
 * The store credit ledger on the server (docs/decisions/pos.md "Customer vehicles and credits"):
 * Add Credit, a store credit payment, its void, void-all and the cart's removeCredit each write
 * their customer_credits rows in the same transaction as the balance, so store_credit == the sum of
 * the rows; GET /api/customer_credit lists the payment rows; a replayed push writes nothing twice.
 */
import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../../../src/contracts/protocol-version';
import { restoreEntryId } from '../../../src/domain/mutations/credit';
import { testEngines } from '../../support/engines';
import type { TestClient } from '../../support/http-client';
import { signedIn, startSyncServer, type SyncTestServer } from '../sync/support/sync-server';

const at = new Date().toISOString();

describe.each(testEngines())('store credit ledger on %s', (engine) => {
  let server: SyncTestServer;
  let cashier: TestClient;
  const clientId = randomUUID();
  let next = 1;
  const pushSeq = async (seq: number, name: string, args: unknown) => {
    const r = await cashier.post('/sync/push', {
      clientId,
      protocolVersion: PROTOCOL_VERSION,
      mutations: [{ id: seq, name, args, at }],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.results[0] as { status: string; message?: string };
  };
  const push = async (name: string, args: unknown) => {
    const r = await pushSeq(next++, name, args);
    expect(r, `${name} ${JSON.stringify(args)}`).toMatchObject({ status: 'applied' });
    return r;
  };
  const balanced = async (c: string) => {
    const { store_credit } = await server.db
      .selectFrom('customers')
      .select('store_credit')
      .where('id', '=', c)
      .executeTakeFirstOrThrow();
    const rows = await server.db.selectFrom('customer_credits').selectAll().where('customer_ref', '=', c).execute();
    const sum = rows.reduce((a, r) => a.plus(r.amount), new Decimal(0));
    expect(sum.toFixed(2)).toBe(store_credit);
    return { store_credit, rows };
  };
  const sale = async (c: string) => {
    const o = randomUUID();
    await push('order.create', { id: o, customer_ref: c });
    await push('cart.addCustomProduct', {
      order_ref: o,
      line_id: randomUUID(),
      name: 'Shop supplies',
      price: '100.00',
      quantity: 1,
      tax_class_id: null,
    });
    return o;
  };

  beforeAll(async () => {
    server = await startSyncServer(engine);
    cashier = await signedIn(server.url, 'cashier', 'cashier');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('spending writes a negative row, its void a positive one; replays add nothing', async () => {
    const c = randomUUID();
    await push('customer.create', { id: c, firstname: 'Lena', lastname: 'Ledger', email: `${c}@example.com` });
    await push('credit.add', { id: randomUUID(), customer_ref: c, description: 'Return', amount: '60' });
    const o = await sale(c);
    const t = randomUUID();
    const spend = { order_ref: o, id: t, transaction_type: 'store_credit', amount: '25' };
    const seq = next++;
    expect(await pushSeq(seq, 'transaction.add', spend)).toMatchObject({ status: 'applied' });
    expect(await pushSeq(seq, 'transaction.add', spend)).toMatchObject({ id: seq });
    let b = await balanced(c);
    expect(b.store_credit).toBe('35.00');
    expect(b.rows.find((r) => r.id === t)).toMatchObject({ amount: '-25.00', balance: '35.00', order_ref: o });
    await push('transaction.void', { order_ref: o, transaction_ref: t });
    b = await balanced(c);
    expect(b.store_credit).toBe('60.00');
    expect(b.rows.find((r) => r.id === restoreEntryId(t))).toMatchObject({ amount: '25.00', balance: '60.00' });
    // Two payments, then void all: both come back, one row each.
    await push('transaction.add', { ...spend, id: randomUUID(), amount: '10' });
    await push('transaction.add', { ...spend, id: randomUUID(), amount: '5' });
    expect((await balanced(c)).store_credit).toBe('45.00');
    await push('transaction.voidAll', { order_ref: o });
    b = await balanced(c);
    expect(b.store_credit).toBe('60.00');
    expect(b.rows).toHaveLength(7);
    const list = await cashier.get(`/api/customer_credit?customer_id=${c}&limit=100`);
    expect(list.status).toBe(200);
    expect(list.body.balance).toBe('60.00');
    expect((list.body.credits as { amount: string }[]).map((x) => x.amount)).toContain('-25.00');
  });

  it('the staff cart’s removeCredit restores through the ledger too', async () => {
    const c = randomUUID();
    await push('customer.create', { id: c, firstname: 'Remy', lastname: 'Remove', email: `${c}@example.com` });
    await push('credit.add', { id: randomUUID(), customer_ref: c, description: 'Gift', amount: '40' });
    const number = (
      await server.db.selectFrom('customers').select('customer_id').where('id', '=', c).executeTakeFirstOrThrow()
    ).customer_id;
    const cart = await signedIn(server.url, 'cashier', 'cashier');
    expect((await cart.post('/checkout/cart/addCustomProduct', { name: 'Oil', price: '50', quantity: 1 })).status).toBe(
      200,
    );
    const set = await cart.post('/checkout/cart/setCustomer', { customer_id: number });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const orderRef = (
      await server.db.selectFrom('orders').select('id').where('customer_uuid', '=', c).executeTakeFirstOrThrow()
    ).id;
    await push('transaction.add', {
      order_ref: orderRef,
      id: randomUUID(),
      transaction_type: 'store_credit',
      amount: '15',
    });
    expect((await balanced(c)).store_credit).toBe('25.00');
    const r = await cart.get('/checkout/cart/removeCredit');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const b = await balanced(c);
    expect(b.store_credit).toBe('40.00');
    expect(b.rows).toHaveLength(3);
  });
});

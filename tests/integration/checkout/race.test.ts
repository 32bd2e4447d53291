/**
 * Payments racing each other. On PostgreSQL these requests really run in parallel (one pool
 * connection each); the order row lock (FOR UPDATE, taken by the applier) and the voucher row lock
 * must make them serialise, so the balance is never overpaid and a voucher never overspent.
 * PGlite runs them one after another, which must give the same outcome.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../support/engines';
import type { TestClient } from '../../support/http-client';
import { Device, signedIn, startCheckoutServer, type CheckoutServer } from './support/checkout-server';

describe.each(testEngines())('payment races on %s', (engine) => {
  let server: CheckoutServer;
  let clients: TestClient[];
  let device: Device;

  beforeAll(async () => {
    server = await startCheckoutServer(engine);
    clients = await Promise.all(['cashier', 'cashier2', 'admin', 'admin'].map((u) => signedIn(server.url, u)));
    device = new Device(clients[0]!);
  });
  afterAll(async () => {
    await server?.close();
  });

  const paid = async (orderId: string) => {
    const rows = await server.db
      .selectFrom('transactions')
      .select(['amount', 'status'])
      .where('order_ref', '=', orderId)
      .execute();
    return rows.filter((r) => r.status === 'approved');
  };

  it('two devices paying the last balance at once: exactly one is applied, never an overpayment', async () => {
    for (let round = 0; round < 5; round++) {
      const o = await device.order(['25.00']);
      const replies = await Promise.all(
        clients.slice(0, 2).map((c, i) =>
          c.post('/pos/checkout/addTransaction', {
            orderId: o.id,
            transaction: {
              id: randomUUID(),
              transaction_type: i === 0 ? 'check' : 'cash',
              amount: '25.00',
              check_number: 10,
            },
          }),
        ),
      );
      expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(replies.find((r) => r.status === 409)!.body.message).toBe('There is no balance due on this order.');
      expect(await paid(o.id)).toHaveLength(1);
      const order = await server.db
        .selectFrom('orders')
        .select(['amount_paid', 'order_total'])
        .where('id', '=', o.id)
        .executeTakeFirstOrThrow();
      expect(order).toEqual({ amount_paid: '25.00', order_total: '25.00' });
    }
  });

  it('four clients splitting a balance in parallel never take more than it', async () => {
    const o = await device.order(['100.00']);
    const replies = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        clients[i % 4]!.post('/pos/checkout/addTransaction', {
          orderId: o.id,
          transaction: { id: randomUUID(), transaction_type: 'check', amount: '30.00', check_number: i + 1 },
        }),
      ),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(3);
    expect(replies.every((r) => r.status === 200 || r.status === 422 || r.status === 409)).toBe(true);
    const sum = (await paid(o.id)).reduce((s, r) => s + Math.round(Number(r.amount) * 100), 0);
    expect(sum).toBe(9000);
  });

  it('the same voucher spent from two clients at once: one is refused, the balance never goes below 0', async () => {
    const code = `RACE-${randomUUID().slice(0, 6)}`;
    const sale = await device.order([], { vouchers: [{ code, amount: '40.00' }] });
    await clients[0]!.post(`/pos/checkout/complete?orderId=${sale.id}`, {});
    const a = await device.order(['40.00']);
    const b = await device.order(['40.00']);
    const replies = await Promise.all(
      [a, b].map((o, i) =>
        clients[i]!.post('/pos/checkout/addTransaction', {
          orderId: o.id,
          transaction: { id: randomUUID(), transaction_type: 'voucher', amount: '30.00', voucher_code: code },
        }),
      ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, 422]);
    expect(replies.find((r) => r.status === 422)!.body.message).toBe('Max amount allowed: $10.00');
    const v = await server.db
      .selectFrom('vouchers')
      .select('balance')
      .where(sql<string>`upper(code)`, '=', code.toUpperCase())
      .executeTakeFirstOrThrow();
    expect(v.balance).toBe('10.00');
    const spent = await server.db
      .selectFrom('transactions')
      .select('amount')
      .where('voucher_code', '=', code)
      .where('status', '=', 'approved')
      .execute();
    expect(spent).toEqual([{ amount: '30.00' }]);
  });

  it('a retried request racing its original stores the payment once', async () => {
    const o = await device.order(['9.00']);
    const transaction = { id: randomUUID(), transaction_type: 'cash', amount: '9.00' };
    const replies = await Promise.all(
      clients.map((c) => c.post('/pos/checkout/addTransaction', { orderId: o.id, transaction })),
    );
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(replies.filter((r) => !r.body.replayed)).toHaveLength(1);
    expect(await paid(o.id)).toHaveLength(1);
  });
});

/**
 * IDOR swaps: every id a caller may name (a cart line key, an order line, a transaction id, a
 * payment-link payment id) is tried with another owner's id. The call must be refused (or act on
 * nothing) and the other owner's rows must stay exactly as they were.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../support/engines';
import { TestClient } from '../../support/http-client';
import { Device, signedIn, startCheckoutServer, type CheckoutServer } from '../checkout/support/checkout-server';
import { pickProducts, type PickedProducts, type PosWorld } from '../pos/support';
import { call, signInAs } from './matrix-support';

describe.each(testEngines())('IDOR swaps on %s', (engine) => {
  let server: CheckoutServer;
  let shopper: TestClient;
  let other: TestClient;
  let cashier: TestClient;
  let admin: TestClient;
  let device: Device;
  let p: PickedProducts;

  beforeAll(async () => {
    server = await startCheckoutServer(engine, { publicUrl: 'https://shop.example' });
    shopper = await signInAs(server.url, 'shopper');
    other = await signInAs(server.url, 'other');
    cashier = await signedIn(server.url, 'cashier');
    admin = await signedIn(server.url, 'admin');
    device = new Device(cashier);
    p = await pickProducts({ server: { db: server.open.db } } as unknown as PosWorld);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A hash of every row of these tables (what a refused call must leave alone). */
  async function rowsOf(table: string, where: string, value: string): Promise<string> {
    const r = await sql<{
      h: string;
    }>`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from ${sql.table(table)} x where ${sql.ref(where)} = ${value}`.execute(
      server.open.db,
    );
    return r.rows[0]!.h;
  }

  it("another shopper's cart line key: edit and remove touch nothing of it", async () => {
    const mine = await call(shopper, 'POST', '/checkout/cart/add', { product_id: p.plain.product_id, quantity: 2 });
    expect(mine.status).toBe(200);
    const key = (mine.body.products as { key: string }[])[0]!.key;
    const before = await call(shopper, 'GET', '/checkout/cart/getData');
    for (const [method, path, body] of [
      ['POST', '/checkout/cart/remove', { key }],
      ['PUT', '/checkout/cart/edit', { key, quantity: 9 }],
    ] as const) {
      const r = await call(other, method, path, body);
      expect(r.status === 200 ? r.body.products : [], `${path} as the other shopper`).toEqual([]);
    }
    expect((await call(shopper, 'GET', '/checkout/cart/getData')).body.products).toEqual(before.body.products);
  });

  it("another shopper's wishlist is neither read nor changed", async () => {
    expect((await call(shopper, 'POST', '/account/wishlist/add', { product_id: p.plain.product_id })).status).toBe(200);
    const theirs = await call(other, 'GET', '/account/wishlist/getWishlist');
    expect(theirs.body.products).toEqual([]);
    await call(other, 'POST', '/account/wishlist/remove', { product_id: p.plain.product_id });
    const mine = await call(shopper, 'GET', '/account/wishlist/getWishlist');
    expect((mine.body.products as { product_id: number }[]).map((x) => x.product_id)).toEqual([p.plain.product_id]);
  });

  it("another staff session's cart line: remove, edit and price override reach nothing", async () => {
    const held = await call(cashier, 'POST', '/checkout/cart/add', { product_id: p.plain.product_id, quantity: 1 });
    expect(held.status).toBe(200);
    const key = (held.body.products as { key: string }[])[0]!.key;
    const orderRef = held.body.order_ref as string;
    const before = await rowsOf('order_lines', 'order_ref', orderRef);
    for (const [method, path, body] of [
      ['POST', '/checkout/cart/remove', { key }],
      ['PUT', '/checkout/cart/edit', { key, quantity: 7 }],
      ['POST', '/checkout/cart/updatePrice', { key, newPrice: '0.01' }],
    ] as const) {
      const r = await call(admin, method, path, body);
      expect(r.status, `${path}: ${JSON.stringify(r.body)}`).toBeGreaterThanOrEqual(400);
    }
    expect(await rowsOf('order_lines', 'order_ref', orderRef)).toBe(before);
  });

  it("another order's line id: a PO number on order A naming order B's line changes nothing of B", async () => {
    const a = await device.order(['10.00']);
    const b = await device.order(['20.00']);
    const bLine = (
      await sql<{ id: string }>`select id from order_lines where order_ref = ${b.id} limit 1`.execute(server.open.db)
    ).rows[0]!;
    const before = await rowsOf('order_lines', 'order_ref', b.id);
    const r = await call(cashier, 'POST', `/pos/order/applyPoNumber?order_id=${a.id}`, {
      products: [{ order_product_id: bLine.id, po_number: 'PO-HIJACK' }],
    });
    expect(r.status, JSON.stringify(r.body)).toBeGreaterThanOrEqual(400);
    expect(await rowsOf('order_lines', 'order_ref', b.id)).toBe(before);
  });

  it("another order's transaction id: a payment on order B reusing A's transaction id is refused", async () => {
    const a = await device.order(['100.00']);
    const b = await device.order(['30.00']);
    const id = randomUUID();
    expect(
      (
        await call(cashier, 'POST', '/pos/checkout/addTransaction', {
          orderId: a.id,
          transaction: { id, transaction_type: 'cash', amount: '100.00' },
        })
      ).status,
    ).toBe(200);
    const before = await rowsOf('transactions', 'order_ref', a.id);
    const r = await call(cashier, 'POST', '/pos/checkout/addTransaction', {
      orderId: b.id,
      transaction: { id, transaction_type: 'cash', amount: '30.00' },
    });
    expect(r.status).toBe(409);
    expect(await rowsOf('transactions', 'order_ref', a.id)).toBe(before);
  });

  it("another order's transaction id through the public payment link is refused, the paid order keeps its payment", async () => {
    const a = await device.order(['100.00']);
    const b = await device.order(['40.00']);
    const id = randomUUID();
    expect(
      (
        await call(cashier, 'POST', '/pos/checkout/addTransaction', {
          orderId: a.id,
          transaction: { id, transaction_type: 'cash', amount: '100.00' },
        })
      ).status,
    ).toBe(200);
    const before = await rowsOf('transactions', 'order_ref', a.id);
    const sent = await call(cashier, 'POST', `/pos/order/sendPaymentURL?order_id=${b.id}`, {
      notifyByEmail: true,
      email: 'pat@example.com',
    });
    expect(sent.status).toBe(200);
    const token = tokenOf();
    const card = { number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', name: 'Pat Payer' };
    const r = await call(new TestClient(server.url), 'POST', '/api/pay/link', { token, id, card });
    expect(r.status, JSON.stringify(r.body)).toBe(409);
    expect(await rowsOf('transactions', 'order_ref', a.id)).toBe(before);
    const paidA = await server.open.db
      .selectFrom('orders')
      .select('amount_paid')
      .where('id', '=', a.id)
      .executeTakeFirstOrThrow();
    expect(paidA.amount_paid).toBe('100.00');
  });

  /** The link's token as the customer received it (the mailer's copy, not the masked outbox). */
  function tokenOf(): string {
    return /token=([\w-]+)/.exec(server.mails.at(-1)!.text)![1]!;
  }
});

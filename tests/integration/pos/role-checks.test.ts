/**
 * Every staff cart call and POS order call, as a guest (401) and as a shopper (403), with arguments
 * that would change a real order of a cashier's cart: nothing of the shop's order data changes.
 * The six paths the shopper cart shares (getData, add, edit, remove, applyCode, removeCode) answer
 * a shopper or guest with the shopper cart: the loop checks they never reach the staff cart.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffCartReplySchema, type StaffCartReply } from '../../../src/contracts/staff-cart';
import { testEngines } from '../../support/engines';
import { freshCashier, pickProducts, startPos, type PickedProducts, type PosWorld } from './support';

type Call = [method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown];

/** The order data a refused call must leave alone, table by table (every row's text, hashed). */
const STAFF_TABLES = ['orders', 'order_lines', 'transactions', 'order_history', 'staff_carts', 'customers'] as const;

describe.each(testEngines())('POS role checks on %s', (engine) => {
  let w: PosWorld;
  let p: PickedProducts;
  let held: StaffCartReply;
  let saved: StaffCartReply;
  beforeAll(async () => {
    w = await startPos(engine);
    p = await pickProducts(w);
    // A saved order out of any cart, and a cashier's cart with a line (the targets of every call).
    const s = await freshCashier(w);
    await s.post('/checkout/cart/add', { product_id: p.plain.product_id, quantity: 1 });
    saved = staffCartReplySchema.parse((await s.get('/checkout/cart/saveOrder')).body);
    await s.get('/checkout/cart/abandonOrder');
    held = staffCartReplySchema.parse(
      (await w.cashier.post('/checkout/cart/add', { product_id: p.plain2.product_id, quantity: 1 })).body,
    );
    expect(held.order_ref).not.toBeNull();
  });
  afterAll(async () => {
    await w?.server.close();
  });

  async function snapshot(): Promise<Record<string, string>> {
    const out: Record<string, string> = {};
    for (const t of STAFF_TABLES) {
      const r = await sql<{
        h: string;
      }>`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from ${sql.table(t)} x`.execute(
        w.server.db,
      );
      out[t] = r.rows[0]!.h;
    }
    return out;
  }

  const staffOnly = (): Call[] => {
    const key = held.products[0]!.key;
    const order = String(saved.order_id);
    return [
      ['POST', '/checkout/cart/setCustomer', { customer_id: 1 }],
      ['GET', '/checkout/cart/removeCustomer'],
      ['POST', '/checkout/cart/getCustomer', { customerData: 'shopper@example.com' }],
      ['POST', '/checkout/cart/setCheckoutData', { customer_id: null }],
      ['GET', '/checkout/cart/saveOrder'],
      ['GET', '/checkout/cart/quoteOrder'],
      ['GET', '/checkout/cart/abandonOrder'],
      ['GET', '/checkout/cart/cancelOrder'],
      ['GET', '/checkout/cart/saveOrderAndCheckout'],
      ['GET', '/checkout/cart/removeCredit'],
      ['POST', '/checkout/cart/updatePrice', { key, newPrice: '0.01' }],
      ['POST', '/checkout/cart/addCustomProduct', { name: 'Rag', price: '1.00', quantity: 1, tax_class_id: null }],
      ['POST', '/checkout/cart/applyLabor', { laborId: 1, laborTime: 30, quantity: 1, name: '', productLaborKey: '' }],
      ['POST', '/checkout/cart/updateLabor', { key, laborTime: 10 }],
      ['GET', '/api/order?status=all'],
      ['GET', `/api/order/info?order_id=${order}`],
      ['GET', `/pos/order/void?order_id=${order}`],
      ['POST', `/pos/order/history?order_id=${order}`, { orderStatusId: 2, comment: 'x' }],
      ['GET', `/pos/order/histories?order_id=${order}`],
      ['POST', `/pos/order/histories?order_id=${order}`, {}],
      [
        'POST',
        '/api/cart/applyPoNumber',
        { products: [{ cart_key: key, name: 'x', po_number: 'PO-1', apply_to_all: true }] },
      ],
      [
        'POST',
        `/pos/order/applyPoNumber?order_id=${order}`,
        { products: [{ cart_key: key, name: 'x', po_number: 'PO-1', apply_to_all: true }] },
      ],
      ['POST', '/pos/checkout/setCustomer', { customerId: 1, orderId: order }],
      ['POST', '/pos/order/setCustomer', { order_id: order, customer_id: 1 }],
      ['GET', '/pos/customer/search?s=a'],
      ['GET', `/pos/order/continue?order_id=${order}`],
    ];
  };

  it('a guest gets 401 and a shopper 403 on every staff call, and no order data changes', async () => {
    const before = await snapshot();
    const calls = staffOnly();
    const seen: string[] = [];
    for (const [who, client, status] of [
      ['guest', w.guest, 401],
      ['shopper', w.shopper, 403],
    ] as const) {
      for (const [method, path, body] of calls) {
        const r = await client.request(method, path, body);
        seen.push(`${who} ${method} ${path} -> ${r.status}`);
        expect(r.status, `${who} ${method} ${path}: ${JSON.stringify(r.body)}`).toBe(status);
      }
    }
    expect(seen).toHaveLength(calls.length * 2);
    expect(await snapshot()).toEqual(before);
  });

  it("the shared cart paths give a shopper or guest their own cart: a cashier's line keys and cart are out of reach", async () => {
    const before = await snapshot();
    const key = held.products[0]!.key;
    for (const client of [w.guest, w.shopper]) {
      await client.request('PUT', '/checkout/cart/edit', { key, quantity: 5 });
      await client.post('/checkout/cart/remove', { key });
      await client.post('/checkout/cart/removeCode', { type: 'voucher', code: 'X' });
      const r = await client.get('/checkout/cart/getData');
      expect(r.status).toBe(200);
      expect(r.body).not.toHaveProperty('order_ref');
    }
    expect(await snapshot()).toEqual(before);
    const mine = staffCartReplySchema.parse((await w.cashier.get('/checkout/cart/getData')).body);
    expect(mine.products.map((x) => [x.key, x.quantity])).toEqual([[key, 1]]);
  });

  // Quantities 0, below the minimum and 10001 are not errors in the spec (§5: fall back to the
  // minimum, clamp to 10000 with its message): staff-cart.test.ts checks those answers.
  it("bad input is a 4xx, never a 500: unknown product, negative price, another cashier's line, unknown order", async () => {
    const key = held.products[0]!.key;
    const other = await freshCashier(w, 'cashier2');
    const bad: [Call, number][] = [
      [['POST', '/checkout/cart/add', { product_id: 99_999_999, quantity: 1 }], 404],
      [['POST', '/checkout/cart/add', { product_id: p.plain.product_id, quantity: 'ten' }], 400],
      [['POST', '/checkout/cart/addCustomProduct', { name: 'Core', price: '-3', quantity: 1 }], 400],
      [['POST', '/checkout/cart/addCustomProduct', { name: 'Core', price: '3', quantity: 0 }], 400],
      [['POST', '/checkout/cart/applyLabor', { laborId: 1, laborTime: 0, quantity: 1 }], 400],
      [['GET', '/pos/order/void?order_id=99999999'], 404],
      [['GET', '/api/order/info?order_id=not-a-number'], 400],
      [['POST', '/pos/order/setCustomer', { order_id: 99_999_999, customer_id: 1 }], 404],
    ];
    for (const [[method, path, body], status] of bad) {
      const r = await other.request(method, path, body);
      expect(r.status, `${method} ${path}: ${JSON.stringify(r.body)}`).toBe(status);
    }
    // Another cashier's cart: its line keys are not found from this session (first give it a cart of its own).
    await other.post('/checkout/cart/add', { product_id: p.plain.product_id, quantity: 1 });
    for (const [method, path, body] of [
      ['PUT', '/checkout/cart/edit', { key, quantity: 2 }],
      ['POST', '/checkout/cart/remove', { key }],
      ['POST', '/checkout/cart/updatePrice', { key, newPrice: '1.00' }],
      ['POST', '/checkout/cart/updateLabor', { key, laborTime: 5 }],
    ] as const) {
      const r = await other.request(method, path, body);
      expect(r.status, `${method} ${path}: ${JSON.stringify(r.body)}`).toBe(404);
    }
    const mine = staffCartReplySchema.parse((await w.cashier.get('/checkout/cart/getData')).body);
    expect(mine.products.map((x) => [x.key, x.quantity, x.price])).toEqual([[key, 1, held.products[0]!.price]]);
  });
});

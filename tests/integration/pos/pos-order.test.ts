/**
 * POS order calls: detail, void, history (the spec's notification rules), histories, PO numbers,
 * customer assignment and search, pages vs calls, and the kiosk tab of the orders list.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  customerSearchReplySchema,
  historiesReplySchema,
  orderInfoSchema,
  voidReplySchema,
} from '../../../src/contracts/pos-order';
import { PROTOCOL_VERSION } from '../../../src/contracts/protocol-version';
import { staffCartReplySchema, type StaffCartReply } from '../../../src/contracts/staff-cart';
import { testEngines } from '../../support/engines';
import type { TestClient } from '../../support/http-client';
import {
  domainTotals,
  freshCashier,
  navigate,
  pickProducts,
  refused,
  startPos,
  type PickedProducts,
  type PosWorld,
} from './support';

const ok = <T>(r: { status: number; body: T }): T => {
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };

describe.each(testEngines())('POS order calls on %s', (engine) => {
  let w: PosWorld;
  let p: PickedProducts;
  let c: TestClient;
  beforeAll(async () => {
    w = await startPos(engine);
    p = await pickProducts(w);
    c = w.cashier;
  });
  afterAll(async () => {
    await w?.server.close();
  });

  /** A saved order of this cashier with two lines, out of the cart. */
  async function savedOrder(): Promise<StaffCartReply> {
    const s = await freshCashier(w);
    await s.post('/checkout/cart/add', { product_id: p.plain.product_id, quantity: 2 });
    await s.post('/checkout/cart/addCustomProduct', {
      name: 'Shop supplies',
      price: '4.50',
      quantity: 1,
      tax_class_id: 1,
    });
    const r = staffCartReplySchema.parse(ok(await s.get('/checkout/cart/saveOrder')));
    ok(await s.get('/checkout/cart/abandonOrder'));
    return r;
  }

  it('every call is staff only', async () => {
    refused(await w.guest.get('/api/order/info?order_id=1'), 401);
    refused(await w.shopper.get('/api/order/info?order_id=1'), 403);
    refused(await w.shopper.get('/pos/order/void?order_id=1'), 403);
    refused(await w.guest.get('/pos/customer/search?s=a'), 401);
    refused(await w.shopper.post('/pos/order/history?order_id=1', { orderStatusId: 2 }), 403);
    refused(await w.shopper.post('/pos/checkout/setCustomer', { customerId: 1 }), 403);
  });

  it("GET /api/order/info: the order by number or uuid, with totals equal to the domain's", async () => {
    const o = await savedOrder();
    const byNumber = orderInfoSchema.parse(ok(await c.get(`/api/order/info?order_id=${o.order_id}`)));
    const byUuid = orderInfoSchema.parse(ok(await c.get(`/api/order/info?order_id=${o.order_ref}`)));
    expect(byUuid).toEqual(byNumber);
    const d = await domainTotals(w, o.order_ref!);
    expect(byNumber).toMatchObject({
      id: o.order_ref,
      order_id: o.order_id,
      status: 'saved',
      order_status: 'Saved',
      cashier: 'Casey Ramos',
      can_continue: true,
      can_void: true,
      purchase_orders: [],
      total_items: 3,
    });
    expect(byNumber).toMatchObject({ order_total: d.order_total, balance_due: d.balance_due, paid_amount: '0.00' });
    expect(byNumber.totals).toEqual(d.rows.map((r) => ({ code: r.code, title: r.title, text: r.text })));
    expect(byNumber.products.map((x) => x.order_product_id)).toEqual(d.order.lines.map((l) => l.id));
    expect(byNumber.date_added_long).toMatch(/\d{4}/);
    refused(await c.get('/api/order/info?order_id=99999999'), 404, 'The order could not be found.');
    refused(await c.get('/api/order/info?order_id=abc'), 400);
  });

  it('void: voids the order and its incomplete transactions; voiding it again is refused', async () => {
    const o = await savedOrder();
    const pending = randomUUID();
    const push = ok<{ results: { status: string }[] }>(
      await c.post('/sync/push', {
        clientId: randomUUID(),
        protocolVersion: PROTOCOL_VERSION,
        mutations: [
          {
            id: 1,
            name: 'transaction.add',
            args: { order_ref: o.order_ref, id: pending, transaction_type: 'cash', amount: '1.00', status: 'pending' },
            at: new Date().toISOString(),
          },
        ],
      }),
    );
    expect(push.results[0]!.status).toBe('applied');
    const v = voidReplySchema.parse(ok(await c.get(`/pos/order/void?order_id=${o.order_id}`)));
    expect(v).toMatchObject({ errors: [], success: 'The order has been voided.' });
    expect(v.order).toMatchObject({ status: 'voided', order_status: 'Voided', can_void: false, can_continue: false });
    expect(v.order!.transactions.find((t) => t.id === pending)).toMatchObject({ status: 'void', void: true });
    const again = await c.get(`/pos/order/void?order_id=${o.order_id}`);
    expect(again.status).toBe(409);
    expect(voidReplySchema.parse(again.body)).toMatchObject({ errors: ['This order has been voided.'], success: '' });
    expect(again.body.order.status).toBe('voided');
    const missing = await c.get('/pos/order/void?order_id=99999999');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ errors: ['The order could not be found.'], order: null });
  });

  it("history: form-encoded, validated with the spec's notification rules; histories lists entries and statuses", async () => {
    const o = await savedOrder();
    const path = `/pos/order/history?order_id=${o.order_id}`;
    refused(await c.post(path, form({ orderStatusId: '0' }), formHeaders), 400, 'Please select a status');
    refused(await c.post(path, form({ orderStatusId: '99' }), formHeaders), 400, 'Please select a status');
    refused(
      await c.post(path, form({ orderStatusId: '2', notifyCustomer: '1', notifyByEmail: '1', email: '' }), formHeaders),
      400,
      'Required',
    );
    refused(
      await c.post(
        path,
        form({ orderStatusId: '2', notifyCustomer: '1', notifyByEmail: '1', email: 'not-an-email' }),
        formHeaders,
      ),
      400,
      'Invalid email',
    );
    refused(
      await c.post(
        path,
        form({ orderStatusId: '2', notifyCustomer: '1', notifyByText: '1', phone: '12', textingAlerts: '1' }),
        formHeaders,
      ),
      400,
      'Invalid phone number format',
    );
    refused(
      await c.post(
        path,
        form({ orderStatusId: '2', notifyCustomer: '1', notifyByText: '1', phone: '(512) 555-0134' }),
        formHeaders,
      ),
      400,
      "Customer doesn't constent to text messages",
    );
    // Notify off: the notification fields are not checked.
    expect(
      ok(
        await c.post(
          path,
          form({ orderStatusId: '2', comment: 'Parts ordered', notifyCustomer: '0', notifyByEmail: '1', email: '' }),
          formHeaders,
        ),
      ),
    ).toEqual({ success: 'The order history was added.' });
    ok(
      await c.post(
        path,
        form({
          orderStatusId: '6',
          comment: 'Card declined',
          notifyCustomer: '1',
          notifyByText: '1',
          phone: '(512) 555-0134',
          overrideTextPermission: 'true',
        }),
        formHeaders,
      ),
    );
    const h = historiesReplySchema.parse(ok(await c.get(`/pos/order/histories?order_id=${o.order_ref}`)));
    expect(h.histories.map((x) => [x.status, x.comment, x.notify_customer])).toEqual([
      ['Processing', 'Parts ordered', false],
      ['Incomplete Transaction', 'Card declined', true],
    ]);
    expect(h).toMatchObject({ orderStatusId: 6, recentHistoryNote: 'Card declined' });
    expect(h.orderStatuses.find((s) => s.order_status_id === 8)).toMatchObject({
      name: 'Voided',
      status_color: '#6c757d',
    });
    expect(historiesReplySchema.parse(ok(await c.post('/pos/order/histories', { order_id: o.order_id })))).toEqual(h);
    const info = orderInfoSchema.parse(ok(await c.get(`/api/order/info?order_id=${o.order_id}`)));
    expect(info).toMatchObject({ order_status_id: 6, order_status: 'Incomplete Transaction' });
    expect(info.history).toHaveLength(2);
  });

  it('PO numbers: on the session cart (/api/cart/applyPoNumber) and on an order, by line or to all', async () => {
    const s = await freshCashier(w);
    const r = staffCartReplySchema.parse(
      ok(await s.post('/checkout/cart/add', { product_id: p.plain.product_id, quantity: 1 })),
    );
    const key = r.products[0]!.key;
    refused(
      await s.post('/api/cart/applyPoNumber', { products: [{ cart_key: key, po_number: ' ' }] }),
      400,
      'Please enter a PO Number',
    );
    refused(
      await s.post('/api/cart/applyPoNumber', { products: [{ cart_key: randomUUID(), po_number: 'PO-1' }] }),
      404,
      'The item could not be found on this order.',
    );
    expect(
      ok(
        await s.post('/api/cart/applyPoNumber', {
          products: [{ cart_key: key, name: r.products[0]!.name, po_number: 'PO-1', apply_to_all: false }],
        }),
      ),
    ).toEqual({ success: 'PO Number added successfully.' });
    expect(staffCartReplySchema.parse(ok(await s.get('/checkout/cart/getData'))).products[0]!.po_number).toBe('PO-1');
    refused(
      await (
        await freshCashier(w)
      ).post('/api/cart/applyPoNumber', { products: [{ cart_key: key, po_number: 'PO-2' }] }),
      404,
      'There is no order in the cart.',
    );

    const o = await savedOrder();
    ok(
      await c.post(`/pos/order/applyPoNumber?order_id=${o.order_id}`, {
        products: [{ po_number: 'PO-ALL', apply_to_all: 1 }],
      }),
    );
    let info = orderInfoSchema.parse(ok(await c.get(`/api/order/info?order_id=${o.order_id}`)));
    expect(info.products.map((x) => x.po_number)).toEqual(['PO-ALL', 'PO-ALL']);
    ok(
      await c.post(`/pos/order/applyPoNumber?order_id=${o.order_id}`, {
        products: [{ order_product_id: info.products[1]!.order_product_id, po_number: 'PO-9' }],
      }),
    );
    info = orderInfoSchema.parse(ok(await c.get(`/api/order/info?order_id=${o.order_id}`)));
    expect(info.po_number_list).toEqual(['PO-ALL', 'PO-9']);
    ok(await c.get(`/pos/order/void?order_id=${o.order_id}`));
    refused(
      await c.post(`/pos/order/applyPoNumber?order_id=${o.order_id}`, {
        products: [{ po_number: 'X', apply_to_all: true }],
      }),
      409,
      'This order has been voided.',
    );
  });

  it('setCustomer: on a named order, or on the session cart when no order is named', async () => {
    const cust = await w.server.db
      .selectFrom('customers')
      .select(['id', 'customer_id', 'firstname', 'lastname'])
      .orderBy('customer_id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    const o = await savedOrder();
    const r = ok<{ success: string; order: unknown }>(
      await c.post('/pos/order/setCustomer', { order_id: o.order_id, customer_id: cust.customer_id }),
    );
    expect(r.success).toBe(`${cust.firstname} ${cust.lastname} has been assigned to the order.`);
    expect(orderInfoSchema.parse(r.order)).toMatchObject({
      customer_ref: cust.id,
      customer: `${cust.firstname} ${cust.lastname}`,
    });
    refused(
      await c.post('/pos/order/setCustomer', { order_id: o.order_id, customer_id: 99_999_999 }),
      404,
      'The customer could not be found.',
    );
    const s = await freshCashier(w);
    refused(
      await s.post('/pos/checkout/setCustomer', { customerId: cust.customer_id }),
      404,
      'There is no order in the cart.',
    );
    await s.post('/checkout/cart/add', { product_id: p.plain.product_id, quantity: 1 });
    const viaCart = ok<{ order: { customer_ref: string } }>(
      await s.post('/pos/checkout/setCustomer', { customerId: String(cust.customer_id) }),
    );
    expect(viaCart.order.customer_ref).toBe(cust.id);
    expect(staffCartReplySchema.parse(ok(await s.get('/checkout/cart/getData'))).customer?.id).toBe(cust.id);
    const viaOrder = ok<{ order: { id: string } }>(
      await s.post('/pos/checkout/setCustomer', { customerId: cust.id, orderId: String(o.order_id) }),
    );
    expect(viaOrder.order.id).toBe(o.order_ref);
  });

  it('customer search: name, email or phone, any case, at most 10; empty text gives []', async () => {
    const cust = await w.server.db
      .selectFrom('customers')
      .select(['customer_id', 'firstname', 'lastname', 'email', 'telephone'])
      .where('email', 'is not', null)
      .orderBy('customer_id')
      .limit(1)
      .executeTakeFirstOrThrow();
    const search = async (s: string) =>
      customerSearchReplySchema.parse(ok(await c.get(`/pos/customer/search?s=${encodeURIComponent(s)}`)));
    expect(await search('')).toEqual([]);
    expect(ok(await c.get('/pos/customer/search'))).toEqual([]);
    const byName = await search(`${cust.firstname} ${cust.lastname}`.toUpperCase());
    expect(byName.map((x) => x.customer_id)).toContain(cust.customer_id);
    expect((await search(cust.email!.toLowerCase())).map((x) => x.customer_id)).toContain(cust.customer_id);
    expect((await search(cust.telephone.replace(/\D/g, ''))).map((x) => x.customer_id)).toContain(cust.customer_id);
    // The same number typed with its formatting, and part of the email (the customers list's searches).
    const digits = cust.telephone.replace(/\D/g, '').slice(-10);
    const typed = `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
    expect((await search(typed)).map((x) => x.customer_id)).toContain(cust.customer_id);
    expect((await search(cust.email!.split('@')[0]!.toUpperCase())).map((x) => x.customer_id)).toContain(
      cust.customer_id,
    );
    expect(await search('a')).toHaveLength(10);
    expect(await search('%')).toEqual([]);
  });

  it("paths that are also pages: a navigation goes to the app shell's handler (never the call, never the staff check)", async () => {
    // This server has no client build, so the shell's handler answers a navigation with its 404;
    // with a build it serves index.html (tests/integration/server/routing.test.ts).
    for (const path of [
      '/pos/order/continue?order_id=1',
      '/pos/customer/search?s=a',
      '/pos/order/void?order_id=1',
      '/pos/order/histories?order_id=1',
    ]) {
      const page = await w.server.app.inject({ method: 'GET', url: path, headers: navigate });
      expect(page.statusCode, path).toBe(404);
      expect(page.json()).toMatchObject({ error: 'not_found', message: `No such call: GET ${path.split('?')[0]}` });
    }
    expect(Array.isArray(ok(await c.get('/pos/customer/search?s=a')))).toBe(true);
    refused(await w.guest.get('/pos/customer/search?s=a'), 401);
    // A state-changing GET opened as a page (a link on another site, with the cookie) changes nothing.
    const s = await freshCashier(w);
    const r = staffCartReplySchema.parse(
      ok(await s.post('/checkout/cart/add', { product_id: p.plain.product_id, quantity: 1 })),
    );
    for (const path of [
      '/checkout/cart/cancelOrder',
      '/checkout/cart/abandonOrder',
      `/pos/order/void?order_id=${r.order_id}`,
    ]) {
      const nav = await w.server.app.inject({
        method: 'GET',
        url: path,
        headers: { ...navigate, cookie: s.sessionCookie },
      });
      expect(nav.statusCode, path).toBe(404);
    }
    const still = staffCartReplySchema.parse(ok(await s.get('/checkout/cart/getData')));
    expect(still).toMatchObject({ order_ref: r.order_ref, order_data: { status: 'draft' } });
  });

  it('kiosk orders are listed under the kiosk tab of GET /api/order', async () => {
    const order = randomUUID();
    const at = new Date().toISOString();
    const push = ok<{ results: { status: string }[] }>(
      await c.post('/sync/push', {
        clientId: randomUUID(),
        protocolVersion: PROTOCOL_VERSION,
        mutations: [
          { id: 1, name: 'order.create', args: { id: order }, at },
          {
            id: 2,
            name: 'cart.addCustomProduct',
            args: {
              order_ref: order,
              line_id: randomUUID(),
              name: 'Kiosk item',
              price: '3.00',
              quantity: 1,
              tax_class_id: null,
            },
            at,
          },
          { id: 3, name: 'order.submitKiosk', args: { order_ref: order }, at },
        ],
      }),
    );
    expect(push.results.map((x) => x.status)).toEqual(['applied', 'applied', 'applied']);
    const kiosk = ok<{ orders: { id: string; status: string }[]; counts: { kiosk: number } }>(
      await c.get('/api/order?status=kiosk&from_pos=1'),
    );
    expect(kiosk.orders.map((x) => x.id)).toContain(order);
    expect(kiosk.orders.every((x) => x.status === 'kiosk')).toBe(true);
    expect(kiosk.counts.kiosk).toBeGreaterThanOrEqual(1);
    const info = orderInfoSchema.parse(ok(await c.get(`/api/order/info?order_id=${order}`)));
    expect(info).toMatchObject({
      status: 'kiosk',
      order_status: 'Kiosk',
      shipping_method: 'local_pickup',
      payment_method: 'cod',
    });
  });
});

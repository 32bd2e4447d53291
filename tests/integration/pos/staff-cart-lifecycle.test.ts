/**
 * The cart's lifecycle calls: customers (set, look up, remove, checkout data), save, quote,
 * save-and-checkout, abandon, cancel, store credit, and continuing an order into the cart.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../../../src/contracts/protocol-version';
import { staffCartReplySchema, type StaffCartReply } from '../../../src/contracts/staff-cart';
import { testEngines } from '../../support/engines';
import type { TestClient } from '../../support/http-client';
import { freshCashier, pickProducts, refused, startPos, type PickedProducts, type PosWorld } from './support';

const cart = (r: { status: number; body: unknown }): StaffCartReply => {
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return staffCartReplySchema.parse(r.body);
};

describe.each(testEngines())('staff cart lifecycle on %s', (engine) => {
  let w: PosWorld;
  let p: PickedProducts;
  let customer: {
    id: string;
    customer_id: number;
    firstname: string;
    lastname: string;
    email: string;
    telephone: string;
  };
  beforeAll(async () => {
    w = await startPos(engine);
    p = await pickProducts(w);
    const row = await w.server.db
      .selectFrom('customers')
      .select(['id', 'customer_id', 'firstname', 'lastname', 'email', 'telephone'])
      .where('email', 'is not', null)
      .where('telephone', '!=', '')
      // A phone number only one customer has (demo numbers repeat).
      .where((eb) =>
        eb(
          'telephone',
          'not in',
          eb
            .selectFrom('customers as d')
            .select('d.telephone')
            .groupBy('d.telephone')
            .having((h) => h.fn.countAll(), '>', 1),
        ),
      )
      .orderBy('customer_id')
      .limit(1)
      .executeTakeFirstOrThrow();
    customer = { ...row, email: row.email ?? '' };
  });
  afterAll(async () => {
    await w?.server.close();
  });

  const withLine = async (c: TestClient) =>
    cart(await c.post('/checkout/cart/add', { product_id: p.plain.product_id, quantity: 1 }));

  it('setCustomer before any line creates the cart with the customer; removeCustomer detaches it', async () => {
    const c = await freshCashier(w);
    refused(
      await c.post('/checkout/cart/setCustomer', { customer_id: 99_999_999 }),
      404,
      'The customer could not be found.',
    );
    const r = cart(await c.post('/checkout/cart/setCustomer', { customer_id: String(customer.customer_id) }));
    expect(r.customer).toMatchObject({ id: customer.id, customer_id: customer.customer_id, email: customer.email });
    expect(r.success).toBe(`${customer.firstname} ${customer.lastname} has been assigned to the order.`);
    expect(r.marketing_tracking).toEqual([{ event: 'checkout_progress', step: 1, option: 'Login' }]);
    expect(r.customer_vehicles.length).toBeGreaterThanOrEqual(0);
    const gone = cart(await c.get('/checkout/cart/removeCustomer'));
    expect(gone.customer).toBeNull();
    expect(gone.order_ref).toBe(r.order_ref);
    expect(gone.marketing_tracking).toEqual([]);
  });

  it('getCustomer finds one customer by email (any case) or phone; setCheckoutData sets and clears it', async () => {
    const c = await freshCashier(w);
    await withLine(c);
    const byEmail = cart(await c.post('/checkout/cart/getCustomer', { customerData: customer.email.toUpperCase() }));
    expect(byEmail.customer?.id).toBe(customer.id);
    const byPhone = cart(
      await c.post('/checkout/cart/getCustomer', {
        customerData: customer.telephone.replace(/\D/g, '').split('').join(' '),
      }),
    );
    expect(byPhone.customer?.id).toBe(customer.id);
    const byNumber = cart(await c.post('/checkout/cart/getCustomer', { customerData: String(customer.customer_id) }));
    expect(byNumber.customer?.id).toBe(customer.id);
    const shared = await w.server.db
      .selectFrom('customers')
      .select('telephone')
      .groupBy('telephone')
      .having((h) => h.fn.countAll(), '>', 1)
      .limit(1)
      .executeTakeFirst();
    if (shared)
      refused(
        await c.post('/checkout/cart/getCustomer', { customerData: shared.telephone }),
        409,
        'More than one customer matches. Search by name instead.',
      );
    refused(
      await c.post('/checkout/cart/getCustomer', { customerData: 'nobody-here@example.invalid' }),
      404,
      'No customer matches that email, phone or customer number.',
    );
    refused(await c.post('/checkout/cart/getCustomer', {}), 400, 'Required');
    const cleared = cart(await c.post('/checkout/cart/setCheckoutData', { customer_id: null }));
    expect(cleared.customer).toBeNull();
    const set = cart(await c.post('/checkout/cart/setCheckoutData', { customer_id: customer.id }));
    expect(set.customer?.id).toBe(customer.id);
    const unchanged = cart(await c.post('/checkout/cart/setCheckoutData', {}));
    expect(unchanged.customer?.id).toBe(customer.id);
  });

  it('calls that need a cart answer 404 on an empty one', async () => {
    const c = await freshCashier(w);
    for (const path of ['saveOrder', 'quoteOrder', 'cancelOrder', 'saveOrderAndCheckout', 'removeCredit']) {
      refused(await c.get(`/checkout/cart/${path}`), 404, 'There is no order in the cart.');
    }
    expect(cart(await c.get('/checkout/cart/abandonOrder')).order_ref).toBeNull();
  });

  it('saveOrder keeps the cart (status saved, listed under Saved); abandon then puts it aside and keeps it', async () => {
    const c = await freshCashier(w);
    const r = await withLine(c);
    const saved = cart(await c.get('/checkout/cart/saveOrder'));
    expect(saved).toMatchObject({ success: 'Order Saved!', order_ref: r.order_ref });
    expect(saved.order_data).toMatchObject({ status: 'saved', order_status_id: 3 });
    const list = (await c.get(`/api/order?status=saved&filter_order_id=${saved.order_id}`)).body;
    expect(list.orders.map((o: { id: string }) => o.id)).toEqual([r.order_ref]);
    const aside = cart(await c.get('/checkout/cart/abandonOrder'));
    expect(aside).toMatchObject({ order_ref: null, success: 'The order has been set aside.' });
    const row = await w.server.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', r.order_ref!)
      .executeTakeFirst();
    expect(row?.status).toBe('saved');
  });

  it("abandon follows the domain's abandonAction: an empty draft is deleted, a draft with lines voided, a draft that took money saved", async () => {
    const status = async (id: string) =>
      (await w.server.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirst())?.status;
    const c = await freshCashier(w);
    // Empty (a customer only): nothing to keep, deleted; devices get a tombstone.
    const empty = cart(await c.post('/checkout/cart/setCustomer', { customer_id: customer.id }));
    expect(cart(await c.get('/checkout/cart/abandonOrder'))).toMatchObject({
      order_ref: null,
      success: 'The order has been set aside.',
    });
    expect(await status(empty.order_ref!)).toBeUndefined();
    const tomb = await w.server.db
      .selectFrom('tombstones')
      .select('row_key')
      .where('table_name', '=', 'orders')
      .where('row_key', '=', empty.order_ref!)
      .executeTakeFirst();
    expect(tomb).toBeDefined();
    // Lines, no money: voided, kept for the record (what a device does offline through the outbox).
    const lines = await withLine(c);
    cart(await c.get('/checkout/cart/abandonOrder'));
    expect(await status(lines.order_ref!)).toBe('voided');
    // Money taken (a cash payment pushed by a device): saved, so it is listed under Saved.
    const paid = await withLine(c);
    const push = await c.post('/sync/push', {
      clientId: randomUUID(),
      protocolVersion: PROTOCOL_VERSION,
      mutations: [
        {
          id: 1,
          name: 'transaction.add',
          args: { order_ref: paid.order_ref, id: randomUUID(), transaction_type: 'cash', amount: '1.00' },
          at: new Date().toISOString(),
        },
      ],
    });
    expect(push.body.results[0].status, JSON.stringify(push.body)).toBe('applied');
    cart(await c.get('/checkout/cart/abandonOrder'));
    expect(await status(paid.order_ref!)).toBe('saved');
    expect(cart(await c.get('/checkout/cart/getData')).order_ref).toBeNull();
  });

  it('quoteOrder makes a quote, leaves the cart and redirects to the receipt', async () => {
    const c = await freshCashier(w);
    const r = await withLine(c);
    const q = cart(await c.get('/checkout/cart/quoteOrder'));
    expect(q).toMatchObject({
      order_ref: null,
      success: 'Quote Saved!',
      redirect: `/pos/order/receipt?order_id=${r.order_id}`,
    });
    expect(
      (await w.server.db.selectFrom('orders').select('status').where('id', '=', r.order_ref!).executeTakeFirstOrThrow())
        .status,
    ).toBe('quote');
  });

  it('saveOrderAndCheckout saves and redirects to /pos/checkout; cancelOrder voids and empties the cart', async () => {
    const c = await freshCashier(w);
    const r = await withLine(c);
    const s = cart(await c.get('/checkout/cart/saveOrderAndCheckout'));
    expect(s).toMatchObject({ redirect: '/pos/checkout', order_ref: r.order_ref });
    expect(s.order_data?.status).toBe('saved');
    const x = cart(await c.get('/checkout/cart/cancelOrder'));
    expect(x).toMatchObject({ order_ref: null, success: 'The order has been cancelled.' });
    expect(
      (await w.server.db.selectFrom('orders').select('status').where('id', '=', r.order_ref!).executeTakeFirstOrThrow())
        .status,
    ).toBe('voided');
  });

  it('removeCredit voids the store credit payments of the cart order and gives the credit back', async () => {
    const c = await freshCashier(w);
    cart(await c.post('/checkout/cart/setCustomer', { customer_id: customer.id }));
    const r = await withLine(c);
    refused(await c.get('/checkout/cart/removeCredit'), 409, 'No store credit has been applied to this order.');
    await w.server.db.updateTable('customers').set({ store_credit: '50.00' }).where('id', '=', customer.id).execute();
    const push = await c.post('/sync/push', {
      clientId: randomUUID(),
      protocolVersion: PROTOCOL_VERSION,
      mutations: [
        {
          id: 1,
          name: 'transaction.add',
          args: { order_ref: r.order_ref, id: randomUUID(), transaction_type: 'store_credit', amount: '1.00' },
          at: new Date().toISOString(),
        },
      ],
    });
    expect(push.body.results[0].status, JSON.stringify(push.body)).toBe('applied');
    expect(cart(await c.get('/checkout/cart/getData')).order_data?.amount_paid).toBe('1.00');
    const after = cart(await c.get('/checkout/cart/removeCredit'));
    expect(after).toMatchObject({ success: 'The store credit has been removed.' });
    expect(after.order_data?.amount_paid).toBe('0.00');
    expect(after.customer?.store_credit).toBe('50.00');
  });

  it('continue loads a saved order into the cart; an unsaved draft with lines must be saved or abandoned first', async () => {
    const a = await freshCashier(w);
    const first = await withLine(a);
    cart(await a.get('/checkout/cart/saveOrder'));
    cart(await a.get('/checkout/cart/abandonOrder'));
    await withLine(a);
    refused(
      await a.get(`/pos/order/continue?order_id=${first.order_id}`),
      409,
      'Save or abandon the order in the cart first.',
    );
    cart(await a.get('/checkout/cart/abandonOrder'));
    const cont = cart(await a.get(`/pos/order/continue?order_id=${first.order_id}`));
    expect(cont).toMatchObject({ order_ref: first.order_ref, redirect: '/pos/checkout' });
    expect(cart(await a.get('/checkout/cart/getData')).order_ref).toBe(first.order_ref);
    // Another cashier cannot take it while it is this session's cart; the same cashier's new session can.
    const b = await freshCashier(w, 'cashier2');
    refused(
      await b.get(`/pos/order/continue?order_id=${first.order_ref}`),
      409,
      "This order is open in another cashier's cart.",
    );
    const a2 = await freshCashier(w);
    expect(cart(await a2.get(`/pos/order/continue?order_id=${first.order_id}`)).order_ref).toBe(first.order_ref);
    expect(cart(await a.get('/checkout/cart/getData')).order_ref).toBeNull();
    refused(await a2.get('/pos/order/continue?order_id=99999999'), 404, 'The order could not be found.');
  });

  it('a completed or voided order leaves the cart and cannot be continued', async () => {
    const c = await freshCashier(w);
    const r = await withLine(c);
    const v = await c.get(`/pos/order/void?order_id=${r.order_id}`);
    expect(v.status).toBe(200);
    expect(cart(await c.get('/checkout/cart/getData')).order_ref).toBeNull();
    refused(await c.get(`/pos/order/continue?order_id=${r.order_id}`), 409, 'This order has been voided.');
  });
});

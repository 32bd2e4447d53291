/**
 * POST /index.php?route=checkout/confirm/createOrder on the real server: a paid, complete order
 * with the domain's totals from catalog prices, exactly once on a double submit, nothing left
 * behind on a refusal or a decline, and one shopper never checking out another's cart.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrderReplySchema } from '../../../src/contracts/shop-checkout';
import {
  SimulatedOnlineGateway,
  type OnlinePaymentGateway,
} from '../../../server/adapters/online-payment/storefront-gateway';
import { testEngines } from '../../support/engines';
import {
  domainTotals,
  freshCashier,
  pickProducts,
  refused,
  startPos,
  type PickedProducts,
  type PosWorld,
} from '../pos/support';
import { registeredShopper, shopCart, ShopClient } from './support';

const R = '/index.php?route=checkout/confirm/createOrder';
const body = (over: Record<string, unknown> = {}) => ({
  checkout_key: randomUUID(),
  firstname: 'Pat',
  lastname: 'Guest',
  email: 'pat@example.com',
  telephone: '',
  card: { number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' },
  ...over,
});

describe.each(testEngines())('storefront checkout on %s', (engine) => {
  let w: PosWorld;
  let p: PickedProducts;
  beforeAll(async () => {
    w = await startPos(engine);
    p = await pickProducts(w);
  });
  afterAll(async () => {
    await w?.server.close();
  });
  const orders = async () =>
    Number((await sql<{ n: string }>`select count(*) as n from orders`.execute(w.server.db)).rows[0]!.n);

  it('creates one complete, paid order with the domain totals, once for a double submit', async () => {
    const g = new ShopClient(w.server.url);
    const cart = shopCart(await g.post('/checkout/cart/add', { product_id: p.plain.product_id, quantity: 2 }));
    shopCart(
      await g.post('/checkout/cart/add', { product_id: p.withLabor.product_id, quantity: 1, apply_labor: true }),
    );
    const before = await orders();
    const req = body();
    const [a, b] = await Promise.all([g.post(R, req), g.post(R, req)]);
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(b.status, JSON.stringify(b.body)).toBe(200);
    const first = createOrderReplySchema.parse(a.body);
    expect(createOrderReplySchema.parse(b.body).order_id).toBe(first.order_id);
    expect(await orders()).toBe(before + 1);
    const row = await w.server.db
      .selectFrom('orders')
      .select(['id', 'status', 'email', 'customer_name'])
      .where('order_id', '=', first.order_id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'complete', email: 'pat@example.com', customer_name: 'Pat Guest' });
    const t = await domainTotals(w, row.id);
    expect(t.balance_due).toBe('0.00');
    expect(t.transactions).toHaveLength(1);
    expect(t.transactions[0]).toMatchObject({ transaction_type: 'online', amount: t.order_total });
    expect(first.total_text).toBe(`$${t.order_total.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`);
    expect(t.order.lines.map((l) => l.kind).sort()).toEqual(['labor', 'product', 'product']);
    expect(cart.products[0]!.unit_price).toBe(
      (t.order.lines.find((l) => l.kind === 'product' && l.product_id === p.plain.product_id) as { price: string })
        .price,
    );
    // The cart is empty afterwards; the same key again answers the same order.
    expect(shopCart(await g.get('/checkout/cart/getData')).products).toEqual([]);
    expect(createOrderReplySchema.parse((await g.post(R, req)).body).order_id).toBe(first.order_id);
  });

  it('refuses bad input, an empty cart and a declined card, leaving nothing behind', async () => {
    const g = new ShopClient(w.server.url);
    refused(await g.post(R, body()), 409, 'Your shopping cart is empty.');
    shopCart(await g.post('/checkout/cart/add', { product_id: p.plain.product_id, quantity: 1 }));
    const before = await orders();
    refused(await g.post(R, body({ email: 'not-an-email' })), 400, 'Invalid email');
    refused(await g.post(R, body({ checkout_key: 'x' })), 400);
    refused(await g.post(R, body({ card: { number: '1234', expiry: '12/39', cvc: '123' } })), 400);
    refused(
      await g.post(R, body({ card: { number: '4000000000000002', expiry: '12/39', cvc: '123' } })),
      402,
      'Card declined',
    );
    refused(
      await g.post(R, body({ card: { number: '4242424242424242', expiry: '01/20', cvc: '123' } })),
      402,
      'Card expired',
    );
    refused(await g.post(R, 'garbage', { 'content-type': 'application/json' }), 400);
    expect(await orders()).toBe(before);
    expect(shopCart(await g.get('/checkout/cart/getData')).products).toHaveLength(1);
  });

  it('refuses a cart short of stock with the stock text', async () => {
    const g = new ShopClient(w.server.url);
    shopCart(await g.post('/checkout/cart/add', { product_id: p.plain.product_id, quantity: 9_999 }));
    refused(
      await g.post(R, body()),
      409,
      "I'm sorry, this product is either not available in the desired quantity or not in stock.",
    );
  });

  it("attaches a customer's account to the order and never reaches another shopper's cart", async () => {
    const c = await registeredShopper(w.server.url, `buyer-${Date.now()}@example.com`);
    const other = new ShopClient(w.server.url);
    shopCart(await other.post('/checkout/cart/add', { product_id: p.plain.product_id, quantity: 1 }));
    refused(await c.post(R, body()), 409, 'Your shopping cart is empty.');
    shopCart(await c.post('/checkout/cart/add', { product_id: p.plain2.product_id, quantity: 1 }));
    const r = createOrderReplySchema.parse((await c.post(R, body())).body);
    const row = await w.server.db
      .selectFrom('orders')
      .select(['customer_uuid'])
      .where('order_id', '=', r.order_id)
      .executeTakeFirstOrThrow();
    expect(row.customer_uuid).not.toBeNull();
    expect(shopCart(await other.get('/checkout/cart/getData')).products).toHaveLength(1);
  });

  it('takes an online order while the counter requires PO numbers (a shopper cannot give one)', async () => {
    const g = new ShopClient(w.server.url);
    shopCart(await g.post('/checkout/cart/add', { product_id: p.plain.product_id, quantity: 1 }));
    const old = await w.server.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'po_numbers')
      .executeTakeFirst();
    await sql`insert into settings (key, value) values ('po_numbers', ${JSON.stringify({ enabled: true, required: true })}::jsonb)
      on conflict (key) do update set value = excluded.value`.execute(w.server.db);
    try {
      const r = await g.post(R, body());
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    } finally {
      if (old)
        await sql`update settings set value = ${JSON.stringify(old.value)}::jsonb where key = 'po_numbers'`.execute(
          w.server.db,
        );
      else await sql`delete from settings where key = 'po_numbers'`.execute(w.server.db);
    }
  });

  it('refuses staff (they check out at the counter)', async () => {
    const s = await freshCashier(w);
    refused(await s.post(R, body()), 403);
  });
});

/**
 * The card is authorized outside any SQL transaction; these tests reach into the simulated
 * processor's ledger to prove a shopper is never left charged without an order.
 */
describe.each(testEngines())('storefront checkout and the card processor on %s', (engine) => {
  const gateway = new SimulatedOnlineGateway(0);
  /** Runs once, while the card is being authorized (between the plan and the store). */
  let duringAuthorize: (() => Promise<void>) | null = null;
  let unreachable = false;
  const racing: OnlinePaymentGateway = {
    async authorize(req) {
      if (unreachable) throw new Error('connect ECONNREFUSED');
      const r = await gateway.authorize(req);
      const f = duringAuthorize;
      duringAuthorize = null;
      if (f) await f();
      return r;
    },
    void: (ref) => gateway.void(ref),
  };
  let w: PosWorld;
  let p: PickedProducts;
  beforeAll(async () => {
    w = await startPos(engine, { onlinePayments: racing });
    p = await pickProducts(w);
  });
  afterAll(async () => {
    await w?.server.close();
  });

  it('a processor that is not the simulator gets no test-card hint (card_test_mode false)', async () => {
    const g = new ShopClient(w.server.url);
    const r = shopCart(await g.post('/checkout/cart/add', { product_id: p.plain.product_id, quantity: 1 }));
    expect(r.card_test_mode).toBe(false);
  });

  it('keeps the authorization of a stored order, and answers a retry without charging again', async () => {
    const g = new ShopClient(w.server.url);
    shopCart(await g.post('/checkout/cart/add', { product_id: p.plain.product_id, quantity: 1 }));
    const req = body();
    const r = createOrderReplySchema.parse((await g.post(R, req)).body);
    expect(gateway.ledger.get(req.checkout_key)).toMatchObject({
      status: 'authorized',
      amount: r.total_text.replace(/[$,]/g, ''),
    });
    expect(createOrderReplySchema.parse((await g.post(R, req)).body).order_id).toBe(r.order_id);
    expect([...gateway.ledger.values()].filter((e) => e.status === 'authorized')).toHaveLength(1);
  });

  it('voids the authorization when the cart changed while the card was being authorized', async () => {
    const g = new ShopClient(w.server.url);
    const cart = shopCart(await g.post('/checkout/cart/add', { product_id: p.plain.product_id, quantity: 1 }));
    const key = cart.products[0]!.key;
    // Another tab of the same shopper raises the quantity meanwhile: the amount authorized is no longer the total.
    duringAuthorize = async () => {
      shopCart(await g.put('/checkout/cart/edit', { key, quantity: 3 }));
    };
    const before = Number((await sql<{ n: string }>`select count(*) as n from orders`.execute(w.server.db)).rows[0]!.n);
    const req = body();
    refused(
      await g.post(R, req),
      409,
      'Your cart changed while you were checking out. Review your cart and try again.',
    );
    expect(gateway.ledger.get(req.checkout_key)?.status).toBe('voided');
    expect(Number((await sql<{ n: string }>`select count(*) as n from orders`.execute(w.server.db)).rows[0]!.n)).toBe(
      before,
    );
    // Trying again with the same key authorizes the new total and makes the order.
    const ok = await g.post(R, req);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(gateway.ledger.get(req.checkout_key)?.status).toBe('authorized');
  });

  it('answers 503 with a clear message when the processor cannot be reached, and makes no order', async () => {
    const g = new ShopClient(w.server.url);
    shopCart(await g.post('/checkout/cart/add', { product_id: p.plain.product_id, quantity: 1 }));
    unreachable = true;
    try {
      refused(
        await g.post(R, body()),
        503,
        'The card payment service cannot be reached right now. Please try again in a moment.',
      );
    } finally {
      unreachable = false;
    }
    expect(shopCart(await g.get('/checkout/cart/getData')).products).toHaveLength(1);
  });
});

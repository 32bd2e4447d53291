/**
 * The shopper cart calls (/checkout/cart/* for guests and customers) on the real server: catalog
 * prices only, options and labor, quantities 1..10000, bad input refused without change, one
 * shopper never reaching another's cart, a guest cart merged at login, staff still on the staff cart.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffCartReplySchema } from '../../../src/contracts/staff-cart';
import { SPECIAL_ORDER_TEXT } from '../../../server/db/demo/parts';
import { DEFAULT_OOS_TEXT } from '../../../src/domain/inventory';
import { decimal, toWire } from '../../../src/domain/money';
import { testEngines } from '../../support/engines';
import { freshCashier, pickProducts, refused, startPos, type PickedProducts, type PosWorld } from '../pos/support';
import { registeredShopper, shopCart, ShopClient } from './support';

describe.each(testEngines())('shopper cart calls on %s', (engine) => {
  let w: PosWorld;
  let p: PickedProducts;
  const guest = () => new ShopClient(w.server.url);
  beforeAll(async () => {
    w = await startPos(engine);
    p = await pickProducts(w);
  });
  afterAll(async () => {
    await w?.server.close();
  });

  it('answers an empty cart to a new guest without creating anything', async () => {
    const g = guest();
    const r = shopCart(await g.get('/checkout/cart/getData'));
    expect(r).toMatchObject({
      products: [],
      vouchers: [],
      total_items: 0,
      confirm_button: false,
      total: '0.00',
      logged_in: false,
      redirect: null,
    });
    expect(g.cookie('pd_shopper')).toBeUndefined();
  });

  it('adds at the catalog price whatever the client sends, and the same line again adds up', async () => {
    const g = guest();
    const r = shopCart(
      await g.post('/checkout/cart/add', { product_id: p.plain.product_id, quantity: 2, price: '0.01' }),
    );
    expect(g.cookie('pd_shopper')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(r.products).toHaveLength(1);
    const line = r.products[0]!;
    expect(line).toMatchObject({
      product_id: p.plain.product_id,
      name: p.plain.name,
      quantity: 2,
      unit_price: toWire(decimal(p.plain.price)),
    });
    expect(line.total).toBe(toWire(decimal(p.plain.price).times(2)));
    expect(r.success).toBe(`Success: You have added ${p.plain.name} to your shopping cart!`);
    expect(r.total_items).toBe(2);
    expect(r.totals.map((t) => t.code)).toEqual(['parts', 'tax', 'total']);
    const again = shopCart(await g.post('/checkout/cart/add', { product_id: p.plain.product_id, quantity: '3' }));
    expect(again.products).toHaveLength(1);
    expect(again.products[0]!.quantity).toBe(5);
    // Totals: parts + tax = total, as the domain adds them.
    const parts = again.totals.find((t) => t.code === 'parts')!.text;
    expect(parts).toBe(`$${toWire(decimal(p.plain.price).times(5)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`);
  });

  it('shows a part’s core charge in a Surcharge row, as the order will charge it', async () => {
    const cored = await w.server.db
      .selectFrom('products')
      .select(['product_id', sql<string>`surcharge::text`.as('surcharge')])
      .where('status', '=', true)
      .where('is_orderable', '=', true)
      .where('disable_pricing', '=', false)
      .where('requires_options', '=', false)
      .where('minimum', '=', 1)
      .where('surcharge', '>', '0')
      .where('product_id', 'not in', w.server.db.selectFrom('product_options').select('product_id'))
      .orderBy('product_id')
      .executeTakeFirstOrThrow();
    const r = shopCart(await guest().post('/checkout/cart/add', { product_id: cored.product_id, quantity: 2 }));
    expect(r.totals.map((t) => t.code)).toEqual(['parts', 'surcharge', 'tax', 'total']);
    expect(r.totals.find((t) => t.code === 'surcharge')?.text).toBe(`$${toWire(decimal(cored.surcharge).times(2))}`);
  });

  it('prices options from the catalog and adds installation labor as its own row', async () => {
    const g = guest();
    const r = shopCart(
      await g.post('/checkout/cart/add', {
        product_id: p.optioned.product_id,
        quantity: 1,
        option: { [p.optioned.option_id]: String(p.optioned.value_id) },
      }),
    );
    expect(r.products[0]!.unit_price).toBe(toWire(decimal(p.optioned.price).plus(p.optioned.value_price)));
    expect(r.products[0]!.selected_options[0]).toMatchObject({
      product_option_id: p.optioned.option_id,
      price: toWire(decimal(p.optioned.value_price)),
    });
    const l = shopCart(
      await g.post('/checkout/cart/add', { product_id: p.withLabor.product_id, quantity: 2, apply_labor: 1 }),
    );
    const labor = l.products.find((x) => x.labor_product)!;
    expect(labor.quantity).toBe(2);
    expect(labor.total).toBe(
      toWire(decimal(p.withLabor.rate).times(p.withLabor.labor_time).div(60).times(2).toDecimalPlaces(2)),
    );
    expect(l.totals.some((t) => t.code === 'labor')).toBe(true);
    // Removing the labor row leaves the product.
    const noLabor = shopCart(await g.post('/checkout/cart/remove', { key: labor.key }));
    expect(noLabor.products.filter((x) => x.product_id === p.withLabor.product_id)).toHaveLength(1);
    expect(noLabor.products.some((x) => x.labor_product)).toBe(false);
  });

  it('refuses bad input with a 4xx and changes nothing', async () => {
    const g = guest();
    refused(
      await g.post('/checkout/cart/add', { product_id: 99_999_999, quantity: 1 }),
      404,
      'This product is not available.',
    );
    refused(
      await g.post('/checkout/cart/add', { product_id: 'abc', quantity: 1 }),
      400,
      'This product is not available.',
    );
    refused(
      await g.post('/checkout/cart/add', { product_id: p.plain.product_id, quantity: 0 }),
      400,
      'Minimum quantity is 1',
    );
    refused(
      await g.post('/checkout/cart/add', { product_id: p.plain.product_id, quantity: 10_001 }),
      400,
      'Maximum quantity is 10000',
    );
    refused(
      await g.post('/checkout/cart/add', { product_id: p.plain.product_id, quantity: 'lots' }),
      400,
      'A number must be input',
    );
    refused(
      await g.post('/checkout/cart/add', { product_id: p.plain.product_id, quantity: 1, option: { 999999: '1' } }),
      400,
      'Choose one of the listed options.',
    );
    refused(
      await g.post('/checkout/cart/add', { product_id: p.plain.product_id, quantity: 1, option: 'red' }),
      400,
      'Choose one of the listed options.',
    );
    refused(await g.post('/checkout/cart/add', { product_id: p.optioned.product_id, quantity: 1 }), 400);
    refused(await g.post('/checkout/cart/add', { product_id: p.notOrderable, quantity: 1 }), 400);
    expect(g.cookie('pd_shopper')).toBeUndefined();
    shopCart(await g.post('/checkout/cart/add', { product_id: p.plain.product_id, quantity: 10_000 }));
    refused(
      await g.post('/checkout/cart/add', { product_id: p.plain.product_id, quantity: 1 }),
      400,
      'Maximum quantity is 10000',
    );
    const r = shopCart(await g.get('/checkout/cart/getData'));
    expect(r.products[0]!.quantity).toBe(10_000);
    refused(await g.put('/checkout/cart/edit', { key: r.products[0]!.key, quantity: 0 }), 400, 'Minimum quantity is 1');
    refused(await g.put('/checkout/cart/edit', { key: 'not-a-key', quantity: 1 }), 400);
    refused(await g.post('/checkout/cart/applyCode', { type: 'voucher', code: 'GIFT100' }), 404, 'Invalid code');
    refused(await g.get('/index.php?route=checkout/coupon/remove'), 404, 'Invalid code');
  });

  it('obeys one guest checkout switch: off, a guest cannot add and sees it on the cart and the product page alike', async () => {
    const g = guest();
    const kept = shopCart(await g.post('/checkout/cart/add', { product_id: p.plain.product_id, quantity: 1 }));
    expect(kept.guest_checkout).toBe(true);
    await w.server.db
      .insertInto('settings')
      .values({ key: 'guest_checkout', value: JSON.stringify(false) })
      .execute();
    try {
      refused(
        await g.post('/checkout/cart/add', { product_id: p.plain2.product_id, quantity: 1 }),
        401,
        'Please log in to add products to your cart.',
      );
      const cart = shopCart(await g.get('/checkout/cart/getData'));
      expect(cart).toMatchObject({ guest_checkout: false, confirm_button: false });
      expect(cart.products).toHaveLength(1);
      const slug = (
        await w.server.db
          .selectFrom('products')
          .select('slug')
          .where('product_id', '=', p.plain.product_id)
          .executeTakeFirstOrThrow()
      ).slug;
      expect((await g.get(`/api/products/page/${slug}`)).body.product).toMatchObject({ guest_checkout: false });
      const c = await registeredShopper(w.server.url, `switch-${Date.now()}@example.com`);
      expect(
        shopCart(await c.post('/checkout/cart/add', { product_id: p.plain2.product_id, quantity: 1 })).confirm_button,
      ).toBe(true);
    } finally {
      await w.server.db.deleteFrom('settings').where('key', '=', 'guest_checkout').execute();
    }
  });

  it("renews a guest's cookie on every call that finds the cart, so an active guest never loses it", async () => {
    const g = guest();
    shopCart(await g.post('/checkout/cart/add', { product_id: p.plain.product_id, quantity: 1 }));
    const token = g.cookie('pd_shopper');
    const r = await g.get('/checkout/cart/getData');
    const set = r.headers.getSetCookie().find((c) => c.startsWith('pd_shopper='));
    expect(set).toMatch(new RegExp(`^pd_shopper=${token};.*Max-Age=\\d+`, 'i'));
  });

  it("keeps the product's minimum on edit as on add", async () => {
    const g = guest();
    const id = p.plain2.product_id;
    await w.server.db.updateTable('products').set({ minimum: 3 }).where('product_id', '=', id).execute();
    try {
      refused(await g.post('/checkout/cart/add', { product_id: id, quantity: 2 }), 400, 'Minimum quantity is 3');
      const r = shopCart(await g.post('/checkout/cart/add', { product_id: id, quantity: 3 }));
      refused(
        await g.put('/checkout/cart/edit', { key: r.products[0]!.key, quantity: 2 }),
        400,
        'Minimum quantity is 3',
      );
      expect(
        shopCart(await g.put('/checkout/cart/edit', { key: r.products[0]!.key, quantity: 4 })).products[0]!.quantity,
      ).toBe(4);
    } finally {
      await w.server.db.updateTable('products').set({ minimum: 1 }).where('product_id', '=', id).execute();
    }
  });

  it('warns on stock with the default text and disables checkout', async () => {
    const g = guest();
    const r = shopCart(await g.post('/checkout/cart/add', { product_id: p.plain.product_id, quantity: 9_999 }));
    expect(r.products[0]).toMatchObject({
      enough_inventory: false,
      show_stock_warning: true,
      oos_text: DEFAULT_OOS_TEXT,
    });
    expect(r.confirm_button).toBe(false);
  });

  it("warns with the product's own out-of-stock text when it has one", async () => {
    const own = await w.server.db
      .selectFrom('products')
      .select(['product_id', 'oos_text'])
      .where('oos_text', 'is not', null)
      .where('status', '=', true)
      .where('is_orderable', '=', true)
      .where('disable_pricing', '=', false)
      .where('requires_options', '=', false)
      .orderBy('product_id')
      .executeTakeFirstOrThrow();
    expect(own.oos_text).toBe(SPECIAL_ORDER_TEXT);
    const r = shopCart(await guest().post('/checkout/cart/add', { product_id: own.product_id, quantity: 9_999 }));
    expect(r.products[0]).toMatchObject({ show_stock_warning: true, oos_text: SPECIAL_ORDER_TEXT });
  });

  it('edits and removes by key; removing the last item redirects to the cart page', async () => {
    const g = guest();
    const a = shopCart(await g.post('/checkout/cart/add', { product_id: p.plain.product_id, quantity: 1 }));
    const e = shopCart(await g.put('/checkout/cart/edit', { key: a.products[0]!.key, quantity: 4 }));
    expect(e.products[0]!.quantity).toBe(4);
    const gone = shopCart(await g.post('/checkout/cart/remove', { key: a.products[0]!.key }));
    expect(gone).toMatchObject({ products: [], redirect: '/checkout/cart', total_items: 0 });
  });

  it('keeps each shopper to their own cart', async () => {
    const a = guest();
    const b = guest();
    const ra = shopCart(await a.post('/checkout/cart/add', { product_id: p.plain.product_id, quantity: 1 }));
    const key = ra.products[0]!.key;
    expect(shopCart(await b.get('/checkout/cart/getData')).products).toEqual([]);
    refused(await b.put('/checkout/cart/edit', { key, quantity: 3 }), 404);
    refused(await b.post('/checkout/cart/remove', { key }), 404);
    const customer = await registeredShopper(w.server.url, `cart-${Date.now()}@example.com`);
    refused(await customer.post('/checkout/cart/remove', { key }), 404);
    expect(shopCart(await a.get('/checkout/cart/getData')).products[0]!.quantity).toBe(1);
  });

  it("merges a guest's cart into the account at login and drops the guest cookie", async () => {
    const email = `merge-${Date.now()}@example.com`;
    const owner = await registeredShopper(w.server.url, email);
    shopCart(await owner.post('/checkout/cart/add', { product_id: p.plain.product_id, quantity: 1 }));
    const g = guest();
    shopCart(await g.post('/checkout/cart/add', { product_id: p.plain.product_id, quantity: 2 }));
    shopCart(await g.post('/checkout/cart/add', { product_id: p.plain2.product_id, quantity: 1 }));
    await g.login(email, 'secret123');
    const merged = shopCart(await g.get('/checkout/cart/getData'));
    expect(merged.logged_in).toBe(true);
    expect(merged.products.map((x) => [x.product_id, x.quantity]).sort()).toEqual(
      [
        [p.plain.product_id, 3],
        [p.plain2.product_id, 1],
      ].sort(),
    );
    expect(g.cookie('pd_shopper')).toBeUndefined();
    // The other browser of the same account sees the same cart.
    expect(shopCart(await owner.get('/checkout/cart/getData')).total_items).toBe(4);
  });

  it("brings the guest's gift certificate codes along at login and keeps the newest 4 compared", async () => {
    const email = `merge-codes-${Date.now()}@example.com`;
    const owner = await registeredShopper(w.server.url, email);
    const ids = (
      await w.server.db
        .selectFrom('products')
        .select('product_id')
        .where('status', '=', true)
        .orderBy('product_id')
        .limit(6)
        .execute()
    ).map((r) => r.product_id);
    for (const id of ids.slice(0, 3))
      expect((await owner.post('/product/compare/add', { product_id: id })).status).toBe(200);
    const code = `GC-${randomUUID().slice(0, 8).toUpperCase()}`;
    await sql`insert into vouchers (code, original_amount, balance, status, description) values (${code}, '5.00', '5.00', 'active', 'Gift Certificate')`.execute(
      w.server.db,
    );
    const g = guest();
    shopCart(await g.post('/checkout/cart/add', { product_id: p.plain.product_id, quantity: 1 }));
    shopCart(await g.post('/checkout/cart/applyCode', { type: 'voucher', code }));
    for (const id of ids.slice(3, 6))
      expect((await g.post('/product/compare/add', { product_id: id })).status).toBe(200);
    await g.login(email, 'secret123');
    expect(shopCart(await g.get('/checkout/cart/getData')).totals.map((t) => t.title)).toContain(
      `Gift Certificate (${code})`,
    );
    const compared = (
      (await g.get('/product/compare/getCompare')).body as { products: { product_id: number }[] }
    ).products.map((x) => x.product_id);
    expect(compared).toHaveLength(4);
  });

  it('forgets guests idle longer than their cookie lives', async () => {
    const old = randomUUID();
    await sql`insert into shop_shoppers (id, token_hash, updated_at) values (${old}::uuid, ${'x'.repeat(64)}, now() - interval '40 days')`.execute(
      w.server.db,
    );
    shopCart(await guest().post('/checkout/cart/add', { product_id: p.plain.product_id, quantity: 1 }));
    const left = await sql<{ n: string }>`select count(*) as n from shop_shoppers where id = ${old}::uuid`.execute(
      w.server.db,
    );
    expect(Number(left.rows[0]!.n)).toBe(0);
  });

  it('still gives staff the staff cart on the same paths', async () => {
    const c = await freshCashier(w);
    const r = await c.post('/checkout/cart/add', { product_id: p.plain.product_id, quantity: 1 });
    expect(r.status).toBe(200);
    expect(staffCartReplySchema.parse(r.body).order_ref).not.toBeNull();
  });

  it('answers a browser navigation with the app shell', async () => {
    // fetch() stamps its own Sec-Fetch-Mode, so the navigation goes through inject.
    const r = await w.server.app.inject({
      method: 'GET',
      url: '/checkout/cart/getData',
      headers: { accept: 'text/html', 'sec-fetch-mode': 'navigate' },
    });
    expect(r.statusCode).not.toBe(500);
    expect(r.body).not.toContain('"products"');
  });
});

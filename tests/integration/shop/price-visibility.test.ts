/**
 * One price rule for every reply that carries a price (src/domain/price-visibility.ts): with
 * `customer_price` on, a guest sees no price in the search suggestions, the compare list or
 * anywhere else, while a signed-in customer does; a product with pricing off shows the shop's
 * notice in compare and wishlist. And the storefront's cached settings (product-settings.ts) follow
 * every change at once, whether the row is inserted, updated or deleted.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareReplySchema, wishlistReplySchema } from '../../../src/contracts/shop-lists';
import { testEngines } from '../../support/engines';
import { pickProducts, refused, startPos, type PickedProducts, type PosWorld } from '../pos/support';
import { registeredShopper, shopCart, ShopClient } from './support';

const ok = <T>(schema: { parse(v: unknown): T }, r: { status: number; body: unknown }): T => {
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return schema.parse(r.body);
};

describe.each(testEngines())('price visibility and cached settings on %s', (engine) => {
  let w: PosWorld;
  let p: PickedProducts;
  let mpn: string;
  let price: string;

  const setSetting = async (key: string, value: unknown) => {
    await w.server.db.deleteFrom('settings').where('key', '=', key).execute();
    if (value !== undefined)
      await w.server.db
        .insertInto('settings')
        .values({ key, value: JSON.stringify(value) })
        .execute();
  };
  /** The suggestion for the plain product's own part number. */
  const suggested = async (c: ShopClient) => {
    const r = await c.get(`/api/search/autocomplete?q=${encodeURIComponent(mpn)}&limit=20`);
    expect(r.status).toBe(200);
    const hit = (r.body.parts as { product_id: number; price: string | null }[]).find(
      (x) => x.product_id === p.plain.product_id,
    );
    expect(hit, 'the part is suggested').toBeDefined();
    return hit!;
  };
  const listed = async (c: ShopClient) => {
    const r = await c.get(`/api/products/?search=${encodeURIComponent(mpn)}&limit=50`);
    expect(r.status).toBe(200);
    return (r.body.products as { product_id: number; price: string | null; price_login_required: boolean }[]).find(
      (x) => x.product_id === p.plain.product_id,
    )!;
  };

  beforeAll(async () => {
    w = await startPos(engine);
    p = await pickProducts(w);
    const row = await w.server.db
      .selectFrom('products')
      .select(['mpn', sql<string>`price::numeric(12,2)::text`.as('price')])
      .where('product_id', '=', p.plain.product_id)
      .executeTakeFirstOrThrow();
    mpn = row.mpn;
    price = row.price;
  });
  afterAll(async () => {
    await w?.server.close();
  });

  it('hides prices from guests in suggestions and compare when customer_price is on, and shows them to customers', async () => {
    const guest = new ShopClient(w.server.url);
    const customer = await registeredShopper(w.server.url, `price-a-${Date.now()}@example.com`);
    for (const c of [guest, customer])
      ok(compareReplySchema, await c.post('/product/compare/add', { product_id: p.plain.product_id }));
    ok(wishlistReplySchema, await customer.post('/account/wishlist/add', { product_id: p.plain.product_id }));

    // Off (the default): everyone sees the price.
    expect((await suggested(guest)).price).toBe(price);
    expect(ok(compareReplySchema, await guest.get('/product/compare/getCompare')).products[0]).toMatchObject({
      price,
      price_login_required: false,
    });

    await setSetting('customer_price', true);
    try {
      expect((await suggested(guest)).price).toBeNull();
      expect(await listed(guest)).toMatchObject({ price: null, price_login_required: true });
      const g = ok(compareReplySchema, await guest.get('/product/compare/getCompare')).products[0]!;
      expect(g).toMatchObject({
        product_id: p.plain.product_id,
        price: null,
        price_text: 'Login Required To View Price',
        price_login_required: true,
      });
      // The add answers the list by the same rule.
      const added = ok(
        compareReplySchema,
        await guest.post('/product/compare/add', { product_id: p.plain2.product_id }),
      ).products;
      expect(added.every((x) => x.price === null)).toBe(true);

      expect((await suggested(customer)).price).toBe(price);
      expect(await listed(customer)).toMatchObject({ price, price_login_required: false });
      expect(ok(compareReplySchema, await customer.get('/product/compare/getCompare')).products[0]).toMatchObject({
        price,
        price_login_required: false,
      });
      expect(ok(wishlistReplySchema, await customer.get('/account/wishlist/getWishlist')).products[0]).toMatchObject({
        price,
        price_login_required: false,
      });
      // A second account sees its own (signed-in) view, not another caller's.
      const other = await registeredShopper(w.server.url, `price-b-${Date.now()}@example.com`);
      expect((await suggested(other)).price).toBe(price);
      expect(ok(compareReplySchema, await other.get('/product/compare/getCompare')).products).toEqual([]);
      // And the guest, asked again after customers were answered, still gets none.
      expect((await suggested(guest)).price).toBeNull();
    } finally {
      await setSetting('customer_price', undefined);
    }
    expect((await suggested(guest)).price).toBe(price);
  });

  it('shows the pricing-off notice instead of a price in suggestions, compare and wishlist', async () => {
    const customer = await registeredShopper(w.server.url, `price-c-${Date.now()}@example.com`);
    ok(compareReplySchema, await customer.post('/product/compare/add', { product_id: p.plain.product_id }));
    ok(wishlistReplySchema, await customer.post('/account/wishlist/add', { product_id: p.plain.product_id }));
    await w.server.db
      .updateTable('products')
      .set({ disable_pricing: true })
      .where('product_id', '=', p.plain.product_id)
      .execute();
    await setSetting('disable_pricing_notice', 'Call for price');
    try {
      expect((await suggested(customer)).price).toBeNull();
      const notice = { price: null, price_text: 'Call for price', disable_pricing: true, price_login_required: false };
      expect(ok(compareReplySchema, await customer.get('/product/compare/getCompare')).products[0]).toMatchObject(
        notice,
      );
      expect(ok(wishlistReplySchema, await customer.get('/account/wishlist/getWishlist')).products[0]).toMatchObject(
        notice,
      );
      await setSetting('disable_pricing_notice', undefined);
      expect(ok(wishlistReplySchema, await customer.get('/account/wishlist/getWishlist')).products[0]).toMatchObject({
        price_text: 'Product Unavailable',
      });
    } finally {
      await w.server.db
        .updateTable('products')
        .set({ disable_pricing: false })
        .where('product_id', '=', p.plain.product_id)
        .execute();
      await setSetting('disable_pricing_notice', undefined);
    }
  });

  it('sees every settings change at once through the cache: insert, update, delete', async () => {
    const guest = new ShopClient(w.server.url);
    expect((await listed(guest)).price).toBe(price);
    shopCart(await guest.post('/checkout/cart/add', { product_id: p.plain.product_id, quantity: 1 }));
    // Inserted.
    await w.server.db
      .insertInto('settings')
      .values({ key: 'guest_checkout', value: JSON.stringify(false) })
      .execute();
    try {
      refused(
        await guest.post('/checkout/cart/add', { product_id: p.plain2.product_id, quantity: 1 }),
        401,
        'Please log in to add products to your cart.',
      );
      expect(shopCart(await guest.get('/checkout/cart/getData')).guest_checkout).toBe(false);
      // Updated in place (a new version, same row count).
      await w.server.db
        .updateTable('settings')
        .set({ value: JSON.stringify(true) })
        .where('key', '=', 'guest_checkout')
        .execute();
      expect(
        shopCart(await guest.post('/checkout/cart/add', { product_id: p.plain2.product_id, quantity: 1 }))
          .guest_checkout,
      ).toBe(true);
      await w.server.db
        .updateTable('settings')
        .set({ value: JSON.stringify(false) })
        .where('key', '=', 'guest_checkout')
        .execute();
      refused(await guest.post('/checkout/cart/add', { product_id: p.plain2.product_id, quantity: 1 }), 401);
    } finally {
      // Deleted (only the row count changes): back to the default.
      await w.server.db.deleteFrom('settings').where('key', '=', 'guest_checkout').execute();
    }
    expect(
      shopCart(await guest.post('/checkout/cart/add', { product_id: p.plain2.product_id, quantity: 1 })).guest_checkout,
    ).toBe(true);

    // The listing's price switch, the same way.
    await w.server.db
      .insertInto('settings')
      .values({ key: 'customer_price', value: JSON.stringify('1') })
      .execute();
    try {
      expect(await listed(guest)).toMatchObject({ price: null, price_login_required: true });
      await w.server.db
        .updateTable('settings')
        .set({ value: JSON.stringify(false) })
        .where('key', '=', 'customer_price')
        .execute();
      expect(await listed(guest)).toMatchObject({ price, price_login_required: false });
      await w.server.db
        .updateTable('settings')
        .set({ value: JSON.stringify(true) })
        .where('key', '=', 'customer_price')
        .execute();
      expect(await listed(guest)).toMatchObject({ price: null });
    } finally {
      await w.server.db.deleteFrom('settings').where('key', '=', 'customer_price').execute();
    }
    expect((await listed(guest)).price).toBe(price);
  });
});

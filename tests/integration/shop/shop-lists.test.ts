/**
 * Compare (/product/compare/*) and wishlist (/account/wishlist/*) on the real server: lists per
 * shopper, the compare limit, bad input, a guest's wishlist refused, staff refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPARE_LIMIT, compareReplySchema, wishlistReplySchema } from '../../../src/contracts/shop-lists';
import { testEngines } from '../../support/engines';
import { freshCashier, pickProducts, refused, startPos, type PickedProducts, type PosWorld } from '../pos/support';
import { registeredShopper, ShopClient } from './support';

const ok = <T>(schema: { parse(v: unknown): T }, r: { status: number; body: unknown }): T => {
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return schema.parse(r.body);
};

describe.each(testEngines())('compare and wishlist calls on %s', (engine) => {
  let w: PosWorld;
  let p: PickedProducts;
  let ids: number[];
  beforeAll(async () => {
    w = await startPos(engine);
    p = await pickProducts(w);
    const rows = await w.server.db
      .selectFrom('products')
      .select('product_id')
      .where('status', '=', true)
      .orderBy('product_id')
      .limit(COMPARE_LIMIT + 1)
      .execute();
    ids = rows.map((r) => r.product_id);
  });
  afterAll(async () => {
    await w?.server.close();
  });

  it('compares products per shopper and keeps the newest four', async () => {
    const g = new ShopClient(w.server.url);
    expect(ok(compareReplySchema, await g.get('/product/compare/getCompare')).products).toEqual([]);
    const one = ok(compareReplySchema, await g.post('/product/compare/add', { product_id: p.plain.product_id }));
    expect(one.products[0]).toMatchObject({ product_id: p.plain.product_id, name: p.plain.name });
    expect(one.products[0]!.price).toMatch(/^\d+\.\d{2}$/);
    // Form payload, as the spec sends it.
    const form = await g.post('/product/compare/add', `product_id=${p.plain2.product_id}`, {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(ok(compareReplySchema, form).products).toHaveLength(2);
    const other = new ShopClient(w.server.url);
    expect(ok(compareReplySchema, await other.get('/product/compare/getCompare')).products).toEqual([]);
    for (const id of ids) await g.post('/product/compare/add', { product_id: id });
    const full = ok(compareReplySchema, await g.get('/product/compare/getCompare'));
    expect(full.products).toHaveLength(COMPARE_LIMIT);
    const removed = ok(compareReplySchema, await g.post('/product/compare/remove', { product_id: ids.at(-1) }));
    expect(removed.products.map((x) => x.product_id)).not.toContain(ids.at(-1));
  });

  it('refuses bad input on compare without change', async () => {
    const g = new ShopClient(w.server.url);
    refused(await g.post('/product/compare/add', { product_id: 99_999_999 }), 404, 'This product is not available.');
    refused(await g.post('/product/compare/add', { product_id: 'x' }), 400, 'This product is not available.');
    refused(await g.post('/product/compare/add', {}), 400);
    expect(g.cookie('pd_shopper')).toBeUndefined();
  });

  it('keeps a wishlist for a signed-in customer only, each their own', async () => {
    const g = new ShopClient(w.server.url);
    expect(ok(wishlistReplySchema, await g.get('/account/wishlist/getWishlist'))).toEqual({
      products: [],
      logged_in: false,
    });
    refused(
      await g.post('/account/wishlist/add', { product_id: p.plain.product_id }),
      401,
      'Log in or create an account to keep a wishlist.',
    );
    const a = await registeredShopper(w.server.url, `wish-a-${Date.now()}@example.com`);
    const b = await registeredShopper(w.server.url, `wish-b-${Date.now()}@example.com`);
    const added = ok(wishlistReplySchema, await a.post('/account/wishlist/add', { product_id: p.plain.product_id }));
    expect(added).toMatchObject({ logged_in: true, products: [{ product_id: p.plain.product_id }] });
    ok(wishlistReplySchema, await a.post('/account/wishlist/add', { product_id: p.plain.product_id }));
    expect(ok(wishlistReplySchema, await a.get('/account/wishlist/getWishlist')).products).toHaveLength(1);
    expect(ok(wishlistReplySchema, await b.get('/account/wishlist/getWishlist')).products).toEqual([]);
    refused(await a.post('/account/wishlist/add', { product_id: 99_999_999 }), 404);
    const gone = ok(wishlistReplySchema, await a.post('/account/wishlist/remove', { product_id: p.plain.product_id }));
    expect(gone.products).toEqual([]);
  });

  it('refuses staff (hidden in POS mode) and needs the CSRF token of a session', async () => {
    const c = await freshCashier(w);
    refused(await c.get('/product/compare/getCompare'), 403);
    refused(await c.post('/account/wishlist/add', { product_id: p.plain.product_id }), 403);
    const a = await registeredShopper(w.server.url, `wish-c-${Date.now()}@example.com`);
    refused(
      await a.request(
        'POST',
        '/account/wishlist/add',
        { product_id: p.plain.product_id },
        { 'x-csrf-token': 'forged' },
      ),
      403,
    );
  });
});

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPageReplySchema, type ProductDetail } from '../../../src/contracts/product-page';
import type { ProductsListReply } from '../../../src/contracts/products-list';
import { testEngines } from '../../support/engines';
import { TestClient } from '../../support/http-client';
import { startProductServer, type ProductServer } from './support';

describe.each(testEngines())('GET /api/products/page/{slug} on %s', (engine) => {
  let server: ProductServer;
  let guest: TestClient;
  let first: { product_id: number; manufacturer_id: number; links: { view: string; manufacturer: string } };
  const page = async (c: TestClient, slug: string) => c.get(`/api/products/page/${slug}`);
  const productOf = (body: unknown): ProductDetail => {
    const r = productPageReplySchema.parse(body);
    if (r.kind !== 'product') throw new Error(`expected a product, got ${r.kind}`);
    return r.product;
  };
  const setSetting = async (key: string, value: unknown) => {
    await server.db.deleteFrom('settings').where('key', '=', key).execute();
    if (value !== undefined)
      await server.db
        .insertInto('settings')
        .values({ key, value: JSON.stringify(value) })
        .execute();
  };

  beforeAll(async () => {
    server = await startProductServer(engine);
    guest = new TestClient(server.url);
    first = (await guest.get('/api/products/?limit=1')).body.products[0];
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers a product link with the page fields, prices as 2-place decimal strings', async () => {
    const r = await page(guest, first.links.view.slice(1));
    expect(r.status).toBe(200);
    const p = productOf(r.body);
    expect(p.product_id).toBe(first.product_id);
    expect(p.price).toMatch(/^\d+\.\d{2}$/);
    expect(p.price_login_required).toBe(false);
    expect(p.guest_checkout).toBe(true);
    expect(p.logged_in).toBe(false);
    expect(p.components).toEqual([]);
    expect(p.minimum).toBeGreaterThanOrEqual(1);
  });

  it('names a part’s core charge (products.surcharge), null for a part without one', async () => {
    const cored = await server.db
      .selectFrom('products')
      .select(['slug', sql<string>`surcharge::text`.as('surcharge')])
      .where('status', '=', true)
      .where('disable_pricing', '=', false)
      .where('surcharge', '>', '0')
      .orderBy('product_id')
      .executeTakeFirstOrThrow();
    expect(productOf((await page(guest, cored.slug)).body).core_charge).toBe(cored.surcharge);
    const plain = await server.db
      .selectFrom('products')
      .select('slug')
      .where('status', '=', true)
      .where('surcharge', '=', '0')
      .orderBy('product_id')
      .executeTakeFirstOrThrow();
    expect(productOf((await page(guest, plain.slug)).body).core_charge).toBeNull();
  });

  it('answers a brand link and a category link with their kind', async () => {
    const brand = productPageReplySchema.parse((await page(guest, first.links.manufacturer.slice(1))).body);
    expect(brand.kind).toBe('brand');
    const cat = await server.db
      .selectFrom('categories')
      .select('slug')
      .where('status', '=', true)
      .executeTakeFirstOrThrow();
    const category = productPageReplySchema.parse((await page(guest, cat.slug)).body);
    expect(category.kind).toBe('category');
  });

  it('refuses unknown and malformed links with 404 and 400', async () => {
    const missing = await page(guest, 'no-such-product-anywhere');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('not_found');
    const bad = await page(guest, encodeURIComponent('bad slug!'));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('That is not a product link.');
  });

  it('shows a sale price with the MSRP it is taken from and what the shopper saves', async () => {
    await server.db
      .updateTable('products')
      .set({ price: '80.00', msrp: '100.00' })
      .where('product_id', '=', first.product_id)
      .execute();
    const p = productOf((await page(guest, first.links.view.slice(1))).body);
    expect(p.special).toBe('80.00');
    expect(p.original_unit_price).toBe('100.00');
    expect(p.instant_rebate).toBe('20.00');
    await server.db.updateTable('products').set({ msrp: '80.00' }).where('product_id', '=', first.product_id).execute();
    const q = productOf((await page(guest, first.links.view.slice(1))).body);
    expect(q.special).toBeNull();
    expect(q.instant_rebate).toBeNull();
  });

  it('lists specials: only products selling below their MSRP', async () => {
    const r = await guest.get('/api/products/?special=1&limit=100');
    expect(r.status).toBe(200);
    expect(r.body.products.length).toBeGreaterThan(0);
    for (const p of (r.body.products as { price: string | null; msrp: string | null }[]).filter(
      (x) => x.price !== null,
    ))
      expect(Number(p.msrp)).toBeGreaterThan(Number(p.price));
    const all = (await guest.get('/api/products/?limit=1')).body.total_items;
    expect(r.body.total_items).toBeLessThan(all);
  });

  it('sends no price at all to a guest when prices need a login, and prices to a signed-in shopper', async () => {
    await setSetting('customer_price', true);
    try {
      const p = productOf((await page(guest, first.links.view.slice(1))).body);
      expect(p.price_login_required).toBe(true);
      expect([p.price, p.msrp, p.unit_price, p.special, p.labor_price]).toEqual([null, null, null, null, null]);
      const shopper = new TestClient(server.url);
      expect((await shopper.login('shopper@example.com', 'shopper')).status).toBe(200);
      const q = productOf((await page(shopper, first.links.view.slice(1))).body);
      expect(q.price_login_required).toBe(false);
      expect(q.price).toMatch(/^\d+\.\d{2}$/);
      expect(q.logged_in).toBe(true);
    } finally {
      await setSetting('customer_price', undefined);
    }
  });

  it('gives listing cards the same price and button rules as the product page', async () => {
    await setSetting('customer_price', true);
    await setSetting('guest_checkout', false);
    try {
      const g = (await guest.get('/api/products/?limit=100')).body as ProductsListReply;
      expect(g.products.every((p) => p.price === null && p.msrp === null && p.price_login_required)).toBe(true);
      expect(g.products.every((p) => !p.guest_checkout && !p.logged_in)).toBe(true);
      const optioned = await server.db
        .selectFrom('products')
        .select('product_id')
        .where('requires_options', '=', true)
        .where('status', '=', true)
        .execute();
      const ids = new Set(optioned.map((o) => o.product_id));
      expect(g.products.filter((p) => p.requires_options).every((p) => ids.has(p.product_id))).toBe(true);
      expect(g.products.filter((p) => !p.requires_options).some((p) => ids.has(p.product_id))).toBe(false);
      const shopper = new TestClient(server.url);
      await shopper.login('shopper@example.com', 'shopper');
      const s = (await shopper.get('/api/products/?limit=5')).body as ProductsListReply;
      expect(
        s.products.every((p) => /^\d+\.\d{2}$/.test(p.price ?? '') && !p.price_login_required && p.logged_in),
      ).toBe(true);
    } finally {
      await setSetting('customer_price', undefined);
      await setSetting('guest_checkout', undefined);
    }
  });

  it('hides prices of a product with pricing off, with the notice from the settings or the default', async () => {
    await server.db
      .updateTable('products')
      .set({ disable_pricing: true })
      .where('product_id', '=', first.product_id)
      .execute();
    try {
      const p = productOf((await page(guest, first.links.view.slice(1))).body);
      expect(p.price).toBeNull();
      expect(p.disable_pricing_notice).toBe('Product Unavailable');
      const card = (
        (await guest.get(`/api/products/?manufacturer_id=${first.manufacturer_id}&limit=100`)).body as ProductsListReply
      ).products.find((c) => c.product_id === first.product_id);
      expect(card).toMatchObject({
        price: null,
        msrp: null,
        disable_pricing: true,
        disable_pricing_notice: 'Product Unavailable',
      });
      await setSetting('disable_pricing_notice', 'Call for price');
      expect(productOf((await page(guest, first.links.view.slice(1))).body).disable_pricing_notice).toBe(
        'Call for price',
      );
    } finally {
      await setSetting('disable_pricing_notice', undefined);
      await server.db
        .updateTable('products')
        .set({ disable_pricing: false })
        .where('product_id', '=', first.product_id)
        .execute();
    }
  });

  it('lists options (a required one makes the product require options) and package components', async () => {
    const opt = await server.db
      .insertInto('product_options')
      .values({ product_id: first.product_id, name: 'Finish', type: 'select', required: true })
      .returning('product_option_id')
      .executeTakeFirstOrThrow();
    await server.db
      .insertInto('product_option_values')
      .values([
        { product_option_id: opt.product_option_id, name: 'Black', price: '0.00', sort_order: 1 },
        { product_option_id: opt.product_option_id, name: 'Chrome', price: '12.50', sort_order: 2 },
      ])
      .execute();
    const others = await server.db
      .selectFrom('products')
      .select('product_id')
      .where('product_id', '<>', first.product_id)
      .orderBy('product_id')
      .limit(12)
      .execute();
    await server.db
      .insertInto('product_components')
      .values(
        others.map((o, i) => ({
          package_id: first.product_id,
          component_id: o.product_id,
          quantity: 1 + (i % 2),
          sort_order: i,
        })),
      )
      .execute();
    const p = productOf((await page(guest, first.links.view.slice(1))).body);
    expect(p.requires_options).toBe(true);
    expect(p.options).toEqual([
      expect.objectContaining({
        name: 'Finish',
        required: true,
        values: [
          expect.objectContaining({ name: 'Black', price: '0.00' }),
          expect.objectContaining({ name: 'Chrome', price: '12.50', price_prefix: '+' }),
        ],
      }),
    ]);
    expect(p.components).toHaveLength(12);
    expect(p.components[1]).toMatchObject({ product_id: others[1]!.product_id, quantity: 2 });
    await server.db.deleteFrom('product_components').where('package_id', '=', first.product_id).execute();
    await sql`delete from product_options where product_id = ${first.product_id}`.execute(server.db);
  });
});

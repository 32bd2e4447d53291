import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productsListReplySchema } from '../../../src/contracts/products-list';
import { startTestServer, type TestServer } from '../../support/app-server';
import { testEngines } from '../../support/engines';
import { TestClient } from '../../support/http-client';
import { TEST_PARTS } from '../../support/global-setup';

describe.each(testEngines())('catalog listing on %s', (engine) => {
  let server: TestServer;
  let guest: TestClient;
  beforeAll(async () => {
    server = await startTestServer(engine);
    guest = new TestClient(server.url);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('lists products to a guest with paging, matching the wire contract', async () => {
    const r = await guest.get('/api/products/?page=2&limit=10');
    expect(r.status).toBe(200);
    const body = productsListReplySchema.parse(r.body);
    expect(body.products).toHaveLength(10);
    expect(body.page).toBe(2);
    expect(body.total_items).toBeGreaterThanOrEqual(TEST_PARTS * 0.9);
    expect(body.total_pages).toBe(Math.ceil(body.total_items / 10));
    const p = body.products[0]!;
    expect(p.links.view).toMatch(/^\/[a-z0-9-]+$/);
    // Pricing off sends no price at all (as the product page does).
    if (p.disable_pricing) expect(p.price).toBeNull();
    else expect(p.price).toMatch(/^\d+\.\d{2}$/);
  });

  it('pages do not overlap and cover the catalog in a stable order', async () => {
    const a = (await guest.get('/api/products/?page=1&limit=20')).body.products.map(
      (p: { product_id: number }) => p.product_id,
    );
    const b = (await guest.get('/api/products/?page=2&limit=20')).body.products.map(
      (p: { product_id: number }) => p.product_id,
    );
    expect(new Set([...a, ...b]).size).toBe(40);
  });

  it('sorts by price exactly (decimal, not text) in both directions', async () => {
    for (const order of ['asc', 'desc'] as const) {
      const prices: string[] = (await guest.get(`/api/products/?sort=price&order=${order}&limit=50`)).body.products
        .map((p: { price: string | null }) => p.price)
        .filter((x: string | null) => x !== null);
      for (let i = 1; i < prices.length; i++) {
        const cmp = new Decimal(prices[i - 1]!).comparedTo(prices[i]!);
        expect(order === 'asc' ? cmp <= 0 : cmp >= 0).toBe(true);
      }
    }
  });

  it('finds a part by its exact part number, hyphens included', async () => {
    const first = (await guest.get('/api/products/?limit=1')).body.products[0];
    const r = await guest.get(`/api/products/?search=${encodeURIComponent(first.mpn)}`);
    expect(r.body.products.map((p: { product_id: number }) => p.product_id)).toContain(first.product_id);
  });

  it('filters by brand, series and category', async () => {
    const first = (await guest.get('/api/products/?limit=1')).body.products[0];
    const withSeries = (await guest.get('/api/products/?limit=100')).body.products.find(
      (p: { series_id: number | null }) => p.series_id !== null,
    );
    const bySeries = (await guest.get(`/api/products/?series_id=${withSeries.series_id}&limit=100`)).body;
    expect(bySeries.total_items).toBeGreaterThan(0);
    expect(bySeries.products.every((p: { series_id: number }) => p.series_id === withSeries.series_id)).toBe(true);
    const byBrand = (await guest.get(`/api/products/?manufacturer_id=${first.manufacturer_id}&limit=100`)).body;
    expect(
      byBrand.products.every((p: { manufacturer_id: number }) => p.manufacturer_id === first.manufacturer_id),
    ).toBe(true);
    const categoryId = first.categories[0].category_id;
    const byCategory = (await guest.get(`/api/products/?category_id=${categoryId}&limit=100`)).body;
    expect(byCategory.total_items).toBeGreaterThan(0);
    expect(
      byCategory.products.every((p: { categories: { category_id: number }[] }) =>
        p.categories.some((c) => c.category_id === categoryId),
      ),
    ).toBe(true);
  });

  it('falls back to defaults on nonsense query values and answers an empty page past the end', async () => {
    const r = await guest.get('/api/products/?page=zero&limit=-5&sort=evil&order=sideways');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ page: 1, limit: 24 });
    const past = await guest.get('/api/products/?page=9999');
    expect(past.status).toBe(200);
    expect(past.body.products).toEqual([]);
  });

  it('counts a product added after a listing was answered (no stale cached total)', async () => {
    const before = (await guest.get('/api/products/?limit=1')).body.total_items;
    const template = await server.open.db.selectFrom('products').selectAll().limit(1).executeTakeFirstOrThrow();
    const { product_id: _id, version: _v, mpn_key: _k, ...rest } = template as typeof template & { mpn_key?: string };
    await server.open.db
      .insertInto('products')
      .values({ ...rest, mpn: 'ZZ-NEW-1', slug: 'zz-new-1' })
      .execute();
    expect((await guest.get('/api/products/?limit=1')).body.total_items).toBe(before + 1);
  });

  it('treats LIKE wildcards in a search as text', async () => {
    const r = await guest.get('/api/products/?search=%25%25%25');
    expect(r.status).toBe(200);
    expect(r.body.total_items).toBe(0);
  });
});

/**
 * The shopper's chosen store drives the cards' stock (docs/decisions/storefront.md "Stock on cards
 * and in the cart", issue 23): GET /api/products/ with `store` counts that store's stock and says
 * it as the product page does ('{n} in Stock at {store}', 'Out of Stock at {store}'); without one,
 * or with an id that is not an active store (unknown, closed, not a number), the total over every
 * store, never an error. The catalog's server-rendered first screen reads the store from the
 * locator_pickup_location cookie and embeds the reply under the path the client asks with it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_FIRST_PATH, catalogFirstPath, FIRST_DATA_ELEMENT_ID } from '../../../src/contracts/first-screen';
import type { ProductsListReply } from '../../../src/contracts/products-list';
import { LOCATOR_PICKUP_COOKIE } from '../../../src/domain/constants';
import { testEngines } from '../../support/engines';
import { TestClient } from '../../support/http-client';
import { startProductServer, type ProductServer } from '../product/support';

/** The built index.html's markers, so the server embeds the first read (no renderer: data only). */
const TEMPLATE = `<!doctype html>
<html lang="en">
  <head></head>
  <body><div id="root"><!--first-screen--><div>Partsdesk</div><!--/first-screen--></div></body>
</html>
`;

describe.each(testEngines())('stock on listing cards for the chosen store on %s', (engine) => {
  let server: ProductServer;
  let guest: TestClient;
  let productId: number;
  let stores: { location_id: number; name: string }[];
  let total: number;

  const listing = async (query: string): Promise<ProductsListReply> => {
    const r = await guest.get(`/api/products/${query}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body as ProductsListReply;
  };
  const card = (reply: ProductsListReply) => reply.products.find((p) => p.product_id === productId);

  beforeAll(async () => {
    server = await startProductServer(engine);
    fs.writeFileSync(path.join(server.staticDir, 'index.html'), TEMPLATE);
    guest = new TestClient(server.url);
    stores = await server.db
      .selectFrom('locations')
      .select(['location_id', 'name'])
      .where('status', '=', true)
      .orderBy('location_id')
      .execute();
    expect(stores.length).toBeGreaterThanOrEqual(3);
    // The catalog's first card, with known stock: 7 at the first store, none at the second, 5 at the rest.
    productId = (await listing('?page=1&limit=24&sort=name&order=asc')).products[0]!.product_id;
    await server.db.updateTable('products').set({ oos_text: null }).where('product_id', '=', productId).execute();
    for (const [i, s] of stores.entries())
      await server.db
        .updateTable('product_stock')
        .set({ quantity: i === 0 ? 7 : i === 1 ? 0 : 5 })
        .where('product_id', '=', productId)
        .where('location_id', '=', s.location_id)
        .execute();
    const row = await server.db
      .selectFrom('product_stock')
      .select((eb) => eb.fn.sum<string>('quantity').as('n'))
      .where('product_id', '=', productId)
      .executeTakeFirstOrThrow();
    total = Number(row.n);
    expect(total).toBe(7 + 5 * (stores.length - 2));
  });
  afterAll(async () => {
    await server?.close();
  });

  it('counts every store without a store, and the chosen store with one, in the product page words', async () => {
    const all = await listing('?page=1&limit=24&sort=name&order=asc');
    expect(all.store ?? null).toBeNull();
    expect(card(all)).toMatchObject({ stock_status: 'in_stock', stock_text: `${total} in Stock` });

    const [first, second] = stores as [(typeof stores)[0], (typeof stores)[0]];
    const atFirst = await listing(`?page=1&limit=24&sort=name&order=asc&store=${first.location_id}`);
    expect(atFirst.store).toEqual({ location_id: first.location_id, name: first.name });
    expect(card(atFirst)).toMatchObject({ stock_status: 'in_stock', stock_text: `7 in Stock at ${first.name}` });
    // The same products and counts: only the stock differs.
    expect(atFirst.products.map((p) => p.product_id)).toEqual(all.products.map((p) => p.product_id));
    expect(atFirst.total_items).toBe(all.total_items);

    const atSecond = await listing(`?page=1&limit=24&sort=name&order=asc&store=${second.location_id}`);
    expect(card(atSecond)).toMatchObject({
      stock_status: 'out_of_stock',
      stock_text: `Out of Stock at ${second.name}`,
    });
  });

  it("shows a product's own out-of-stock text where the chosen store has none", async () => {
    const text = 'Ships from our distributor in 3-5 business days.';
    await server.db.updateTable('products').set({ oos_text: text }).where('product_id', '=', productId).execute();
    try {
      const r = await listing(`?page=1&limit=24&sort=name&order=asc&store=${stores[1]!.location_id}`);
      expect(card(r)).toMatchObject({ stock_status: 'distributor', stock_text: text });
    } finally {
      await server.db.updateTable('products').set({ oos_text: null }).where('product_id', '=', productId).execute();
    }
  });

  it('ignores a store id that is not an active store: the totals, never an error', async () => {
    const closed = stores[2]!;
    await server.db
      .updateTable('locations')
      .set({ status: false })
      .where('location_id', '=', closed.location_id)
      .execute();
    try {
      for (const store of ['abc', '0', '-1', '1.5', '99999999999', '987654', String(closed.location_id), '']) {
        const r = await listing(`?page=1&limit=24&sort=name&order=asc&store=${encodeURIComponent(store)}`);
        expect(r.store ?? null, store).toBeNull();
        expect(card(r)?.stock_text, store).toMatch(/^\d+ in Stock$/);
      }
    } finally {
      await server.db
        .updateTable('locations')
        .set({ status: true })
        .where('location_id', '=', closed.location_id)
        .execute();
    }
  });

  it("server-renders the catalog with the cookie's store under the path the client asks with it", async () => {
    const navigate = (cookie?: string) =>
      server.app.inject({
        method: 'GET',
        url: '/product/catalog',
        headers: { accept: 'text/html', 'sec-fetch-mode': 'navigate', ...(cookie ? { cookie } : {}) },
      });
    const embedded = (html: string) => {
      const m = new RegExp(
        `<script type="application/json" id="${FIRST_DATA_ELEMENT_ID}" data-path="([^"]*)">(.*?)</script>`,
        's',
      ).exec(html);
      expect(m).not.toBeNull();
      return { path: m![1]!.replace(/&amp;/g, '&'), body: JSON.parse(m![2]!) as ProductsListReply };
    };
    const first = stores[0]!;
    const chosen = embedded((await navigate(`${LOCATOR_PICKUP_COOKIE}=${first.location_id}`)).body);
    expect(chosen.path).toBe(catalogFirstPath(first.location_id));
    expect(chosen.path).toBe(`${CATALOG_FIRST_PATH}&store=${first.location_id}`);
    expect(chosen.body).toEqual(await listing(chosen.path.slice('/api/products/'.length)));
    expect(card(chosen.body)?.stock_text).toBe(`7 in Stock at ${first.name}`);

    const none = embedded((await navigate()).body);
    expect(none.path).toBe(CATALOG_FIRST_PATH);
    expect(card(none.body)?.stock_text).toBe(`${total} in Stock`);
    // A cookie that names no store id: the plain path, never a 500.
    const junk = await navigate(`${LOCATOR_PICKUP_COOKIE}=abc`);
    expect(junk.statusCode).toBe(200);
    expect(embedded(junk.body).path).toBe(CATALOG_FIRST_PATH);
  });
});

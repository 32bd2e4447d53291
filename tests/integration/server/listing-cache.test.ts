/**
 * GET /api/products/ answers from a per-process reply cache (docs/decisions/server.md "Listing
 * replies cached per process"), and no change may be missed for it: a price, a stock count, a
 * brand's name, a category link removed, a product deleted, a setting — written by any writer
 * (here plain SQL, as an admin tool or another process would) — is in the very next listing after
 * a cached one. Guests and signed-in shoppers never share a reply where prices differ. The reply's
 * bytes are made once and sent as br, gzip or plain, the same JSON each way. On PostgreSQL, two
 * servers on one database (each its own cache, as two processes) both see a change at once.
 */
import http from 'node:http';
import zlib from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductsListReply, ProductSummary } from '../../../src/contracts/products-list';
import { buildApp } from '../../../server/app';
import { openDatabase } from '../../../server/db/database';
import { startTestServer, type TestServer } from '../../support/app-server';
import { testEngines } from '../../support/engines';
import { TestClient } from '../../support/http-client';
import { registeredShopper } from '../shop/support';

const FIRST_PAGE = '/api/products/?page=1&limit=24&sort=name&order=asc';

/** One GET with this Accept-Encoding, the body as sent (not decoded) and the headers. */
function rawGet(url: string, encoding: string | null): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: encoding === null ? {} : { 'accept-encoding': encoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

describe.each(testEngines())('listing reply cache on %s', (engine) => {
  let server: TestServer;
  let guest: TestClient;
  let first: ProductSummary;

  const listing = async (path = FIRST_PAGE, c: Pick<TestClient, 'get'> = guest): Promise<ProductsListReply> => {
    const r = await c.get(path);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body as ProductsListReply;
  };
  /** The first card, asked twice so the second answer came from the cache. */
  const cachedFirst = async (path = FIRST_PAGE) => {
    await listing(path);
    return (await listing(path)).products.find((p) => p.product_id === first.product_id);
  };

  beforeAll(async () => {
    server = await startTestServer(engine);
    guest = new TestClient(server.url);
    first = (await listing()).products.find((p) => p.price !== null)!;
    expect(first).toBeDefined();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('shows a price, stock or brand change written by anyone in the next listing after a cached one', async () => {
    const db = server.open.db;
    const before = (await cachedFirst())!;
    await db
      .updateTable('products')
      .set({ price: sql`price + 1.25` })
      .where('product_id', '=', first.product_id)
      .execute();
    const priced = (await listing()).products.find((p) => p.product_id === first.product_id)!;
    expect(Number(priced.price) * 100).toBe(Number(before.price) * 100 + 125);

    await cachedFirst();
    await db.updateTable('product_stock').set({ quantity: 0 }).where('product_id', '=', first.product_id).execute();
    await db.updateTable('products').set({ oos_text: null }).where('product_id', '=', first.product_id).execute();
    await cachedFirst();
    await db
      .updateTable('product_stock')
      .set({ quantity: 3 })
      .where('product_id', '=', first.product_id)
      .where('location_id', '=', (eb) => eb.selectFrom('product_stock').select(eb.fn.min('location_id').as('l')))
      .execute();
    expect((await listing()).products.find((p) => p.product_id === first.product_id)!.stock_text).toBe('3 in Stock');

    await cachedFirst();
    await db
      .updateTable('manufacturers')
      .set({ name: 'Renamed Brand Co' })
      .where('manufacturer_id', '=', first.manufacturer_id)
      .execute();
    expect((await listing()).products.find((p) => p.product_id === first.product_id)!.manufacturer).toBe(
      'Renamed Brand Co',
    );
  });

  it('drops a deleted product and a removed category link at once', async () => {
    const db = server.open.db;
    const template = await db.selectFrom('products').selectAll().limit(1).executeTakeFirstOrThrow();
    const { product_id: _id, version: _v, mpn_key: _k, ...rest } = template as typeof template & { mpn_key?: string };
    const added = await db
      .insertInto('products')
      .values({ ...rest, name: '   Cache test part', mpn: 'ZZ-CACHE-1', slug: 'zz-cache-1' })
      .returning('product_id')
      .executeTakeFirstOrThrow();
    const category = first.categories[0]!.category_id;
    await db.insertInto('product_categories').values({ product_id: added.product_id, category_id: category }).execute();
    const byCategory = `/api/products/?category_id=${category}&limit=100&sort=name`;
    const ids = async (path: string) => (await listing(path)).products.map((p) => p.product_id);

    await listing(byCategory);
    expect(await ids(byCategory)).toContain(added.product_id);
    await db
      .deleteFrom('product_categories')
      .where('product_id', '=', added.product_id)
      .where('category_id', '=', category)
      .execute();
    expect(await ids(byCategory)).not.toContain(added.product_id);

    const total = (await listing()).total_items;
    expect(await ids(FIRST_PAGE)).toContain(added.product_id);
    await db.deleteFrom('products').where('product_id', '=', added.product_id).execute();
    const after = await listing();
    expect(after.products.map((p) => p.product_id)).not.toContain(added.product_id);
    expect(after.total_items).toBe(total - 1);
  });

  it('keeps guests and signed-in shoppers apart when the shop shows prices to customers only', async () => {
    const db = server.open.db;
    await cachedFirst();
    await db
      .insertInto('settings')
      .values({ key: 'customer_price', value: JSON.stringify(true) })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(true) }))
      .execute();
    try {
      const shopper = await registeredShopper(server.url, `cache-${Date.now()}@example.com`);
      const card = async (c: Pick<TestClient, 'get'>) =>
        (await listing(FIRST_PAGE, c)).products.find((p) => p.product_id === first.product_id)!;
      for (let i = 0; i < 2; i++) {
        expect(await card(guest)).toMatchObject({ price: null, price_login_required: true, logged_in: false });
        expect(await card(shopper)).toMatchObject({ price_login_required: false, logged_in: true });
        expect((await card(shopper)).price).toMatch(/^\d+\.\d{2}$/);
      }
    } finally {
      await db.deleteFrom('settings').where('key', '=', 'customer_price').execute();
    }
    expect((await listing()).products.find((p) => p.product_id === first.product_id)!.price).toMatch(/^\d+\.\d{2}$/);
  });

  it('sends the same JSON as br, gzip or plain, and says it varies by cookie and encoding', async () => {
    const url = server.url + FIRST_PAGE;
    const plain = await rawGet(url, null);
    const br = await rawGet(url, 'gzip, deflate, br, zstd');
    const gzip = await rawGet(url, 'gzip, deflate');
    const again = await rawGet(url, 'gzip, deflate, br, zstd');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(br.headers.vary?.toLowerCase()).toBe('cookie, accept-encoding');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    const json = plain.body.toString('utf8');
    expect(zlib.brotliDecompressSync(br.body).toString('utf8')).toBe(json);
    expect(zlib.gunzipSync(gzip.body).toString('utf8')).toBe(json);
    expect(again.body.equals(br.body)).toBe(true);
    expect((JSON.parse(json) as ProductsListReply).products.length).toBe(24);
  });

  it.skipIf(engine !== 'postgres')(
    'two servers on one database, each with its own cache, both see a change at once',
    async () => {
      const second = await openDatabase({ dataDir: '', databaseUrl: server.open.databaseUrl });
      const other = await buildApp({
        db: second.db,
        engine: second.engine,
        staticDir: '/nonexistent',
        sessionTtlMs: 3_600_000,
        secureCookies: false,
        logLevel: 'warn',
      });
      try {
        const otherGuest = new TestClient(await other.listen({ port: 0, host: '127.0.0.1' }));
        const price = async (c: TestClient) =>
          (await listing(FIRST_PAGE, c)).products.find((p) => p.product_id === first.product_id)!.price;
        for (const c of [guest, otherGuest, guest, otherGuest]) await price(c);
        await server.open.db
          .updateTable('products')
          .set({ price: '987.65' })
          .where('product_id', '=', first.product_id)
          .execute();
        expect(await price(otherGuest)).toBe('987.65');
        expect(await price(guest)).toBe('987.65');
      } finally {
        await other.close();
        await second.close();
      }
    },
  );
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventoryReplySchema } from '../../../src/contracts/product-inventory';
import { testEngines } from '../../support/engines';
import { TestClient } from '../../support/http-client';
import { startProductServer, type ProductServer } from './support';

const PATH = '/api/inventory/getInventoriesByProductId';

describe.each(testEngines())('POST /api/inventory/getInventoriesByProductId on %s', (engine) => {
  let server: ProductServer;
  let guest: TestClient;
  let productId: number;
  let stock: Map<number, number>;

  beforeAll(async () => {
    server = await startProductServer(engine);
    guest = new TestClient(server.url);
    productId = (await guest.get('/api/products/?limit=1')).body.products[0].product_id;
    const locations = await server.db
      .selectFrom('locations')
      .select('location_id')
      .where('status', '=', true)
      .orderBy('location_id')
      .execute();
    await server.db.deleteFrom('product_stock').where('product_id', '=', productId).execute();
    stock = new Map(locations.map((l, i) => [l.location_id, 3 + i * 4]));
    await server.db
      .insertInto('product_stock')
      .values([...stock].map(([location_id, quantity]) => ({ product_id: productId, location_id, quantity })))
      .execute();
  });
  afterAll(async () => {
    await server?.close();
  });

  const total = () => [...stock.values()].reduce((a, b) => a + b, 0);

  it('gives a guest the total and the default store, never per-location stock or reseller prices', async () => {
    const r = await guest.post(PATH, { productId });
    expect(r.status).toBe(200);
    const body = inventoryReplySchema.parse(r.body);
    expect(body.totalInventory).toBe(total());
    expect(body.locations).toEqual([]);
    expect(body.prices).toEqual([]);
  });

  it("counts the shopper's chosen pickup store as their store", async () => {
    const [, second] = [...stock.keys()];
    const r = await guest.post(PATH, { productId }, { cookie: `locator_pickup_location=${second}` });
    expect(r.body.storeInventory).toBe(stock.get(second!));
  });

  it('gives staff stock per location and msrp/retail prices; cost only to admins', async () => {
    const cashier = new TestClient(server.url);
    await cashier.login('cashier', 'cashier');
    const c = inventoryReplySchema.parse((await cashier.post(PATH, { productId })).body);
    expect(c.locations.map((l) => l.inventory)).toEqual([...stock.values()]);
    expect(c.prices.map((p) => p.key)).toEqual(['msrp', 'retail']);
    expect(c.prices[1]!.text).toMatch(/^\$[\d,]+\.\d{2}$/);
    const admin = new TestClient(server.url);
    await admin.login('admin', 'admin');
    const a = inventoryReplySchema.parse((await admin.post(PATH, { productId })).body);
    expect(a.prices.map((p) => p.key)).toEqual(['msrp', 'retail', 'cost']);
  });

  it("marks staff replies private so the service worker's shared catalog cache never keeps them", async () => {
    const cashier = new TestClient(server.url);
    await cashier.login('cashier', 'cashier');
    expect((await cashier.get(`/api/products/?limit=1`)).headers.get('cache-control')).toBe('private, no-cache');
    expect((await guest.get(`/api/products/?limit=1`)).headers.get('cache-control') ?? '').not.toMatch(/private/);
    // Without a vehicle nothing narrows it, `fits=1` or not: the public listing. A listing narrowed to
    // the shopper's vehicle is theirs alone (private: tests/integration/fitment/listing-by-vehicle.test.ts).
    expect((await guest.get(`/api/products/?limit=1&fits=1`)).headers.get('cache-control') ?? '').not.toMatch(
      /private/,
    );
  });

  it('refuses bad product ids with 400 and unknown ones with 404, changing nothing', async () => {
    for (const body of [{}, { productId: 'abc' }, { productId: -4 }, { productId: 1.5 }]) {
      const r = await guest.post(PATH, body);
      expect(r.status).toBe(400);
      expect(r.body.message).toBe('productId must be a product id.');
    }
    const r = await guest.post(PATH, { productId: 999_999_999 });
    expect(r.status).toBe(404);
  });

  it('accepts the form-encoded body the spec sends', async () => {
    const r = await guest.post(PATH, `productId=${productId}`, { 'content-type': 'application/x-www-form-urlencoded' });
    expect(r.status).toBe(200);
    expect(r.body.totalInventory).toBe(total());
  });
});

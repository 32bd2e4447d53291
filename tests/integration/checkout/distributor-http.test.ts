/**
 * A real distributor plugged in by configuration (DISTRIBUTOR=http; docs/decisions/distributor.md
 * "A real distributor over HTTP"): the adapter the configuration picks, against a distributor API
 * on loopback, through the server's calls on both engines. getInventoryDetails and the order form
 * reach it with the API key; prices sent as JSON numbers arrive as 2-place strings; a purchase
 * order whose answer was lost is stored once when the counter retries (the same Idempotency-Key);
 * a refusal, a distributor that is down, a closed port and an answer that is not the §3 shape are
 * "There was an error!" with nothing stored, never a 500.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distributorFrom } from '../../../server/adapters/distributor/create';
import { HttpDistributor } from '../../../server/adapters/distributor/http';
import { distributorConfig } from '../../../server/config';
import { catalogListPrices } from '../../../server/services/distributor/catalog-list-prices';
import { testEngines } from '../../support/engines';
import type { TestClient } from '../../support/http-client';
import { Device, signedIn, startCheckoutServer, type CheckoutServer } from './support/checkout-server';
import { startFakeDistributor, type FakeDistributor } from './support/fake-distributor';

describe('DISTRIBUTOR=http configuration', () => {
  it('needs a URL and a key; picks the HTTP adapter', () => {
    const env = { DISTRIBUTOR: 'http', DISTRIBUTOR_URL: 'https://wd.example/api/', DISTRIBUTOR_API_KEY: 'k' };
    expect(distributorConfig(env)).toEqual({
      kind: 'http',
      url: 'https://wd.example/api/',
      apiKey: 'k',
      name: 'Distributor',
      timeoutMs: 15_000,
      warehouseApi: true,
    });
    expect(distributorFrom(distributorConfig(env))).toBeInstanceOf(HttpDistributor);
    expect(distributorConfig({ ...env, DISTRIBUTOR_WAREHOUSE_API: '0', DISTRIBUTOR_NAME: 'Acme WD' })).toMatchObject({
      name: 'Acme WD',
      warehouseApi: false,
    });
    expect(() => distributorConfig({ DISTRIBUTOR: 'http', DISTRIBUTOR_URL: 'https://wd.example' })).toThrow(
      /DISTRIBUTOR_API_KEY/,
    );
    expect(() => distributorConfig({ ...env, DISTRIBUTOR_URL: 'ftp://wd.example' })).toThrow(/DISTRIBUTOR_URL/);
    expect(() => distributorConfig({ ...env, DISTRIBUTOR_TIMEOUT_MS: 'soon' })).toThrow(/DISTRIBUTOR_TIMEOUT_MS/);
  });
});

describe.each(testEngines())('a real distributor over HTTP on %s', (engine) => {
  let server: CheckoutServer;
  let wd: FakeDistributor;
  let cashier: TestClient;
  let order: { id: string; number: number };
  let part: { aaia: string; mpn: string };

  beforeAll(async () => {
    wd = await startFakeDistributor((p) => catalogListPrices(server.db)(p));
    const distributor = distributorFrom(
      distributorConfig({
        DISTRIBUTOR: 'http',
        DISTRIBUTOR_URL: wd.url,
        DISTRIBUTOR_API_KEY: 'test-key',
        DISTRIBUTOR_NAME: 'Loopback WD',
        DISTRIBUTOR_TIMEOUT_MS: '5000',
      }),
    );
    server = await startCheckoutServer(engine, { distributor });
    cashier = await signedIn(server.url, 'cashier');
    order = await new Device(cashier).order(['40.00']);
    part = await server.db
      .selectFrom('products')
      .select(['aaia', 'mpn'])
      .where('status', '=', true)
      .where('price', '>', '0')
      .orderBy('product_id')
      .executeTakeFirstOrThrow();
  });
  afterAll(async () => {
    await server?.close();
    await wd?.close();
  });

  const stored = async () =>
    (
      await sql<{ n: number }>`select count(*)::int as n from purchase_orders where order_ref = ${order.id}`.execute(
        server.db,
      )
    ).rows[0]!.n;
  const inventory = () =>
    cashier.post('/pos/checkout/getInventoryDetails', { products: [{ aaia: part.aaia, mpn: part.mpn }] });
  const form = (quantity: number, warehouseCode: string, requestId = randomUUID()) => ({
    requestId,
    items: [
      { aaia: part.aaia, mpn: part.mpn, orderQuantity: quantity, selectedLocations: [{ quantity, warehouseCode }] },
    ],
    shippingMethod: 'Ground',
    notes: 'Restock',
  });
  const submit = (body: unknown) => cashier.post(`/pos/checkout/orderFromDistributor?orderId=${order.number}`, body);

  it('getInventoryDetails asks the distributor with the API key; prices become 2-place strings', async () => {
    wd.got.length = 0;
    const r = await inventory();
    expect(r.status).toBe(200);
    expect(r.body.warehouseApi).toBe(true);
    expect(wd.got).toEqual([
      {
        method: 'POST',
        path: '/api/v1/inventory',
        auth: 'Bearer test-key',
        idempotency: undefined,
        body: { Items: [{ AAIABrandCode: part.aaia, PartNumber: part.mpn }] },
      },
    ]);
    const item = r.body.Items[0];
    expect(item.locations.map((l: { warehouse_location: string }) => l.warehouse_location)).toEqual([
      'ATL',
      'DAL',
      'CHI',
    ]);
    for (const l of item.locations as { price: string }[]) expect(l.price).toMatch(/^\d+\.\d{2}$/);
    expect(item.prices.find((p: { key: string }) => p.key === 'msrp').value).toBe('0.00');
  });

  it('a purchase order whose answer was lost is stored once on the retry (same Idempotency-Key)', async () => {
    const item = (await inventory()).body.Items[0];
    const wh = item.locations.find((l: { wd_inventory: number }) => l.wd_inventory >= 2);
    const body = form(2, wh.warehouse_location);
    wd.got.length = 0;
    wd.mode.now = 'lost';
    const lost = await submit(body);
    expect(lost.status).toBe(502);
    expect(lost.body.message).toBe('There was an error! The distributor could not be reached (connection failed).');
    expect(await stored()).toBe(0);

    wd.mode.now = 'ok';
    const retry = await submit(body);
    expect(retry.status).toBe(200);
    expect(wd.got.map((g) => [g.path, g.idempotency])).toEqual([
      ['/api/v1/purchase-orders', body.requestId],
      ['/api/v1/purchase-orders', body.requestId],
    ]);
    const [po] = retry.body.purchase_orders;
    expect(po).toMatchObject({
      Number: `${order.number}-1`,
      ToWarehouse: { Name: wh.location_name },
      ShippingMethod: 'Ground',
      Notes: 'Restock',
    });
    expect(po.OrderTotalPrice).toMatch(/^\d+\.\d{2}$/);
    expect(wd.got[0]!.body).toMatchObject({
      RequestId: body.requestId,
      CustomerReference: String(order.number),
      Lines: [{ AAIABrandCode: part.aaia, PartNumber: part.mpn, Quantity: 2, WarehouseCode: wh.warehouse_location }],
    });
    expect(await stored()).toBe(1);
    // Taken once at the distributor: its stock went down by 2, not 4.
    const after = (await inventory()).body.Items[0].locations.find(
      (l: { warehouse_location: string }) => l.warehouse_location === wh.warehouse_location,
    );
    expect(after.wd_inventory).toBe(wh.wd_inventory - 2);
    const info = await cashier.get(`/api/order/info?order_id=${order.id}`);
    expect(info.body.purchase_orders).toEqual(retry.body.purchase_orders);
  });

  it('refused, down, junk or closed: "There was an error!", nothing stored, never a 500', async () => {
    const before = await stored();
    const refused = await submit(form(9_999, 'ATL'));
    expect(refused.status).toBe(502);
    expect(refused.body.message).toMatch(/^There was an error! Only \d+ of /);

    for (const mode of ['down', 'junk'] as const) {
      wd.mode.now = mode;
      const inv = await inventory();
      expect([inv.status, inv.body.message]).toEqual([502, 'There was an error!']);
      const s = await submit(form(1, 'ATL'));
      expect(s.status).toBe(502);
      expect(s.body.message).toBe(
        mode === 'down'
          ? 'There was an error! The distributor answered 503: Service Unavailable'
          : "There was an error! The distributor's answer was not understood.",
      );
    }
    wd.mode.now = 'ok';
    expect(await stored()).toBe(before);

    // Nothing listening at all.
    const gone = new HttpDistributor({
      kind: 'http',
      url: 'http://127.0.0.1:9/',
      apiKey: 'test-key',
      name: 'Gone',
      timeoutMs: 2_000,
      warehouseApi: true,
    });
    await expect(gone.inventory([part])).rejects.toThrow('The distributor could not be reached (connection failed).');
  });
});

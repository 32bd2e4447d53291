/**
 * Distributor ordering (pos-back-office.md §3, §5, §7 getInventoryDetails; docs/decisions/
 * distributor.md) against the real server with the simulated warehouse distributor: the POS item
 * with the shop's own stock, the order submitted and its purchase orders on the order, a retried
 * submit stored once, a failing distributor changing nothing, and who may call.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimulatedDistributor } from '../../../server/adapters/distributor/simulator';
import { catalogListPrices } from '../../../server/services/distributor/catalog-list-prices';
import { decimal } from '../../../src/domain/money';
import { DistributorError, type Distributor } from '../../../server/adapters/distributor/types';
import { testEngines } from '../../support/engines';
import { TestClient } from '../../support/http-client';
import { Device, signedIn, startCheckoutServer, type CheckoutServer } from './support/checkout-server';

describe.each(testEngines())('distributor ordering on %s', (engine) => {
  let server: CheckoutServer;
  let cashier: TestClient;
  let order: { id: string; number: number };
  let part: { aaia: string; mpn: string; name: string; product_id: number; price: string };
  let down = false;
  // Costed from the shop's catalog prices, as the server composes it (server/compose.ts).
  const sim = new SimulatedDistributor({
    seed: 3,
    latencyMs: 0,
    failureRate: 0,
    listPrices: (p) => catalogListPrices(server.db)(p),
  });
  // The simulator, or a distributor that is down while `down` is set.
  const distributor: Distributor = {
    name: sim.name,
    warehouseApi: true,
    warehouses: () => sim.warehouses(),
    inventory: (p) => (down ? Promise.reject(new DistributorError('down')) : sim.inventory(p)),
    submit: (o) => (down ? Promise.reject(new DistributorError('down')) : sim.submit(o)),
  };

  beforeAll(async () => {
    server = await startCheckoutServer(engine, { distributor });
    cashier = await signedIn(server.url, 'cashier');
    order = await new Device(cashier).order(['40.00']);
    part = await server.db
      .selectFrom('products')
      .select(['aaia', 'mpn', 'name', 'product_id', sql<string>`price::text`.as('price')])
      .where('status', '=', true)
      .where('price', '>', '0')
      .orderBy('product_id')
      .executeTakeFirstOrThrow();
  });
  afterAll(async () => {
    await server?.close();
  });

  const stored = async (orderRef: string) =>
    (
      await sql<{ n: number }>`select count(*)::int as n from purchase_orders where order_ref = ${orderRef}`.execute(
        server.db,
      )
    ).rows[0]!.n;
  const inventory = (c: TestClient = cashier, products: unknown = [{ aaia: part.aaia, mpn: part.mpn }]) =>
    c.post('/pos/checkout/getInventoryDetails', { products });
  const submit = (body: Record<string, unknown>, orderId: string | number = order.number, c: TestClient = cashier) =>
    c.post(`/pos/checkout/orderFromDistributor?orderId=${orderId}`, body);

  it("getInventoryDetails: the POS item with warehouses, the shop's name and stock, prices", async () => {
    const r = await inventory();
    expect(r.status).toBe(200);
    expect(r.body.warehouseApi).toBe(true);
    expect(r.body.Items).toHaveLength(1);
    const item = r.body.Items[0];
    expect(item).toMatchObject({ aaia: part.aaia, mpn: part.mpn, name: part.name });
    expect(item.locations.map((l: { warehouse_location: string }) => l.warehouse_location)).toEqual([
      'ATL',
      'DAL',
      'CHI',
    ]);
    const wd = item.locations.reduce((n: number, l: { wd_inventory: number }) => n + l.wd_inventory, 0);
    expect(item.totalInventory).toBe(item.storeInventory + wd);
    expect(item.prices.map((p: { key: string }) => p.key)).toEqual(['your_cost', 'retail', 'msrp']);
    expect(item.prices[0].value).toBe(item.locations[0].price);
    // Plausible: the shop buys below its own price, at 55-70 % of it give or take a warehouse's 3 %.
    for (const l of item.locations as { price: string }[]) {
      expect(decimal(l.price).lt(decimal(part.price))).toBe(true);
      expect(decimal(l.price).gte(decimal(part.price).times('0.53'))).toBe(true);
    }
    // The same path under /pos/order/, and a part the distributor does not carry is absent.
    const both = await cashier.post('/pos/order/getInventoryDetails', {
      products: [
        { aaia: part.aaia, mpn: part.mpn },
        { aaia: 'X', mpn: 'NONE-NA' },
      ],
    });
    expect(both.body.Items.map((i: { mpn: string }) => i.mpn)).toEqual([part.mpn]);
  });

  it('bad input is a 400 naming the field; nothing asked of the distributor', async () => {
    expect((await inventory(cashier, [])).status).toBe(400);
    expect((await inventory(cashier, 'x')).status).toBe(400);
    expect(
      (
        await inventory(
          cashier,
          Array.from({ length: 101 }, (_, i) => ({ aaia: 'A', mpn: `M${i}` })),
        )
      ).status,
    ).toBe(400);
    const r = await submit({ requestId: 'nope', items: [] });
    expect(r.status).toBe(400);
    expect(
      (
        await submit({
          requestId: randomUUID(),
          items: [
            {
              aaia: part.aaia,
              mpn: part.mpn,
              orderQuantity: 2,
              selectedLocations: [{ quantity: 1, warehouseCode: 'ATL' }],
            },
          ],
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await submit(
          {
            requestId: randomUUID(),
            items: [
              {
                aaia: part.aaia,
                mpn: part.mpn,
                orderQuantity: 1,
                selectedLocations: [{ quantity: 1, warehouseCode: 'ATL' }],
              },
            ],
          },
          987654,
        )
      ).status,
    ).toBe(404);
  });

  it('submits the order form; the purchase orders are stored and shown on the order; a retry stores nothing twice', async () => {
    const item = (await inventory()).body.Items[0];
    const wh = item.locations.find((l: { wd_inventory: number }) => l.wd_inventory >= 2);
    expect(wh).toBeDefined();
    const requestId = randomUUID();
    const body = {
      requestId,
      items: [
        {
          aaia: part.aaia,
          mpn: part.mpn,
          orderQuantity: 2,
          selectedLocations: [{ quantity: 2, warehouseCode: wh.warehouse_location }],
        },
      ],
      shippingMethod: 'Next Day',
      notes: 'For bay 2',
    };
    const r = await submit(body);
    expect(r.status).toBe(200);
    expect(r.body.purchase_orders).toHaveLength(1);
    const po = r.body.purchase_orders[0];
    expect(po).toMatchObject({
      Number: `${order.number}-1`,
      ToWarehouse: { Name: wh.location_name },
      CurrentStatus: 'Submitted',
      ShippingMethod: 'Next Day',
      Notes: 'For bay 2',
    });
    expect(po.Items).toEqual([
      expect.objectContaining({ AAIABrandCode: part.aaia, PartNumber: part.mpn, Quantity: 2 }),
    ]);
    // The total is the distributor's price × 2, to the cent, never a device's number.
    const cents = Math.round(Number(wh.price) * 100) * 2;
    expect(po.OrderTotalPrice).toBe(`${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`);
    expect(po.ShipTo.Name).not.toBe('');

    const again = await submit(body);
    expect(again.status).toBe(200);
    expect(again.body.purchase_orders).toEqual(r.body.purchase_orders);
    expect(await stored(order.id)).toBe(1);
    // The stock went down at that warehouse.
    const after = (await inventory()).body.Items[0].locations.find(
      (l: { warehouse_location: string }) => l.warehouse_location === wh.warehouse_location,
    );
    expect(after.wd_inventory).toBe(wh.wd_inventory - 2);

    const info = await cashier.get(`/api/order/info?order_id=${order.id}`);
    expect(info.body.purchase_orders).toEqual(r.body.purchase_orders);

    // The same request id on another order is refused: the id belongs to this order.
    const other = await new Device(cashier).order(['10.00']);
    const swapped = await submit(body, other.number);
    expect(swapped.status).toBe(409);
    expect(swapped.body.error).toBe('id_used_elsewhere');
    expect(await stored(other.id)).toBe(0);
  });

  it('more than the warehouse has: "There was an error!" with the distributor\'s reason, nothing stored', async () => {
    const before = await stored(order.id);
    const r = await submit({
      requestId: randomUUID(),
      items: [
        {
          aaia: part.aaia,
          mpn: part.mpn,
          orderQuantity: 999,
          selectedLocations: [{ quantity: 999, warehouseCode: 'ATL' }],
        },
      ],
    });
    expect(r.status).toBe(502);
    expect(r.body.message).toMatch(/^There was an error! Only \d+ of /);
    expect(await stored(order.id)).toBe(before);
  });

  it('a distributor that is down: "There was an error!" on both calls, nothing stored', async () => {
    down = true;
    try {
      const r = await inventory();
      expect(r.status).toBe(502);
      expect(r.body.message).toBe('There was an error!');
      const s = await submit({
        requestId: randomUUID(),
        items: [
          {
            aaia: part.aaia,
            mpn: part.mpn,
            orderQuantity: 1,
            selectedLocations: [{ quantity: 1, warehouseCode: 'DAL' }],
          },
        ],
      });
      expect(s.status).toBe(502);
      expect(s.body.message).toMatch(/^There was an error!/);
    } finally {
      down = false;
    }
  });

  it('cashiers and admins only: installers, shoppers and strangers are refused', async () => {
    const installer = await signedIn(server.url, 'installer');
    expect((await inventory(installer)).status).toBe(403);
    expect((await inventory(new TestClient(server.url))).status).toBe(401);
    const shopper = await signedIn(server.url, 'shopper@example.com', 'shopper');
    expect((await inventory(shopper)).status).toBe(403);
    const admin = await signedIn(server.url, 'admin');
    expect((await inventory(admin)).status).toBe(200);
  });
});

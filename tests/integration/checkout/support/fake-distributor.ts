/**
 * A distributor's HTTP API on loopback (docs/decisions/distributor.md "A real distributor over
 * HTTP"), for the DISTRIBUTOR=http adapter's tests: the wire of server/adapters/distributor/http.ts
 * in front of the simulated warehouse distributor (stock, prices, "Only n of …" refusals, a repeated
 * Idempotency-Key answering the first purchase orders). Prices go out as JSON numbers, as many
 * real APIs send them. `mode` makes it misbehave: `down` (503), `junk` (200 with a body that is not
 * the §3 shape), `lost` (accepts a purchase order, then drops the connection before answering).
 * Every request is logged with its auth and idempotency headers.
 */
import http from 'node:http';
import type net from 'node:net';
import { SimulatedDistributor } from '../../../../server/adapters/distributor/simulator';
import { DistributorError, type DistributorPartRef } from '../../../../server/adapters/distributor/types';

export interface FakeDistributorRequest {
  method: string;
  path: string;
  auth: string;
  idempotency: string | undefined;
  body: unknown;
}

export type FakeDistributorMode = 'ok' | 'down' | 'junk' | 'lost';

export interface FakeDistributor {
  url: string;
  got: FakeDistributorRequest[];
  mode: { now: FakeDistributorMode };
  close(): Promise<void>;
}

interface WireOrder {
  RequestId: string;
  CustomerReference: string;
  ShipTo: { Name: string; Street: string; City: string; StateProvinceCode: string; ZipPostalCode: string };
  ShippingMethod: string;
  Notes: string;
  Lines: { AAIABrandCode: string; PartNumber: string; Quantity: number; WarehouseCode: string }[];
}

export async function startFakeDistributor(
  listPrices?: (parts: DistributorPartRef[]) => Promise<ReadonlyMap<string, string>>,
): Promise<FakeDistributor> {
  const sim = new SimulatedDistributor({
    seed: 5,
    latencyMs: 0,
    failureRate: 0,
    ...(listPrices ? { listPrices } : {}),
  });
  const got: FakeDistributorRequest[] = [];
  const mode = { now: 'ok' as FakeDistributorMode };
  const answer = async (method: string, path: string, body: unknown, key: string | undefined): Promise<unknown> => {
    if (method === 'GET' && path === '/api/v1/warehouses') {
      return { Warehouses: (await sim.warehouses()).map((w) => ({ Code: w.code, Name: w.name })) };
    }
    if (method === 'POST' && path === '/api/v1/inventory') {
      const parts = (body as { Items: { AAIABrandCode: string; PartNumber: string }[] }).Items;
      const inv = await sim.inventory(parts.map((p) => ({ aaia: p.AAIABrandCode, mpn: p.PartNumber })));
      // JSON numbers for prices, a numeric ProductId and no list prices: the adapter normalises.
      return {
        Items: inv.Items.map(({ Msrp: _m, Retail: _r, ...i }) => ({
          ...i,
          ProductId: Number(i.ProductId.replace(/\D/g, '').slice(0, 9) || '0'),
          Locations: i.Locations.map((l) => ({ ...l, Price: Number(l.Price) })),
        })),
      };
    }
    if (method === 'POST' && path === '/api/v1/purchase-orders') {
      const o = body as WireOrder;
      const pos = await sim.submit({
        requestId: key ?? '',
        reference: o.CustomerReference,
        shipTo: o.ShipTo,
        shippingMethod: o.ShippingMethod,
        notes: o.Notes,
        lines: o.Lines.map((l) => ({
          aaia: l.AAIABrandCode,
          mpn: l.PartNumber,
          quantity: l.Quantity,
          warehouseCode: l.WarehouseCode,
        })),
      });
      return { PurchaseOrders: pos.map((po) => ({ ...po, OrderTotalPrice: Number(po.OrderTotalPrice) })) };
    }
    return undefined;
  };
  const server = http.createServer((req, res) => {
    let data = '';
    req.on('data', (c: Buffer) => (data += c.toString()));
    req.on('end', () => {
      const body: unknown = data ? JSON.parse(data) : undefined;
      const key = req.headers['idempotency-key'] as string | undefined;
      const path = req.url ?? '';
      got.push({ method: req.method ?? '', path, auth: req.headers.authorization ?? '', idempotency: key, body });
      res.setHeader('content-type', 'application/json');
      const send = (status: number, json: unknown) => {
        res.statusCode = status;
        res.end(JSON.stringify(json));
      };
      if (req.headers.authorization !== 'Bearer test-key') return send(401, { Message: 'Unknown API key' });
      if (mode.now === 'down') return send(503, { Message: 'Service Unavailable' });
      if (mode.now === 'junk') return send(200, { Items: 'soon', PurchaseOrders: [{ Number: 1 }] });
      answer(req.method ?? '', path, body, key).then(
        (json) => {
          // Accepted, and the answer never arrives: the connection drops.
          if (mode.now === 'lost' && path.endsWith('/purchase-orders')) return req.socket.destroy();
          if (json === undefined) send(404, { Message: 'No such call' });
          else send(200, json);
        },
        (e: unknown) => send(e instanceof DistributorError ? 422 : 500, { Message: String((e as Error).message) }),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/api/v1/`,
    got,
    mode,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

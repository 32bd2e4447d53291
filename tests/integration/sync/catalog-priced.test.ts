import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../../../src/contracts/protocol-version';
import { testEngines } from '../../support/engines';
import type { TestClient } from '../../support/http-client';
import { signedIn, startSyncServer, type SyncTestServer } from './support/sync-server';

const at = new Date().toISOString();

describe.each(testEngines())('catalog facts are re-read by the server on %s', (engine) => {
  let server: SyncTestServer;
  let cashier: TestClient;
  const clientId = randomUUID();
  const order = randomUUID();
  let next = 1;
  const push = (name: string, args: unknown) =>
    cashier.post('/sync/push', { clientId, protocolVersion: PROTOCOL_VERSION, mutations: [{ id: next++, name, args, at }] });

  beforeAll(async () => {
    server = await startSyncServer(engine);
    cashier = await signedIn(server.url, 'cashier', 'cashier');
    expect((await push('order.create', { id: order })).body.results[0].status).toBe('applied');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('adds a product at the catalog price, name and minimum whatever the device sent', async () => {
    const p = await server.db.selectFrom('products').select(['product_id', 'name', 'mpn', 'price', 'minimum']).where('price', '>', '10').orderBy('product_id').executeTakeFirstOrThrow();
    const r = await push('cart.addProduct', {
      order_ref: order, line_id: randomUUID(), product_id: p.product_id, name: 'Cheap thing', price: '0.01', quantity: 1, minimum: 1, tax_class_id: null,
    });
    expect(r.body.results[0]).toEqual({ id: next - 1, status: 'applied' });
    const line = await server.db.selectFrom('order_lines').selectAll().where('order_ref', '=', order).executeTakeFirstOrThrow();
    expect(line).toMatchObject({ name: p.name, quantity: Math.max(1, p.minimum) });
    expect(line.data).toMatchObject({ mpn: p.mpn, price: p.price });
  });

  it('rejects an unknown product with a clear reason, and the queue moves on', async () => {
    const r = await push('cart.addProduct', { order_ref: order, line_id: randomUUID(), product_id: 999999999, name: 'x', price: '1.00', quantity: 1, tax_class_id: null });
    expect(r.body.results[0]).toMatchObject({ status: 'rejected', code: 'not_found', message: 'This product could not be found.' });
  });

  it('adds labor at the labor type rate, not the device rate', async () => {
    const l = await server.db.selectFrom('labor_types').selectAll().orderBy('labor_id').executeTakeFirstOrThrow();
    const lineId = randomUUID();
    const r = await push('cart.addLabor', { order_ref: order, line_id: lineId, labor_id: l.labor_id, name: l.title, rate: '1.00', minutes: 60, quantity: 1 });
    expect(r.body.results[0].status).toBe('applied');
    const line = await server.db.selectFrom('order_lines').selectAll().where('id', '=', lineId).executeTakeFirstOrThrow();
    expect(line.data).toMatchObject({ rate: l.amount });
  });
});

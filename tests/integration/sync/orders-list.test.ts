import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../../../src/contracts/protocol-version';
import { testEngines } from '../../support/engines';
import type { TestClient } from '../../support/http-client';
import { signedIn, startSyncServer, type SyncTestServer } from './support/sync-server';

// The two halves of the foundation meet here: what a device pushes is what /pos/order lists.
describe.each(testEngines())('orders pushed through sync appear in the orders list on %s', (engine) => {
  let server: SyncTestServer;
  let cashier: TestClient;
  beforeAll(async () => {
    server = await startSyncServer(engine);
    cashier = await signedIn(server.url, 'cashier', 'cashier');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('a saved order with a partial cash payment is listed under Saved and Outstanding Balance', async () => {
    const order = randomUUID();
    const at = new Date().toISOString();
    const r = await cashier.post('/sync/push', {
      clientId: randomUUID(),
      protocolVersion: PROTOCOL_VERSION,
      mutations: [
        { id: 1, name: 'order.create', args: { id: order, device_ref: 'C1-0001' }, at },
        {
          id: 2,
          name: 'cart.addCustomProduct',
          args: {
            order_ref: order,
            line_id: randomUUID(),
            name: 'Wiper blades',
            price: '12.25',
            quantity: 2,
            tax_class_id: null,
          },
          at,
        },
        { id: 3, name: 'order.save', args: { order_ref: order }, at },
        {
          id: 4,
          name: 'transaction.add',
          args: { order_ref: order, id: randomUUID(), transaction_type: 'cash', amount: '10.00' },
          at,
        },
      ],
    });
    expect(r.status).toBe(200);
    expect(r.body.results.map((x: { status: string }) => x.status)).toEqual([
      'applied',
      'applied',
      'applied',
      'applied',
    ]);

    const saved = (await cashier.get('/api/order?status=saved')).body;
    expect(saved.counts).toMatchObject({ saved: 1, outstanding_balance: 1 });
    expect(saved.orders).toHaveLength(1);
    expect(saved.orders[0]).toMatchObject({
      id: order,
      order_total: '24.50',
      paid_amount: '10.00',
      balance_due: '14.50',
      total_items: 2,
    });
    expect(saved.orders[0].order_id).toBeGreaterThan(0);
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ordersListReplySchema } from '../../../src/contracts/orders-list';
import { startTestServer, type TestServer } from '../../support/app-server';
import { testEngines } from '../../support/engines';
import { TestClient } from '../../support/http-client';

describe.each(testEngines())('orders list on %s', (engine) => {
  let server: TestServer;
  let cashier: TestClient;

  async function addOrder(
    status: string,
    statusId: number,
    total: string,
    paid: string,
    minutesAgo: number,
    name = 'Pat Doe',
  ) {
    await server.open.db
      .insertInto('orders')
      .values({
        id: randomUUID(),
        status: status as 'saved',
        order_status_id: statusId,
        pos_status: status === 'complete' ? 'complete' : 'open',
        customer_name: name,
        email: 'pat@example.com',
        telephone: '(512) 555-0100',
        location_id: 1,
        total_items: 2,
        order_total: total,
        amount_paid: paid,
        tax_exempt: false,
        date_added: new Date(Date.now() - minutesAgo * 60_000),
        date_modified: new Date(),
      })
      .execute();
  }

  beforeAll(async () => {
    server = await startTestServer(engine);
    cashier = new TestClient(server.url);
    await cashier.login('cashier', 'cashier');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses guests with 401 and shoppers with 403', async () => {
    const guest = await new TestClient(server.url).get('/api/order');
    expect(guest.status).toBe(401);
    expect(guest.body.error).toBe('unauthenticated');
    const shopper = new TestClient(server.url);
    await shopper.login('shopper@example.com', 'shopper');
    const r = await shopper.get('/api/order');
    expect(r.status).toBe(403);
    expect(r.body.error).toBe('forbidden');
  });

  it('answers an empty list before any sale', async () => {
    const r = await cashier.get('/api/order?status=all&sort=o.date_added&from_pos=1');
    expect(r.status).toBe(200);
    const body = ordersListReplySchema.parse(r.body);
    expect(body).toMatchObject({ orders: [], total_items: 0, page: 1, limit: 20 });
    expect(body.counts).toEqual({ all: 0, saved: 0, kiosk: 0, outstanding_balance: 0, complete: 0, online: 0 });
  });

  it('sorts tabs and counts orders by status, newest first', async () => {
    await addOrder('saved', 3, '100.00', '0.00', 30, 'Saved Sam');
    await addOrder('kiosk', 5, '40.00', '0.00', 20, 'Kiosk Kim');
    await addOrder('complete', 7, '250.50', '250.50', 10, 'Paid Pat');
    await addOrder('complete', 7, '99.99', '50.00', 5, 'Owing Olga');
    await addOrder('draft', 1, '10.00', '0.00', 1, 'Draft Dan');
    const all = (await cashier.get('/api/order?status=all')).body;
    expect(all.counts).toEqual({ all: 4, saved: 1, kiosk: 1, outstanding_balance: 3, complete: 2, online: 0 });
    expect(all.orders.map((o: { customer: string }) => o.customer)).toEqual([
      'Owing Olga',
      'Paid Pat',
      'Kiosk Kim',
      'Saved Sam',
    ]);
    const owing = (await cashier.get('/api/order?status=outstanding_balance')).body;
    expect(owing.orders.map((o: { customer: string }) => o.customer)).toEqual(['Owing Olga', 'Kiosk Kim', 'Saved Sam']);
    const olga = owing.orders[0];
    expect(olga).toMatchObject({
      order_total: '99.99',
      paid_amount: '50.00',
      balance_due: '49.99',
      order_status: 'Complete',
    });
    expect(olga.order_id).toBeGreaterThan(0);
  });

  it('pages with limit and filters by customer', async () => {
    const page = (await cashier.get('/api/order?status=all&limit=3&page=2')).body;
    expect(page).toMatchObject({ total_items: 4, total_pages: 2, page: 2 });
    expect(page.orders).toHaveLength(1);
    const filtered = (await cashier.get('/api/order?filter_customer=olga')).body;
    expect(filtered.orders.map((o: { customer: string }) => o.customer)).toEqual(['Owing Olga']);
  });

  it('ignores unknown tab names instead of failing', async () => {
    const r = await cashier.get('/api/order?status=bogus&page=-1');
    expect(r.status).toBe(200);
    expect(r.body.page).toBe(1);
  });
});

import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ordersListReplySchema, type OrdersListReply } from '../../../src/contracts/orders-list';
import { PROTOCOL_VERSION } from '../../../src/contracts/protocol-version';
import { startTestServer, type TestServer } from '../../support/app-server';
import { testEngines } from '../../support/engines';
import { TestClient } from '../../support/http-client';

type State = 'draft' | 'saved' | 'quote' | 'kiosk' | 'complete' | 'voided';
const STATUS_ID: Record<State, number> = { draft: 1, saved: 3, quote: 4, kiosk: 5, complete: 7, voided: 8 };

interface Seed {
  status?: State;
  statusId?: number;
  name?: string;
  email?: string;
  telephone?: string;
  customer?: string | null;
  total?: string;
  paid?: string;
  at: string;
  lines?: number;
}

// GET /api/order with the Filter panel's parameters, the compact items of each row, the status
// names, the trigger-kept tab counts and pages read from the far end, on every engine.
describe.each(testEngines())('orders list filters and rows on %s', (engine) => {
  let server: TestServer;
  let cashier: TestClient;
  let customer: {
    id: string;
    customer_id: number;
    firstname: string;
    lastname: string;
    email: string;
    telephone: string;
  };
  const ids: Record<string, string> = {};

  const list = async (query: string): Promise<OrdersListReply> => {
    const r = await cashier.get(`/api/order?from_pos=1&limit=100&${query}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return ordersListReplySchema.parse(r.body);
  };
  const names = (reply: OrdersListReply) => reply.orders.map((o) => o.customer);

  async function addOrder(key: string, s: Seed): Promise<string> {
    const id = randomUUID();
    const status = s.status ?? 'saved';
    await server.open.db
      .insertInto('orders')
      .values({
        id,
        status,
        order_status_id: s.statusId ?? STATUS_ID[status],
        customer_uuid: s.customer ?? null,
        customer_name: s.name ?? '',
        email: s.email ?? '',
        telephone: s.telephone ?? '',
        order_total: s.total ?? '100.00',
        amount_paid: s.paid ?? '0.00',
        total_items: s.lines ?? 0,
        date_added: new Date(s.at),
      })
      .execute();
    const lines = Array.from({ length: s.lines ?? 0 }, (_, i) => ({
      id: randomUUID(),
      order_ref: id,
      // Inserted out of order: the reply lists them by position.
      position: (s.lines ?? 0) - i,
      kind: 'custom' as const,
      product_id: null,
      name: `Part ${(s.lines ?? 0) - i}`,
      quantity: 1,
      data: JSON.stringify({ kind: 'custom' }),
    }));
    if (lines.length) await server.open.db.insertInto('order_lines').values(lines).execute();
    ids[key] = id;
    return id;
  }

  beforeAll(async () => {
    server = await startTestServer(engine);
    cashier = new TestClient(server.url);
    await cashier.login('cashier', 'cashier');
    const c = await server.open.db
      .selectFrom('customers')
      .select(['id', 'customer_id', 'firstname', 'lastname', 'email', 'telephone'])
      .where('email', 'is not', null)
      .where('telephone', '!=', '')
      .orderBy('customer_id')
      .executeTakeFirstOrThrow();
    customer = { ...c, email: c.email ?? '' };
    // Chicago is the demo shop's zone: 04:30 UTC on March 10 is still March 9 there.
    await addOrder('ann', {
      name: 'Ann Walker',
      email: 'ann.walker@example.com',
      telephone: '(999) 867-5309',
      at: '2026-03-10T04:30:00Z',
      lines: 12,
    });
    await addOrder('bob', {
      status: 'complete',
      name: 'Bob 100%_Parts',
      total: '50.00',
      paid: '50.00',
      at: '2026-03-10T15:00:00Z',
      lines: 2,
    });
    await addOrder('cat', {
      status: 'complete',
      name: 'Cat Walker',
      total: '80.00',
      paid: '20.00',
      at: '2026-03-11T15:00:00Z',
      lines: 1,
    });
    await addOrder('inc', {
      statusId: 6,
      name: 'Ivy Incomplete',
      telephone: '999.867.5311',
      at: '2026-03-12T15:00:00Z',
    });
    await addOrder('kio', { status: 'kiosk', name: 'Kim Kiosk', total: '10.00', at: '2026-03-13T15:00:00Z' });
    await addOrder('cus', {
      status: 'quote',
      customer: customer.id,
      name: `${customer.firstname} ${customer.lastname}`,
      at: '2026-03-14T15:00:00Z',
    });
    await addOrder('drf', { status: 'draft', name: 'Dan Draft', at: '2026-03-15T15:00:00Z' });
    await addOrder('voi', { status: 'voided', name: 'Val Voided', at: '2026-03-16T15:00:00Z' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('lists the statuses the server knows, for the Order Status filter', async () => {
    const reply = await list('status=all');
    expect(reply.statuses.map((s) => s.name)).toEqual([
      'Pending',
      'Processing',
      'Saved',
      'Quote',
      'Kiosk',
      'Incomplete Transaction',
      'Complete',
      'Voided',
      // Online orders' fulfilment (migration 0028-b).
      'Online — to pick',
      'Ready for pickup',
      'Shipped',
    ]);
    expect(reply.statuses.find((s) => s.name === 'Incomplete Transaction')?.order_status_id).toBe(6);
  });

  it('gives each row its first ten items in cart order, the line count, state and contact', async () => {
    const reply = await list('status=all');
    const ann = reply.orders.find((o) => o.id === ids.ann)!;
    expect(ann.items).toHaveLength(10);
    expect(ann.items.map((i) => i.name)).toEqual(Array.from({ length: 10 }, (_, i) => `Part ${i + 1}`));
    expect(ann).toMatchObject({
      line_count: 12,
      total_items: 12,
      status: 'saved',
      email: 'ann.walker@example.com',
      telephone: '(999) 867-5309',
    });
    const kim = reply.orders.find((o) => o.id === ids.kio)!;
    expect(kim).toMatchObject({ items: [], line_count: 0, status: 'kiosk' });
    // An order made at the counter copies no contact: the customer's record supplies it.
    const quote = reply.orders.find((o) => o.id === ids.cus)!;
    expect(quote).toMatchObject({
      customer_id: customer.customer_id,
      email: customer.email,
      telephone: customer.telephone,
      status: 'quote',
    });
    expect(reply.orders.map((o) => o.id)).not.toContain(ids.drf);
  });

  it('lists what a device pushed: lines as items, the attached customer as the contact', async () => {
    const order = randomUUID();
    const at = '2026-03-20T15:00:00.000Z';
    const line = (name: string, quantity: number) => ({
      order_ref: order,
      line_id: randomUUID(),
      name,
      price: '5.00',
      quantity,
      tax_class_id: null,
    });
    const r = await cashier.post('/sync/push', {
      clientId: randomUUID(),
      protocolVersion: PROTOCOL_VERSION,
      mutations: [
        { id: 1, name: 'order.create', args: { id: order, device_ref: 'F1-0001', customer_ref: customer.id }, at },
        { id: 2, name: 'cart.addCustomProduct', args: line('Brake pads', 2), at },
        { id: 3, name: 'cart.addCustomProduct', args: line('Rotor', 1), at },
        { id: 4, name: 'order.save', args: { order_ref: order }, at },
      ],
    });
    expect(r.body.results.map((x: { status: string }) => x.status)).toEqual([
      'applied',
      'applied',
      'applied',
      'applied',
    ]);
    const row = (await list(`filter_customer=${encodeURIComponent(customer.email)}`)).orders.find(
      (o) => o.id === order,
    )!;
    expect(row).toMatchObject({
      items: [
        { name: 'Brake pads', quantity: 2 },
        { name: 'Rotor', quantity: 1 },
      ],
      line_count: 2,
      total_items: 3,
      status: 'saved',
      customer_id: customer.customer_id,
      email: customer.email,
      telephone: customer.telephone,
    });
    expect(row.customer).toContain(customer.lastname);
    await server.open.db.deleteFrom('orders').where('id', '=', order).execute();
  });

  it('filters by customer name, email, any phone format and the linked customer, case-insensitively', async () => {
    expect(names(await list('filter_customer=walker'))).toEqual(['Cat Walker', 'Ann Walker']);
    expect(names(await list('filter_customer=ANN.WALKER%40example'))).toEqual(['Ann Walker']);
    expect(names(await list('filter_customer=9998675309'))).toEqual(['Ann Walker']);
    expect(names(await list(`filter_customer=${encodeURIComponent('999-867-53')}`))).toEqual([
      'Ivy Incomplete',
      'Ann Walker',
    ]);
    const byEmail = await list(`filter_customer=${encodeURIComponent(customer.email)}`);
    expect(byEmail.orders.map((o) => o.id)).toEqual([ids.cus]);
    // LIKE wildcards in the text are plain characters.
    expect(names(await list(`filter_customer=${encodeURIComponent('100%_')}`))).toEqual(['Bob 100%_Parts']);
    expect(names(await list('filter_customer=%25'))).toEqual(['Bob 100%_Parts']);
  });

  it('reads Date From and Date To as whole days in the shop time zone, both inclusive', async () => {
    expect(names(await list('filter_date_to=2026-03-09'))).toEqual(['Ann Walker']);
    expect(names(await list('filter_date_from=2026-03-10&filter_date_to=2026-03-11'))).toEqual([
      'Cat Walker',
      'Bob 100%_Parts',
    ]);
    expect(names(await list('filter_date_from=2026-03-16'))).toEqual(['Val Voided']);
  });

  it('combines filters with each other and with the tab, and counts every tab under them', async () => {
    const both = await list('status=complete&filter_customer=walker&filter_date_from=2026-03-11');
    expect(names(both)).toEqual(['Cat Walker']);
    expect(both.counts).toEqual({ all: 1, saved: 0, kiosk: 0, outstanding_balance: 1, complete: 1, online: 0 });
    const byStatus = await list('filter_order_status_id=6');
    expect(byStatus.orders.map((o) => o.order_status)).toEqual(['Incomplete Transaction']);
    expect(byStatus.counts).toMatchObject({ all: 1, saved: 1, outstanding_balance: 1 });
    const annNumber = (await list('filter_customer=ann')).orders[0]!.order_id!;
    expect(names(await list(`filter_order_id=${annNumber}`))).toEqual(['Ann Walker']);
    expect((await list(`filter_order_id=${annNumber}&status=complete`)).orders).toEqual([]);
  });

  it('ignores malformed filter values instead of failing', async () => {
    const all = await list('status=all');
    for (const bad of [
      'filter_order_id=abc',
      'filter_order_id=-5',
      'filter_order_id=99999999999',
      'filter_order_status_id=x',
      'filter_order_status_id=1e9',
      'filter_date_from=2026-13-45',
      'filter_date_to=yesterday',
      `filter_customer=${'x'.repeat(500)}`,
      'filter_customer=a&filter_customer=b',
      'filter_customer=%20%20',
      'sort=total;drop%20table%20orders&order=sideways',
      'from_pos=1&from_pos=2',
    ]) {
      const r = await list(bad);
      expect(
        r.orders.map((o) => o.id),
        bad,
      ).toEqual(all.orders.map((o) => o.id));
      expect(r.counts, bad).toEqual(all.counts);
    }
    const beyond = await list('page=999999999');
    expect(beyond).toMatchObject({ orders: [], page: 999999999, total_items: all.total_items });
  });

  it('reads late pages from the far end with the same rows and order as reading forwards', async () => {
    for (let i = 0; i < 9; i++) {
      await addOrder(`extra${i}`, {
        status: i % 3 === 0 ? 'complete' : 'saved',
        name: `Zed ${i % 4}`,
        total: `${(i % 5) + 1}.00`,
        at: `2026-04-0${i + 1}T12:00:00Z`,
      });
    }
    for (const sort of ['o.date_added', 'o.order_id', 'customer', 'total']) {
      for (const order of ['asc', 'desc']) {
        const whole = (await list(`sort=${sort}&order=${order}`)).orders.map((o) => o.id);
        const paged: string[] = [];
        for (let page = 1; paged.length < whole.length; page++) {
          const r = await cashier.get(`/api/order?sort=${sort}&order=${order}&limit=3&page=${page}`);
          paged.push(...(r.body as OrdersListReply).orders.map((o) => o.id));
          expect(page).toBeLessThan(20);
        }
        expect(paged, `${sort} ${order}`).toEqual(whole);
      }
    }
  });

  it('keeps the unfiltered tab counts (trigger-kept) equal to counting the orders', async () => {
    const db = server.open.db;
    const counted = async () => (await list('filter_date_from=2000-01-01')).counts;
    const kept = async () => (await list('status=all')).counts;
    expect(await kept()).toEqual(await counted());
    // Moves between tabs: saved -> complete (owing), a payment settles it, a void, a delete.
    await db.updateTable('orders').set({ status: 'complete', order_status_id: 7 }).where('id', '=', ids.ann!).execute();
    expect(await kept()).toEqual(await counted());
    await db.updateTable('orders').set({ amount_paid: '100.00' }).where('id', '=', ids.ann!).execute();
    await db.updateTable('orders').set({ status: 'voided', order_status_id: 8 }).where('id', '=', ids.kio!).execute();
    await db.updateTable('orders').set({ status: 'saved', order_status_id: 3 }).where('id', '=', ids.drf!).execute();
    await db.deleteFrom('orders').where('id', '=', ids.cat!).execute();
    await sql`update orders set order_total = order_total + 1 where status = 'complete'`.execute(db);
    const after = await kept();
    expect(after).toEqual(await counted());
    expect(after.kiosk).toBe(0);
  });
});

/**
 * Online orders a shop can fulfil (issue 23; docs/decisions/storefront.md "Online orders and
 * fulfilment", docs/decisions/pos.md "Online orders at the counter"), on the real server and both
 * engines: pickup at a chosen store and shipping at the server's flat rate, the confirmation in
 * the outbox, the counter's pick list and steps with their refusals (wrong store, wrong step, not
 * an online order, shoppers), Ready for pickup by email and, with the shopper's consent, by text,
 * the Online tab, and each shopper's own order history.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountOrdersReplySchema, pickListReplySchema } from '../../../src/contracts/online-orders';
import { createOrderReplySchema } from '../../../src/contracts/shop-checkout';
import { ONLINE_MESSAGES, ONLINE_STATUS } from '../../../src/domain/online-orders';
import { testEngines } from '../../support/engines';
import {
  domainTotals,
  freshCashier,
  pickProducts,
  refused,
  startPos,
  type PickedProducts,
  type PosWorld,
} from '../pos/support';
import { registeredShopper, shipToAddress as address, shopCart, ShopClient } from './support';

const R = '/index.php?route=checkout/confirm/createOrder';
const body = (fulfilment: unknown, over: Record<string, unknown> = {}) => ({
  checkout_key: randomUUID(),
  firstname: 'Pat',
  lastname: 'Online',
  email: 'pat.online@example.com',
  telephone: '',
  card: { number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' },
  fulfilment,
  ...over,
});

describe.each(testEngines())('online orders on %s', (engine) => {
  let w: PosWorld;
  let p: PickedProducts;
  let stores: { location_id: number; name: string }[];
  beforeAll(async () => {
    w = await startPos(engine);
    p = await pickProducts(w);
    stores = await w.server.db.selectFrom('locations').select(['location_id', 'name']).orderBy('location_id').execute();
  });
  afterAll(async () => {
    await w?.server.close();
  });

  async function place(c: ShopClient, fulfilment: unknown, over: Record<string, unknown> = {}) {
    shopCart(await c.post('/checkout/cart/add', { product_id: p.plain.product_id, quantity: 2 }));
    const r = await c.post(R, body(fulfilment, over));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const placed = createOrderReplySchema.parse(r.body);
    const row = await w.server.db
      .selectFrom('orders')
      .select(['id', 'status', 'order_status_id', 'location_id', 'shipping_method'])
      .where('order_id', '=', placed.order_id)
      .executeTakeFirstOrThrow();
    return { ...placed, ...row };
  }

  it('pickup: the chosen store, "Online — to pick", no shipping charge, the confirmation queued', async () => {
    const denver = stores[1]!;
    const o = await place(new ShopClient(w.server.url), { method: 'pickup', location_id: denver.location_id });
    expect(o).toMatchObject({
      status: 'complete',
      order_status_id: ONLINE_STATUS.toPick,
      location_id: null,
      shipping_method: 'local_pickup',
    });
    const online = await w.server.db
      .selectFrom('online_orders')
      .select(['fulfilment', 'location_id'])
      .where('order_ref', '=', o.id)
      .executeTakeFirstOrThrow();
    expect(online).toEqual({ fulfilment: 'pickup', location_id: denver.location_id });
    const t = await domainTotals(w, o.id);
    expect(t.order.lines.map((l) => l.kind)).toEqual(['product']);
    expect(t.balance_due).toBe('0.00');
    const mail = await w.server.db
      .selectFrom('notifications')
      .select(['kind', 'channel', 'recipient', 'subject', 'body'])
      .where('order_ref', '=', o.id)
      .execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ kind: 'receipt', channel: 'email', recipient: 'pat.online@example.com' });
    expect(mail[0]!.subject).toMatch(new RegExp(`^Order confirmation from .+ - Order # ${o.order_id}$`));
    expect(mail[0]!.body).toContain(`Pickup at ${denver.name}`);
  });

  it('shipping: the server adds its flat rate (the page cannot set it) and keeps the address', async () => {
    const c = new ShopClient(w.server.url);
    const o = await place(c, { method: 'shipping', address, shipping_cost: '0.01' }, { shipping: '0.00' });
    const t = await domainTotals(w, o.id);
    const ship = t.order.lines.find((l) => l.kind === 'custom');
    expect(ship).toMatchObject({ name: 'Flat Rate Shipping', price: '9.95', tax_class_id: null });
    expect(t.balance_due).toBe('0.00');
    expect(t.transactions[0]).toMatchObject({ transaction_type: 'online', amount: t.order_total });
    const row = await w.server.db
      .selectFrom('online_orders')
      .selectAll()
      .where('order_ref', '=', o.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ fulfilment: 'shipping', shipping_cost: '9.95', shipping_line_ref: ship!.id });
    expect(row.shipping_address).toMatchObject({ address_1: '12 Main Street', zone_id: 3644 });
    expect(o.shipping_method).toBe('flat_rate');
  });

  it('refuses a bad address, an unknown store and shipping the shop does not offer, leaving nothing', async () => {
    const c = new ShopClient(w.server.url);
    shopCart(await c.post('/checkout/cart/add', { product_id: p.plain.product_id, quantity: 1 }));
    const before = await w.server.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const bad = await c.post(R, body({ method: 'shipping', address: { ...address, address_1: '', postcode: 'x' } }));
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Required');
    const wrongZone = await c.post(R, body({ method: 'shipping', address: { ...address, zone_id: 999999 } }));
    expect(wrongZone.status, JSON.stringify(wrongZone.body)).toBe(400);
    refused(await c.post(R, body({ method: 'pickup', location_id: 999999 })), 400, ONLINE_MESSAGES.unknownStore);
    await sql`delete from settings where key = 'shipping_flat_rate'`.execute(w.server.db);
    try {
      expect((await c.get('/index.php?route=checkout/shipping_method')).body).toEqual({ shipping: null });
      refused(await c.post(R, body({ method: 'shipping', address })), 409, ONLINE_MESSAGES.shippingUnavailable);
    } finally {
      await sql`insert into settings (key, value) values ('shipping_flat_rate', '"9.95"'::jsonb)`.execute(w.server.db);
    }
    expect((await c.get('/index.php?route=checkout/shipping_method')).body).toMatchObject({
      shipping: { code: 'flat', cost: '9.95', text: '$9.95' },
    });
    const after = await w.server.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('the counter: pick list, Ready for pickup (the shopper told), hand-over; refusals on the way', async () => {
    const austin = stores[0]!;
    const o = await place(new ShopClient(w.server.url), { method: 'pickup', location_id: austin.location_id });
    const cashier = await freshCashier(w);
    const listed = await cashier.get('/api/order?status=online&from_pos=1');
    expect(listed.status).toBe(200);
    expect(listed.body.orders.map((r: { order_id: number }) => r.order_id)).toContain(o.order_id);
    expect(listed.body.counts.online).toBeGreaterThan(0);

    const pick = pickListReplySchema.parse(
      (await cashier.get(`/api/online_order/pick_list?order_id=${o.order_id}`)).body,
    );
    expect(pick).toMatchObject({ fulfilment: 'pickup', order_status: 'Online — to pick', actions: ['ready'] });
    expect(pick.lines).toEqual([expect.objectContaining({ name: p.plain.name, quantity: 2 })]);

    // cashier2 works at Denver: not this store's order. A shopper is no staff at all.
    refused(
      await w.cashier2.post('/api/online_order/ready', { order_id: o.order_id }),
      403,
      ONLINE_MESSAGES.wrongStore(austin.name),
    );
    expect((await w.shopper.post('/api/online_order/ready', { order_id: o.order_id })).status).toBe(403);
    // Not yet ready: no hand-over, and a pickup order does not ship.
    refused(
      await cashier.post('/api/online_order/complete', { order_id: o.order_id }),
      409,
      ONLINE_MESSAGES.notNow('Online — to pick'),
    );
    refused(await cashier.post('/api/online_order/ship', { order_id: o.order_id }), 409);

    const ready = await cashier.post('/api/online_order/ready', { order_id: o.order_id });
    expect(ready.status, JSON.stringify(ready.body)).toBe(200);
    expect(ready.body).toMatchObject({
      order_status_id: ONLINE_STATUS.ready,
      notified: ['email'],
      success: ONLINE_MESSAGES.ready,
    });
    refused(
      await cashier.post('/api/online_order/ready', { order_id: o.order_id }),
      409,
      ONLINE_MESSAGES.notNow('Ready for pickup'),
    );
    const notes = await w.server.db
      .selectFrom('notifications')
      .select(['kind', 'subject'])
      .where('order_ref', '=', o.id)
      .where('kind', '=', 'order_history')
      .execute();
    expect(notes).toEqual([{ kind: 'order_history', subject: `Ready for pickup - Order # ${o.order_id}` }]);

    const done = await cashier.post('/api/online_order/complete', { order_id: o.order_id });
    expect(done.body).toMatchObject({ order_status_id: ONLINE_STATUS.complete, order_status: 'Complete' });
    const history = await w.server.db
      .selectFrom('order_history')
      .select('order_status_id')
      .where('order_ref', '=', o.id)
      .orderBy('order_history_id')
      .execute();
    expect(history.map((h) => h.order_status_id)).toEqual([ONLINE_STATUS.ready, ONLINE_STATUS.complete]);
    const after = await cashier.get('/api/order?status=online&from_pos=1');
    expect(after.body.orders.map((r: { order_id: number }) => r.order_id)).not.toContain(o.order_id);
  });

  it('Ready for pickup also texts a signed-in shopper who consents to texts (§5)', async () => {
    const email = `texts.${engine}.${randomUUID().slice(0, 8)}@example.com`;
    const shopper = await registeredShopper(w.server.url, email);
    await w.server.db.updateTable('customers').set({ texting_alerts: true }).where('email', '=', email).execute();
    const o = await place(
      shopper,
      { method: 'pickup', location_id: stores[0]!.location_id },
      { email, telephone: '(555) 555-0199' },
    );
    const ready = await (await freshCashier(w)).post('/api/online_order/ready', { order_id: o.order_id });
    expect(ready.status, JSON.stringify(ready.body)).toBe(200);
    expect([...ready.body.notified].sort()).toEqual(['email', 'sms']);
    const sent = await w.server.db
      .selectFrom('notifications')
      .select(['channel', 'recipient'])
      .where('order_ref', '=', o.id)
      .where('kind', '=', 'order_history')
      .orderBy('channel')
      .execute();
    expect(sent).toEqual([
      { channel: 'email', recipient: email },
      { channel: 'sms', recipient: '(555) 555-0199' },
    ]);
  });

  it('a shipping order ships; a counter sale and an unknown order are not online orders', async () => {
    const o = await place(new ShopClient(w.server.url), { method: 'shipping', address });
    const cashier = await freshCashier(w);
    const pick = pickListReplySchema.parse(
      (await cashier.get(`/api/online_order/pick_list?order_id=${o.order_id}`)).body,
    );
    expect(pick.actions).toEqual(['ship']);
    expect(pick.lines.map((l) => l.name)).not.toContain('Flat Rate Shipping');
    expect(pick.shipping_address).toContain('12 Main Street');
    refused(await cashier.post('/api/online_order/ready', { order_id: o.order_id }), 409);
    const shipped = await cashier.post('/api/online_order/ship', { order_id: o.order_id });
    expect(shipped.body).toMatchObject({ order_status_id: ONLINE_STATUS.shipped, order_status: 'Shipped' });

    const counter = await w.server.db
      .selectFrom('orders')
      .select('order_id')
      .where('status', '=', 'complete')
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom('online_orders').select('order_ref').whereRef('order_ref', '=', 'orders.id'))),
      )
      .executeTakeFirst();
    if (counter)
      refused(
        await cashier.post('/api/online_order/ready', { order_id: counter.order_id }),
        409,
        ONLINE_MESSAGES.notOnline,
      );
    refused(await cashier.post('/api/online_order/ready', { order_id: 2_000_000_000 }), 404);
    refused(await cashier.post('/api/online_order/ready', { order_id: 'abc' }), 400);
  });

  it("each shopper sees their own orders only; a guest's order is listed nowhere", async () => {
    const mine = await registeredShopper(w.server.url, `orders.${engine}.${randomUUID().slice(0, 8)}@example.com`);
    const theirs = await registeredShopper(w.server.url, `other.${engine}.${randomUUID().slice(0, 8)}@example.com`);
    const o = await place(mine, { method: 'pickup', location_id: null });
    const list = accountOrdersReplySchema.parse((await mine.get('/api/account/order')).body);
    expect(list.orders).toEqual([
      expect.objectContaining({
        order_id: o.order_id,
        order_status: 'Online — to pick',
        fulfilment: 'pickup',
        store: stores[0]!.name,
      }),
    ]);
    expect(accountOrdersReplySchema.parse((await theirs.get('/api/account/order')).body).orders).toEqual([]);
    expect((await new ShopClient(w.server.url).get('/api/account/order')).status).toBe(401);
    expect((await w.cashier.get('/api/account/order')).status).toBe(403);
  });

  it("counts a shipped order's items without its shipping line", async () => {
    const mine = await registeredShopper(w.server.url, `items.${engine}.${randomUUID().slice(0, 8)}@example.com`);
    const o = await place(mine, { method: 'shipping', address });
    const list = accountOrdersReplySchema.parse((await mine.get('/api/account/order')).body);
    // Two of one part; the Flat Rate Shipping line is on the order but is not an item bought.
    expect(list.orders).toEqual([
      expect.objectContaining({ order_id: o.order_id, fulfilment: 'shipping', total_items: 2 }),
    ]);
  });

  it("lists an online order's returns, one per return, for the page's refund event", async () => {
    const mine = await registeredShopper(w.server.url, `refunds.${engine}.${randomUUID().slice(0, 8)}@example.com`);
    const o = await place(mine, { method: 'pickup', location_id: null });
    let list = accountOrdersReplySchema.parse((await mine.get('/api/account/order')).body);
    expect(list.orders[0]).toMatchObject({ order_id: o.order_id, refunds: [] });
    // Rows as the counter's return writes them (server/commands/appliers/returns.ts): two lines of
    // one return, and a custom line (no catalog product) in a second one.
    const ret = randomUUID();
    const other = randomUUID();
    const row = (return_ref: string, product_id: number | null, product: string, quantity: number, total: string) => ({
      id: randomUUID(),
      return_ref,
      order_ref: o.id,
      line_ref: randomUUID(),
      product_id,
      product,
      model: '',
      quantity,
      reason: 'Other',
      condition: 'Unopened',
      restock: false,
      refund_method: 'card',
      amount: total,
      tax: '0.00',
      total,
      return_status: 'Complete',
      actor_id: 'test',
      date_added: new Date(),
      date_modified: new Date(),
    });
    await w.server.db
      .insertInto('order_returns')
      .values([
        row(ret, p.plain.product_id, 'Plain part', 1, '10.10'),
        row(ret, p.plain.product_id, 'Plain part', 1, '10.15'),
        row(other, null, 'Custom work', 1, '5.00'),
      ])
      .execute();
    list = accountOrdersReplySchema.parse((await mine.get('/api/account/order')).body);
    expect(list.orders[0]!.refunds).toEqual([
      {
        refund_id: ret,
        total: '20.25',
        items: [
          { product_id: p.plain.product_id, name: 'Plain part', quantity: 1 },
          { product_id: p.plain.product_id, name: 'Plain part', quantity: 1 },
        ],
      },
      { refund_id: other, total: '5.00', items: [] },
    ]);
  });
});

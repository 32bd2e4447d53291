/**
 * The kiosk on both engines (docs/decisions/storefront.md "Kiosk"): Submit to Buy pushed by the
 * kiosk device account (priced and totalled by the server, status kiosk, local_pickup, cod, in the
 * POS Orders list's Kiosk tab), what the kiosk may not push or pull, the video tracking call, the
 * Reset's clearSession, and the POS's hand-over of a device to the kiosk account.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../../../src/contracts/protocol-version';
import { testEngines } from '../../support/engines';
import { TestClient } from '../../support/http-client';
import { signedIn, startSyncServer, type SyncTestServer } from '../sync/support/sync-server';

const at = new Date().toISOString();

describe.each(testEngines())('kiosk on %s', (engine) => {
  let server: SyncTestServer;
  let kiosk: TestClient;
  let cashier: TestClient;
  let shopper: TestClient;
  const clientId = randomUUID();
  let next = 1;
  const push = (c: TestClient, name: string, args: unknown, id = next++, client = clientId) =>
    c.post('/sync/push', { clientId: client, protocolVersion: PROTOCOL_VERSION, mutations: [{ id, name, args, at }] });

  let product: { product_id: number; name: string; price: string; minimum: number };
  const line = (over: Record<string, unknown> = {}) => ({
    line_id: randomUUID(),
    product_id: product.product_id,
    name: 'Cheap thing',
    price: '0.01',
    quantity: 2,
    minimum: 1,
    tax_class_id: null,
    ...over,
  });

  beforeAll(async () => {
    server = await startSyncServer(engine);
    kiosk = await signedIn(server.url, 'kiosk', 'kiosk');
    cashier = await signedIn(server.url, 'cashier', 'cashier');
    shopper = await signedIn(server.url, 'shopper@example.com', 'shopper');
    product = await server.db
      .selectFrom('products')
      .select(['product_id', 'name', 'price', 'minimum'])
      .where('price', '>', '10')
      .where('status', '=', true)
      .where('is_orderable', '=', true)
      .where('minimum', '=', 1)
      .orderBy('product_id')
      .executeTakeFirstOrThrow();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('Submit to Buy: the server prices the order from its catalog and sets status kiosk, local_pickup, cod', async () => {
    const order = randomUUID();
    const r = await push(kiosk, 'kiosk.submitOrder', { order_ref: order, device_ref: 'C9-0001', lines: [line()] });
    expect(r.status).toBe(200);
    expect(r.body.results[0]).toMatchObject({ status: 'applied' });
    const row = await server.db.selectFrom('orders').selectAll().where('id', '=', order).executeTakeFirstOrThrow();
    const kioskUser = await server.db
      .selectFrom('staff_users')
      .select(['user_id', 'location_id'])
      .where('username', '=', 'kiosk')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'kiosk',
      shipping_method: 'local_pickup',
      payment_method: 'cod',
      device_ref: 'C9-0001',
      cashier_id: kioskUser.user_id,
      location_id: kioskUser.location_id,
      total_items: 2,
    });
    const lines = await server.db.selectFrom('order_lines').selectAll().where('order_ref', '=', order).execute();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ name: product.name, quantity: 2 });
    expect((lines[0]!.data as { price: string }).price).toBe(product.price);
    // Never the device's 0.01: at least the catalog price times two (plus tax).
    expect(Number(row.order_total)).toBeGreaterThanOrEqual(Number(product.price) * 2);

    // The POS Orders list's Kiosk tab shows it.
    const list = await cashier.get('/api/order?status=kiosk&limit=100');
    expect(list.status).toBe(200);
    expect(list.body.orders.map((o: { id: string }) => o.id)).toContain(order);
  });

  it('a replayed push is a no-op; a new change naming an existing order is refused and changes nothing', async () => {
    const order = randomUUID();
    const id = next++;
    const args = { order_ref: order, lines: [line()] };
    expect((await push(kiosk, 'kiosk.submitOrder', args, id)).body.results[0].status).toBe('applied');
    // The same mutation again (a lost reply): answered from the record, applied once.
    expect((await push(kiosk, 'kiosk.submitOrder', args, id)).body.results[0].status).toBe('skipped');
    const again = await push(kiosk, 'kiosk.submitOrder', { order_ref: order, lines: [line({ quantity: 9 })] });
    expect(again.body.results[0]).toMatchObject({ status: 'rejected', code: 'duplicate_id' });
    const lines = await server.db.selectFrom('order_lines').select('quantity').where('order_ref', '=', order).execute();
    expect(lines).toEqual([{ quantity: 2 }]);
  });

  it('refuses an unknown or unorderable part, an empty order and bad args, writing nothing', async () => {
    const order = randomUUID();
    const unknown = await push(kiosk, 'kiosk.submitOrder', {
      order_ref: order,
      lines: [line(), line({ product_id: 999_999_999 })],
    });
    expect(unknown.body.results[0]).toMatchObject({ status: 'rejected', code: 'not_found' });
    const empty = await push(kiosk, 'kiosk.submitOrder', { order_ref: order, lines: [] });
    expect(empty.body.results[0]).toMatchObject({ status: 'rejected', code: 'invalid_args' });
    const bad = await push(kiosk, 'kiosk.submitOrder', { order_ref: 'not-a-uuid', lines: [line()] });
    expect(bad.body.results[0]).toMatchObject({ status: 'rejected', code: 'invalid_args' });
    expect(
      await server.db.selectFrom('orders').select('id').where('id', '=', order).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('the kiosk pushes nothing else, never pulls; a shopper may not push a kiosk order; staff may', async () => {
    const made = await push(kiosk, 'order.create', { id: randomUUID() });
    expect(made.body.results[0]).toMatchObject({ status: 'rejected', code: 'forbidden' });
    expect((await kiosk.get(`/sync/pull?clientId=${clientId}&cookie=0&limit=10`)).status).toBe(403);
    expect((await kiosk.get(`/sync/poke?clientId=${clientId}`)).status).toBe(403);

    const shopperClient = randomUUID();
    const byShopper = await push(
      shopper,
      'kiosk.submitOrder',
      { order_ref: randomUUID(), lines: [line()] },
      1,
      shopperClient,
    );
    expect(byShopper.body.results[0]).toMatchObject({ status: 'rejected', code: 'forbidden' });

    // A kiosk device's queue pushed after a staff sign-in on it (same client id, continuing ids).
    const order = randomUUID();
    const byStaff = await push(cashier, 'kiosk.submitOrder', { order_ref: order, lines: [line()] });
    expect(byStaff.body.results[0]).toMatchObject({ status: 'applied' });
    expect(
      (await server.db.selectFrom('orders').select('status').where('id', '=', order).executeTakeFirstOrThrow()).status,
    ).toBe('kiosk');
  });

  it('POST /tool/kiosk/video records a view and its outcome from the kiosk only, with its fields checked', async () => {
    const body = { video_id: 'demo-1', start_date: '2026-11-28T09:00:00.000Z', end_date: '2026-11-28T09:00:04.000Z' };
    expect(await kiosk.post('/tool/kiosk/video', body)).toMatchObject({ status: 200, body: { success: true } });
    const rows = await server.db.selectFrom('kiosk_video_views').selectAll().where('video_id', '=', 'demo-1').execute();
    expect(rows).toHaveLength(1);
    expect(new Date(rows[0]!.end_date).toISOString()).toBe(body.end_date);
    const backwards = await kiosk.post('/tool/kiosk/video', { ...body, end_date: '2026-11-28T08:00:00.000Z' });
    expect(backwards.status).toBe(400);
    expect((await kiosk.post('/tool/kiosk/video', { ...body, video_id: '' })).status).toBe(400);
    // How the turn ended: one of three words, stored; absent is stored as none; anything else refused.
    for (const outcome of ['ended', 'stalled', 'error'])
      expect((await kiosk.post('/tool/kiosk/video', { ...body, video_id: 'demo-o', outcome })).status).toBe(200);
    for (const outcome of ['paused', 'ENDED', '', 1, null, 'x'.repeat(10_000)])
      expect(
        (await kiosk.post('/tool/kiosk/video', { ...body, video_id: 'demo-o', outcome })).status,
        String(outcome).slice(0, 20),
      ).toBe(400);
    const outcomes = await server.db
      .selectFrom('kiosk_video_views')
      .select('outcome')
      .where('video_id', 'in', ['demo-1', 'demo-o'])
      .orderBy('id')
      .execute();
    expect(outcomes.map((o) => o.outcome)).toEqual([null, 'ended', 'stalled', 'error']);
    expect((await shopper.post('/tool/kiosk/video', body)).status).toBe(403);
    expect((await new TestClient(server.url).post('/tool/kiosk/video', body)).status).toBe(401);
  });

  it('GET /account/logout/clearSession forgets a guest cart, compare list and vehicle and signs a shopper out, never the kiosk', async () => {
    const guest = new TestClient(server.url);
    const added = await guest.post('/checkout/cart/add', { product_id: product.product_id, quantity: 1 });
    expect(added.status).toBe(200);
    const cookie = added.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .find((c) => c.startsWith('pd_shopper='))!;
    expect(cookie).toBeTruthy();
    const cart = () => guest.get('/checkout/cart/getData', { cookie });
    const compare = () => guest.get('/product/compare/getCompare', { cookie });
    expect((await cart()).body.products.length).toBe(1);
    expect((await guest.post('/product/compare/add', { product_id: product.product_id }, { cookie })).status).toBe(200);
    expect((await compare()).body.products).toHaveLength(1);
    const cleared = await guest.get('/account/logout/clearSession', { cookie });
    expect(cleared).toMatchObject({ status: 200, body: { success: true } });
    // The shopper row's cookie and the chosen vehicle's are both emptied.
    const emptied = cleared.headers
      .getSetCookie()
      .filter((c) => /^[^=;]+=;/.test(c))
      .map((c) => c.split('=')[0]);
    expect(emptied).toEqual(expect.arrayContaining(['pd_shopper', 'pd_vehicle']));
    expect((await cart()).body.products ?? []).toHaveLength(0);
    expect((await compare()).body.products ?? []).toHaveLength(0);

    const me = await signedIn(server.url, 'shopper@example.com', 'shopper');
    expect((await me.get('/account/logout/clearSession')).status).toBe(200);
    expect((await me.get('/api/session')).body.user).toBeNull();

    expect((await kiosk.get('/account/logout/clearSession')).status).toBe(200);
    expect((await kiosk.get('/api/session')).body.user).toMatchObject({ role: 'kiosk', kind: 'device' });
  });

  it('POST /pos/kiosk/start hands a staff device to the kiosk account; shoppers and strangers are refused', async () => {
    const staff = await signedIn(server.url, 'cashier', 'cashier');
    const r = await staff.post('/pos/kiosk/start');
    expect(r.status).toBe(200);
    expect(r.body.user).toMatchObject({ role: 'kiosk', kind: 'device', username: 'kiosk' });
    staff.csrfToken = r.body.csrfToken;
    expect((await staff.get('/api/session')).body.user).toMatchObject({ role: 'kiosk' });
    expect((await staff.get('/api/order')).status).toBe(403);
    expect((await shopper.post('/pos/kiosk/start')).status).toBe(403);
    expect((await new TestClient(server.url).post('/pos/kiosk/start')).status).toBe(401);
  });
});

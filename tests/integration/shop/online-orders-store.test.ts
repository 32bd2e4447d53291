/**
 * The Online tab of /pos/order lists the signed-in staff member's store's online orders
 * (docs/decisions/pos.md "Online orders at the counter"), on the real server and both engines: a
 * Denver cashier does not see (nor count) a Phoenix pickup, Phoenix's cashier does, an admin sees
 * every store's; a shipped order is the default store's; the store comes from the session, never
 * the query. The device's own list (offline), over the rows a staff device pulls, agrees; a row
 * pulled before the store was sent stays listed.
 */
import { randomUUID } from 'node:crypto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrdersListQuery } from '../../../src/contracts/orders-list';
import type { RowChange } from '../../../src/contracts/sync-pull';
import { pickListReplySchema } from '../../../src/contracts/online-orders';
import { devicePickList } from '../../../src/pos/online-orders/device-pick-list';
import { createOrderReplySchema } from '../../../src/contracts/shop-checkout';
import { deviceOrdersList } from '../../../src/db/orders-list';
import { PartsdeskDb } from '../../../src/db/database';
import { applyServerChanges, pullStores } from '../../../src/db/tables';
import { onlineOrderStore } from '../../../src/domain/online-orders';
import { testEngines } from '../../support/engines';
import type { TestClient } from '../../support/http-client';
import { freshCashier, pickProducts, startPos, type PickedProducts, type PosWorld } from '../pos/support';
import { shipToAddress as address, shopCart, ShopClient } from './support';

const ONLINE_TAB: OrdersListQuery = {
  status: 'online',
  sort: 'o.date_added',
  order: 'desc',
  page: 1,
  limit: 100,
};

describe.each(testEngines())('the Online tab by store on %s', (engine) => {
  let w: PosWorld;
  let p: PickedProducts;
  let austin: number;
  let denver: number;
  let phoenix: number;
  let admin: TestClient;
  let phoenixCashier: TestClient;
  beforeAll(async () => {
    w = await startPos(engine);
    p = await pickProducts(w);
    const stores = await w.server.db.selectFrom('locations').select(['location_id', 'name']).execute();
    const id = (city: string) => stores.find((s) => s.name.endsWith(city))!.location_id;
    [austin, denver, phoenix] = [id('Austin'), id('Denver'), id('Phoenix')];
    admin = await freshCashier(w, 'admin');
    phoenixCashier = await freshCashier(w, 'cashier3');
  });
  afterAll(async () => {
    await w?.server.close();
  });

  async function place(fulfilment: unknown): Promise<number> {
    const c = new ShopClient(w.server.url);
    shopCart(await c.post('/checkout/cart/add', { product_id: p.plain.product_id, quantity: 1 }));
    const r = await c.post('/index.php?route=checkout/confirm/createOrder', {
      checkout_key: randomUUID(),
      firstname: 'Pat',
      lastname: 'Online',
      email: 'pat.online@example.com',
      telephone: '',
      card: { number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' },
      fulfilment,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return createOrderReplySchema.parse(r.body).order_id;
  }

  async function onlineTab(c: TestClient, extra = '') {
    const r = await c.get(`/api/order?status=online&from_pos=1&limit=100${extra}`);
    expect(r.status).toBe(200);
    const body = r.body as { orders: { order_id: number }[]; counts: { online: number }; total_items: number };
    expect(body.counts.online).toBe(body.total_items);
    return { ids: body.orders.map((o) => o.order_id), count: body.counts.online };
  }

  it("a Denver cashier does not see a Phoenix pickup; Phoenix's cashier and an admin do", async () => {
    const inPhoenix = await place({ method: 'pickup', location_id: phoenix });
    const inDenver = await place({ method: 'pickup', location_id: denver });
    const shipped = await place({ method: 'shipping', address });

    const atDenver = await onlineTab(w.cashier2);
    expect(atDenver.ids).toContain(inDenver);
    expect(atDenver.ids).not.toContain(inPhoenix);
    expect(atDenver.ids).not.toContain(shipped);

    const atPhoenix = await onlineTab(phoenixCashier);
    expect(atPhoenix.ids).toContain(inPhoenix);
    expect(atPhoenix.ids).not.toContain(inDenver);

    // A shipped order is filled by the default store (Austin's cashier is `cashier`).
    expect((await onlineTab(w.cashier)).ids).toContain(shipped);

    const everyStore = await onlineTab(admin);
    expect(everyStore.ids).toEqual(expect.arrayContaining([inPhoenix, inDenver, shipped]));
    expect(atDenver.count).toBeLessThan(everyStore.count);

    // The store is the session's: a store named in the query changes nothing.
    expect((await onlineTab(w.cashier2, `&location_id=${phoenix}&store=${phoenix}`)).ids).toEqual(atDenver.ids);
    // The other tabs stay every store's (docs/security.md "Store isolation").
    const all = await w.cashier2.get(`/api/order?status=complete&from_pos=1&filter_order_id=${inPhoenix}`);
    expect(all.body.orders.map((o: { order_id: number }) => o.order_id)).toEqual([inPhoenix]);
  });

  it('offline, the device lists what the server does from the rows it pulled', async () => {
    const inPhoenix = await place({ method: 'pickup', location_id: phoenix });
    const inDenver = await place({ method: 'pickup', location_id: denver });
    const till = await freshCashier(w, 'cashier2');
    expect((await till.post('/checkout/cart/add', { product_id: p.plain.product_id, quantity: 1 })).status).toBe(200);
    const saved = await till.get('/checkout/cart/saveOrder');
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const counterSale = (saved.body as { order_id: number }).order_id;
    const changes: RowChange[] = [];
    for (let cookie = 0, more = true; more;) {
      const r = await w.cashier2.get(
        `/sync/pull?clientId=${randomUUID()}&cookie=${cookie}&limit=20000&tables=orders&upTo=999999999`,
      );
      expect(r.status).toBe(200);
      changes.push(...(r.body.changes as RowChange[]));
      ({ cookie, more } = r.body as { cookie: number; more: boolean });
    }
    const ours = changes.filter(
      (ch) => ch.table === 'orders' && [inPhoenix, inDenver].includes(ch.row?.order_id as number),
    );
    expect(ours.map((ch) => ch.row?.fulfilment_location_id).sort()).toEqual([denver, phoenix].sort());
    // A counter sale carries no fulfilling store: its record is what it was before.
    const counter = await w.server.db
      .selectFrom('orders')
      .select('id')
      .where('order_id', '=', counterSale)
      .executeTakeFirstOrThrow();
    const counterRow = changes.find((ch) => ch.table === 'orders' && ch.key === counter.id)?.row;
    expect(counterRow).toBeDefined();
    expect(counterRow).not.toHaveProperty('fulfilment_location_id');

    const db = new PartsdeskDb(`online-store-${engine}`, { indexedDB: new IDBFactory(), IDBKeyRange });
    try {
      await db.transaction('rw', pullStores(db), () => applyServerChanges(db, ours));
      const listed = async (role: string, locationId: number | null) =>
        (await deviceOrdersList(db, ONLINE_TAB, onlineOrderStore({ role, locationId }))).orders.map((o) => o.order_id);
      expect(await listed('cashier', denver)).toEqual([inDenver]);
      expect(await listed('cashier', phoenix)).toEqual([inPhoenix]);
      expect((await listed('admin', austin)).sort()).toEqual([inPhoenix, inDenver].sort());
      expect((await listed('installer', null)).sort()).toEqual([inPhoenix, inDenver].sort());
      // A row pulled before the store was sent stays listed: no counter loses an order it cannot place.
      const phoenixChange = ours.find((ch) => ch.row?.order_id === inPhoenix)!;
      const { fulfilment_location_id: _sent, ...older } = phoenixChange.row!;
      await db.transaction('rw', pullStores(db), () =>
        applyServerChanges(db, [{ ...phoenixChange, version: phoenixChange.version + 1, row: older }]),
      );
      expect((await listed('cashier', denver)).sort()).toEqual([inPhoenix, inDenver].sort());
    } finally {
      db.close();
    }
  });

  it('offline, the device builds the pick list the server answers, from the rows it pulled', async () => {
    const pickup = await place({ method: 'pickup', location_id: denver });
    const shipped = await place({ method: 'shipping', address });
    const changes: RowChange[] = [];
    for (let cookie = 0, more = true; more;) {
      const r = await admin.get(
        `/sync/pull?clientId=${randomUUID()}&cookie=${cookie}&limit=20000&tables=orders,order_lines,order_statuses,locations&upTo=999999999`,
      );
      expect(r.status).toBe(200);
      changes.push(...(r.body.changes as RowChange[]));
      ({ cookie, more } = r.body as { cookie: number; more: boolean });
    }
    const db = new PartsdeskDb(`online-pick-${engine}`, { indexedDB: new IDBFactory(), IDBKeyRange });
    try {
      await db.transaction('rw', pullStores(db), () => applyServerChanges(db, changes));
      for (const orderId of [pickup, shipped]) {
        const server = await admin.get(`/api/online_order/pick_list?order_id=${orderId}`);
        expect(server.status).toBe(200);
        const { actions, ...fromServer } = pickListReplySchema.parse(server.body);
        expect(actions.length).toBeGreaterThan(0);
        // The same list, with no steps: those wait for the server.
        expect(await devicePickList(db, orderId)).toEqual({ ...fromServer, actions: [] });
      }
      expect((await devicePickList(db, shipped))?.shipping_address).toContain('Austin, TX 78701');
      // A counter sale (no online part) has no pick list on the device either.
      const counter = changes.find((ch) => ch.table === 'orders' && ch.row && !('online' in ch.row));
      expect(counter).toBeDefined();
      expect(await devicePickList(db, counter!.row!.order_id as number)).toBeNull();
    } finally {
      db.close();
    }
  });
});

import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../../../src/contracts/protocol-version';
import { pullReplySchema, type PullReply, type RowChange } from '../../../src/contracts/sync-pull';
import { purgeTombstones } from '../../../server/sync/pull-service';
import { testEngines } from '../../support/engines';
import type { TestClient } from '../../support/http-client';
import { signedIn, startSyncServer, type SyncTestServer } from './support/sync-server';

describe.each(testEngines())('sync pull on %s', (engine) => {
  let server: SyncTestServer;
  let cashier: TestClient;
  let shopper: TestClient;
  let shopperId: string;
  const staffClient = randomUUID();
  const shopperClient = randomUUID();

  async function pull(c: TestClient, clientId: string, cookie: number, limit = 1000): Promise<PullReply> {
    const r = await c.get(`/sync/pull?clientId=${clientId}&cookie=${cookie}&limit=${limit}`);
    expect(r.status).toBe(200);
    return pullReplySchema.parse(r.body);
  }
  async function pullAll(c: TestClient, clientId: string, cookie = 0, limit = 1000) {
    const changes: RowChange[] = [];
    let pages = 0;
    for (;;) {
      const p = await pull(c, clientId, cookie, limit);
      changes.push(...p.changes);
      pages++;
      cookie = p.cookie;
      if (!p.more) return { changes, cookie, pages, last: p };
    }
  }
  const push = (c: TestClient, clientId: string, mutations: { id: number; name: string; args: unknown }[]) =>
    c.post('/sync/push', {
      clientId,
      protocolVersion: PROTOCOL_VERSION,
      mutations: mutations.map((m) => ({ ...m, at: new Date().toISOString() })),
    });

  beforeAll(async () => {
    server = await startSyncServer(engine);
    cashier = await signedIn(server.url, 'cashier', 'cashier');
    shopper = await signedIn(server.url, 'shopper@example.com', 'shopper');
    shopperId = (await shopper.get('/api/session')).body.user.id;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('pages through everything in version order; small pages give exactly the same changes', async () => {
    const whole = await pullAll(cashier, staffClient, 0, 5000);
    const paged = await pullAll(cashier, staffClient, 0, 97);
    expect(paged.pages).toBeGreaterThan(3);
    expect(paged.changes.map((c) => `${c.table}/${c.key}/${c.version}`)).toEqual(
      whole.changes.map((c) => `${c.table}/${c.key}/${c.version}`),
    );
    const versions = paged.changes.map((c) => c.version);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    expect(new Set(versions).size).toBe(versions.length);
    expect(paged.cookie).toBe(whole.cookie);
    const tables = new Set(whole.changes.map((c) => c.table));
    for (const t of ['products', 'customers', 'addresses', 'customer_vehicles', 'settings', 'tax_classes'])
      expect(tables).toContain(t);
    // Nothing new since: an empty page that keeps the cookie.
    const again = await pull(cashier, staffClient, whole.cookie);
    expect(again).toMatchObject({ changes: [], more: false, cookie: whole.cookie });
  });

  it('reports what remains while paging', async () => {
    const first = await pull(cashier, staffClient, 0, 50);
    expect(first.more).toBe(true);
    const total = (await pullAll(cashier, staffClient, 0, 5000)).changes.length;
    expect(first.remaining).toBe(total - 50);
  });

  it('never sends a password hash, and sends product cost to admins only', async () => {
    const all = await pullAll(cashier, staffClient);
    expect(JSON.stringify(all.changes)).not.toContain('password_hash');
    const product = all.changes.find((c) => c.table === 'products')!;
    expect(product.row).toHaveProperty('price');
    expect(product.row).not.toHaveProperty('cost');
    const mine = await pullAll(shopper, shopperClient);
    expect(mine.changes.find((c) => c.table === 'products')!.row).not.toHaveProperty('cost');
    for (const [user, sees] of [
      ['installer', false],
      ['admin', true],
    ] as const) {
      const c = await signedIn(server.url, user, user);
      const packed = await c.get(`/sync/pull?clientId=${randomUUID()}&cookie=0&limit=20000&pack=1`);
      expect(packed.status).toBe(200);
      const rows = await pullAll(c, randomUUID(), 0, 5000);
      expect(rows.changes.find((ch) => ch.table === 'products')!.row, user).toHaveProperty('price');
      expect(
        rows.changes.some((ch) => ch.table === 'products' && ch.row !== null && 'cost' in ch.row),
        user,
      ).toBe(sees);
      expect(JSON.stringify(packed.body).includes('"cost"'), `${user} packed`).toBe(sees);
    }
  });

  it('sends deletions as tombstones', async () => {
    const { cookie } = await pullAll(cashier, staffClient);
    const victim = await server.db
      .selectFrom('product_categories')
      .select(['product_id', 'category_id'])
      .limit(1)
      .executeTakeFirstOrThrow();
    await server.db
      .deleteFrom('product_categories')
      .where('product_id', '=', victim.product_id)
      .where('category_id', '=', victim.category_id)
      .execute();
    const next = await pullAll(cashier, staffClient, cookie);
    expect(next.changes).toEqual([
      expect.objectContaining({
        table: 'product_categories',
        key: `${victim.product_id}:${victim.category_id}`,
        row: null,
      }),
    ]);
  });

  it('scopes a shopper to the catalog and their own records', async () => {
    const theirs = randomUUID();
    const mineOrder = randomUUID();
    const other = await server.db
      .selectFrom('customers')
      .select('id')
      .where('id', '!=', shopperId)
      .limit(1)
      .executeTakeFirstOrThrow();
    const r = await push(cashier, staffClient, [
      { id: 1, name: 'order.create', args: { id: theirs, customer_ref: other.id } },
      { id: 2, name: 'order.create', args: { id: mineOrder, customer_ref: shopperId } },
      {
        id: 3,
        name: 'cart.addCustomProduct',
        args: {
          order_ref: mineOrder,
          line_id: randomUUID(),
          name: 'Mats',
          price: '30',
          quantity: 1,
          tax_class_id: null,
        },
      },
    ]);
    expect(r.body.results.map((x: { status: string }) => x.status)).toEqual(['applied', 'applied', 'applied']);
    const got = (await pullAll(shopper, shopperClient)).changes;
    const byTable = (t: string) => got.filter((c) => c.table === t);
    expect(byTable('customers').map((c) => c.key)).toEqual([shopperId]);
    expect(byTable('orders').map((c) => c.key)).toEqual([mineOrder]);
    expect(byTable('order_lines')).toHaveLength(1);
    expect(byTable('addresses').every((c) => c.row?.customer_ref === shopperId)).toBe(true);
    expect(byTable('customer_vehicles').every((c) => c.row?.customer_ref === shopperId)).toBe(true);
    expect(byTable('settings')).toEqual([]);
    expect(JSON.stringify(got)).not.toContain(other.id);
    // Tombstones of other people's records do not reach a shopper either.
    const { cookie } = await pullAll(shopper, shopperClient);
    const gone = await server.db
      .deleteFrom('customer_vehicles')
      .where('customer_id', '=', other.id)
      .returning('id')
      .execute();
    expect(gone.length).toBeGreaterThan(0);
    const staffSees = (await pullAll(cashier, staffClient, cookie)).changes.filter(
      (c) => c.row === null && c.table === 'customer_vehicles',
    );
    expect(staffSees).toHaveLength(gone.length);
    const afterDelete = await pullAll(shopper, shopperClient, cookie);
    expect(afterDelete.changes.filter((c) => c.table === 'customer_vehicles')).toEqual([]);
  });

  it('carries the client lastMutationId and entity rows shaped as domain records', async () => {
    const p = await pullAll(cashier, staffClient);
    expect(p.last.lastMutationId).toBe(3);
    const order = p.changes.find((c) => c.table === 'orders')!;
    expect(order.row).toMatchObject({ status: 'draft', totals: { order_total: expect.any(String) } });
    expect(order.row).not.toHaveProperty('lines');
    expect(typeof (order.row as { order_id: unknown }).order_id).toBe('number');
  });

  it('asks for a full sync when the cookie predates purged tombstones, or is ahead of the server', async () => {
    const { cookie } = await pullAll(cashier, staffClient);
    await server.db
      .deleteFrom('product_categories')
      .where('product_id', 'in', sql<number>`(select product_id from product_categories limit 1)`)
      .execute();
    await purgeTombstones(server.open.db, new Date(Date.now() + 60_000));
    const stale = await pull(cashier, staffClient, Math.max(1, cookie - 1));
    expect(stale.needsFullSync).toBe(true);
    expect(stale.changes.length).toBeGreaterThan(0);
    const ahead = await pull(cashier, staffClient, cookie + 1_000_000);
    expect(ahead.needsFullSync).toBe(true);
  });

  it('refuses a malformed or out-of-range cookie, limit or upTo with 400 instead of guessing; absent ones default', async () => {
    for (const bad of [
      'cookie=abc',
      'cookie=-1',
      'cookie=1.5',
      'limit=0',
      'limit=20001',
      'limit=ten',
      'upTo=x&tables=installers',
      'schema=-2',
    ]) {
      const r = await cashier.get(`/sync/pull?clientId=${staffClient}&${bad}`);
      expect(r.status, bad).toBe(400);
      expect(r.body.error, bad).toBeDefined();
    }
    const defaults = await cashier.get(`/sync/pull?clientId=${staffClient}`);
    expect(defaults.status).toBe(200);
    const first = pullReplySchema.parse(defaults.body);
    expect(first.changes.length).toBeGreaterThan(0);
  });
});

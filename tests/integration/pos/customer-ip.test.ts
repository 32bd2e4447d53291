/**
 * The IP Addresses tab's calls (docs/decisions/pos.md "Customer IP addresses and tags"): addresses
 * recorded at shopper login, registration and online orders; GET /api/customer_ip (shape, paging,
 * sorts); POST /api/customer_ip/add and /remove (ban, unban; the address must be the customer's);
 * the geolocation lookup through the default adapter (GEOLOCATION=dataset: DB-IP's offline City Lite
 * for real addresses, the table for the documentation ranges; the simulator's failures on the
 * service); /pos/customer/search?filter_ip=; who may call;
 * bad input 4xx; a banned address refused at shopper login and registration, never staff.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimulatedGeoLocator } from '../../../server/adapters/geolocation/simulator';
import { DEMO_BANNED_IP } from '../../../server/db/demo/customer-admin';
import { CustomerIpService } from '../../../server/services/customers/customer-ip-service';
import { ServiceError } from '../../../server/errors';
import { testEngines } from '../../support/engines';
import { TestClient } from '../../support/http-client';
import { registeredShopper } from '../shop/support';
import { signedIn, startSyncServer, type SyncTestServer } from '../sync/support/sync-server';

// The default adapter, whatever the environment says (the simulator's failures are tested on the service below).
const saved = process.env.GEOLOCATION;

describe.each(testEngines())('customer IP addresses on %s', (engine) => {
  let server: SyncTestServer;
  let cashier: TestClient;
  let installer: TestClient;
  let shopper: TestClient;
  let shopperNo: number;
  let otherNo: number;

  const number = async (email: string) =>
    (await server.db.selectFrom('customers').select('customer_id').where('email', '=', email).executeTakeFirstOrThrow())
      .customer_id;
  const ipsOf = async (customerId: number) =>
    (
      await server.db
        .selectFrom('customer_ips as ci')
        .innerJoin('customers as c', 'c.id', 'ci.customer_ref')
        .select('ci.ip')
        .where('c.customer_id', '=', customerId)
        .execute()
    ).map((r) => r.ip);
  const banned = async () => (await server.db.selectFrom('banned_ips').select('ip').execute()).map((r) => r.ip);

  beforeAll(async () => {
    process.env.GEOLOCATION = 'dataset';
    server = await startSyncServer(engine);
    cashier = await signedIn(server.url, 'cashier', 'cashier');
    installer = await signedIn(server.url, 'installer', 'installer');
    shopper = await signedIn(server.url, 'shopper@example.com', 'shopper');
    shopperNo = await number('shopper@example.com');
    const other = await server.db
      .selectFrom('customers')
      .select('customer_id')
      .where('email', '<>', 'shopper@example.com')
      .orderBy('customer_id')
      .limit(1)
      .executeTakeFirstOrThrow();
    otherNo = other.customer_id;
  });
  afterAll(async () => {
    await server?.close();
    if (saved === undefined) delete process.env.GEOLOCATION;
    else process.env.GEOLOCATION = saved;
  });

  it('a shopper sign-in records the address; staff sign-ins record nothing', async () => {
    expect(await ipsOf(shopperNo)).toContain('127.0.0.1');
    const staffRows = await server.db.selectFrom('customer_ips').select('ip').where('ip', '=', '127.0.0.1').execute();
    expect(staffRows).toHaveLength(1);
  });

  it('GET: shape, 12 demo addresses in pages of 10, ascending by date_added, sorts both ways', async () => {
    const r = await installer.get(`/api/customer_ip?customer_id=${shopperNo}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ totalPages: 2, position: 1, total: 13 });
    expect(r.body.results).toHaveLength(10);
    expect(Object.keys(r.body.results[0]).sort()).toEqual([
      'customer_ip_id',
      'date_added',
      'filter_ip_url',
      'ip',
      'is_banned',
      'total_accounts',
    ]);
    const dates = (r.body.results as { date_added: string }[]).map((x) => x.date_added);
    expect([...dates].sort()).toEqual(dates);
    const page2 = await cashier.get(`/api/customer_ip?customer_id=${shopperNo}&page=2`);
    expect(page2.body.results).toHaveLength(3);
    expect(page2.body.position).toBe(2);
    // The sign-in just now is the newest.
    expect(page2.body.results.at(-1).ip).toBe('127.0.0.1');
    const desc = await cashier.get(`/api/customer_ip?customer_id=${shopperNo}&order=DESC&limit=1`);
    expect(desc.body.results[0].ip).toBe('127.0.0.1');
    const byIp = await cashier.get(`/api/customer_ip?customer_id=${shopperNo}&sort=ip&limit=100`);
    const ips = (byIp.body.results as { ip: string }[]).map((x) => x.ip);
    // As addresses: IPv4 numerically, then IPv6.
    expect(ips[0]).toBe('127.0.0.1');
    expect(ips.at(-1)).toBe('2001:db8::25');
    const shared = (byIp.body.results as { ip: string; total_accounts: number; filter_ip_url: string }[]).find(
      (x) => x.total_accounts > 1,
    );
    expect(shared).toBeDefined();
    expect(shared!.filter_ip_url).toBe(`/pos/customer?filter_ip=${encodeURIComponent(shared!.ip)}`);
    const byAccounts = await cashier.get(
      `/api/customer_ip?customer_id=${shopperNo}&sort=total_accounts&order=desc&limit=1`,
    );
    expect(byAccounts.body.results[0].total_accounts).toBeGreaterThan(1);
  });

  it('filter_ip: the customers list filtered by an address lists the accounts seen there', async () => {
    const r = await cashier.get(`/pos/customer/search?filter_ip=${DEMO_BANNED_IP}`, {
      'x-requested-with': 'XMLHttpRequest',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toHaveLength(2);
    expect(Object.keys(r.body[0]).sort()).toEqual(['customer_id', 'email', 'firstname', 'id', 'lastname', 'telephone']);
    const bad = await cashier.get('/pos/customer/search?filter_ip=999.1.1.1', { 'x-requested-with': 'XMLHttpRequest' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Enter a valid IPv4 or IPv6 address.');
  });

  it('add bans and remove unbans one of the customer’s addresses; repeats answer the same', async () => {
    const path = (op: string) => `/api/customer_ip/${op}?customer_id=${shopperNo}`;
    const ban = await installer.post(path('add'), { ip: '2001:DB8:0::25' });
    expect(ban.status, JSON.stringify(ban.body)).toBe(200);
    expect(ban.body).toEqual({
      success: 'Success: 2001:db8::25 is banned: it can no longer sign in or register.',
      ip: '2001:db8::25',
      is_banned: true,
    });
    expect((await cashier.post(path('add'), { ip: '2001:db8::25' })).status).toBe(200);
    expect(await banned()).toContain('2001:db8::25');
    const list = await cashier.get(`/api/customer_ip?customer_id=${shopperNo}&sort=ip&order=desc&limit=1`);
    expect(list.body.results[0]).toMatchObject({ ip: '2001:db8::25', is_banned: true });
    const unban = await cashier.post(path('remove'), { ip: '2001:db8::25' });
    expect(unban.body).toEqual({
      success: 'Success: 2001:db8::25 is no longer banned.',
      ip: '2001:db8::25',
      is_banned: false,
    });
    expect((await cashier.post(path('remove'), { ip: '2001:db8::25' })).status).toBe(200);
    expect(await banned()).toEqual([DEMO_BANNED_IP]);
  });

  it('bad input and another customer’s address are 4xx and change nothing', async () => {
    const bad = async (p: string, b: unknown, status: number, message?: string) => {
      const r = await cashier.post(p, b);
      expect(r.status, `${p} ${JSON.stringify(b)} -> ${JSON.stringify(r.body)}`).toBe(status);
      if (message) expect(r.body.message).toBe(message);
    };
    const add = `/api/customer_ip/add?customer_id=${shopperNo}`;
    for (const ip of ['', 'abc', '1.2.3', '256.1.1.1', '1.2.3.4/24', '1.2.3.4:80', 'fe80::1%eth0', 'x'.repeat(46), 42])
      await bad(add, { ip }, 400, 'Enter a valid IPv4 or IPv6 address.');
    await bad(add, {}, 400);
    // The other customer's address through this customer: not theirs.
    await bad(add, { ip: DEMO_BANNED_IP }, 404, "This IP address is not one of this customer's.");
    await bad(`/api/customer_ip/remove?customer_id=${otherNo}`, { ip: '127.0.0.1' }, 404);
    await bad(`/api/customer_ip/add?customer_id=${randomUUID()}`, { ip: '127.0.0.1' }, 404);
    await bad('/api/customer_ip/add?customer_id=abc', { ip: '127.0.0.1' }, 400);
    await bad('/api/customer_ip/add', { ip: '127.0.0.1' }, 400);
    expect((await cashier.get(`/api/customer_ip?customer_id=${shopperNo}&limit=1000`)).status).toBe(400);
    expect((await cashier.get(`/api/customer_ip?customer_id=${shopperNo}&sort=password_hash`)).status).toBe(400);
    expect((await cashier.get(`/api/customer_ip?customer_id=999999`)).status).toBe(404);
    expect(await banned()).toEqual([DEMO_BANNED_IP]);
  });

  it('shoppers and strangers are refused every call', async () => {
    const stranger = new TestClient(server.url);
    for (const [who, status] of [
      [shopper, 403],
      [stranger, 401],
    ] as const) {
      expect((await who.get(`/api/customer_ip?customer_id=${shopperNo}`)).status).toBe(status);
      expect((await who.post(`/api/customer_ip/add?customer_id=${shopperNo}`, { ip: '127.0.0.1' })).status).toBe(
        status,
      );
      expect((await who.post(`/api/customer_ip/remove?customer_id=${shopperNo}`, { ip: '127.0.0.1' })).status).toBe(
        status,
      );
      expect((await who.get(`/api/customer_ip/location?customer_id=${shopperNo}&ip=127.0.0.1`)).status).toBe(status);
    }
    expect(await banned()).toEqual([DEMO_BANNED_IP]);
  });

  it('location: the table places the demo addresses; private ones and failures are "Failed to get location details."', async () => {
    const list = await cashier.get(`/api/customer_ip?customer_id=${shopperNo}&sort=ip&order=desc&limit=1`);
    const r = await cashier.get(`/api/customer_ip/location?customer_id=${shopperNo}&ip=2001:db8::25`);
    expect(list.body.results[0].ip).toBe('2001:db8::25');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({ ip: '2001:db8::25', city: 'Austin', region: 'Texas', country: 'United States' });
    const loopback = await cashier.get(`/api/customer_ip/location?customer_id=${shopperNo}&ip=127.0.0.1`);
    expect(loopback.status).toBe(404);
    expect(loopback.body.message).toBe('Failed to get location details.');
    expect((await cashier.get(`/api/customer_ip/location?customer_id=${otherNo}&ip=127.0.0.1`)).status).toBe(404);
    expect((await cashier.get(`/api/customer_ip/location?customer_id=${shopperNo}&ip=nope`)).status).toBe(400);
    // The service down: the same words, an upstream failure (502), nothing stored.
    const down = new CustomerIpService(server.db, new SimulatedGeoLocator({ seed: 1, latencyMs: 0, failureRate: 1 }));
    const err = await down.locate(shopperNo, '2001:db8::25').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ServiceError);
    expect(err).toMatchObject({ kind: 'upstream_failed', message: 'Failed to get location details.' });
    const none = await new CustomerIpService(server.db, null)
      .locate(shopperNo, '2001:db8::25')
      .catch((e: unknown) => e);
    expect(none).toMatchObject({ kind: 'unavailable', message: 'Failed to get location details.' });
  });

  it('location: a real public address is placed from the offline dataset, with the DB-IP credit', async () => {
    const shopperRef = (
      await server.db
        .selectFrom('customers')
        .select('id')
        .where('customer_id', '=', shopperNo)
        .executeTakeFirstOrThrow()
    ).id;
    const at = new Date();
    await server.db
      .insertInto('customer_ips')
      .values({ customer_ref: shopperRef, ip: '8.8.8.8', date_added: at, last_seen: at })
      .execute();
    try {
      const r = await cashier.get(`/api/customer_ip/location?customer_id=${shopperNo}&ip=8.8.8.8`);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body).toMatchObject({
        ip: '8.8.8.8',
        country: 'United States',
        credit: { text: 'IP Geolocation by DB-IP', url: 'https://db-ip.com' },
      });
      // The demo addresses answer from the table, without a credit: DB-IP's data is not theirs.
      const demo = await cashier.get(`/api/customer_ip/location?customer_id=${shopperNo}&ip=2001:db8::25`);
      expect(demo.status).toBe(200);
      expect(demo.body.credit).toBeUndefined();
    } finally {
      await server.db
        .deleteFrom('customer_ips')
        .where('customer_ref', '=', shopperRef)
        .where('ip', '=', '8.8.8.8')
        .execute();
    }
  });

  it('registration records the address', async () => {
    const email = `ip-${randomUUID()}@example.com`;
    const fresh = new TestClient(server.url);
    const reg = await fresh.post('/api/account/register', {
      firstname: 'Ida',
      lastname: 'Address',
      email,
      password: 'secret1',
    });
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);
    expect(await ipsOf(await number(email))).toEqual(['127.0.0.1']);
  });

  it('a signed-in shopper’s online order records the address', async () => {
    const email = `order-${randomUUID()}@example.com`;
    const c = await registeredShopper(server.url, email);
    const id = (
      await server.db.selectFrom('customers').select('id').where('email', '=', email).executeTakeFirstOrThrow()
    ).id;
    await server.db.deleteFrom('customer_ips').where('customer_ref', '=', id).execute();
    const product = await server.db
      .selectFrom('products')
      .select('product_id')
      .where('status', '=', true)
      .where('price', '>', '0')
      .orderBy('product_id')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect((await c.post('/checkout/cart/add', { product_id: product.product_id, quantity: 1 })).status).toBe(200);
    const order = await c.post('/index.php?route=checkout/confirm/createOrder', {
      checkout_key: randomUUID(),
      firstname: 'Olga',
      lastname: 'Order',
      email,
      telephone: '',
      card: { number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' },
    });
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    expect(await ipsOf(await number(email))).toEqual(['127.0.0.1']);
  });

  it('a banned address cannot sign in or register as a shopper; staff still sign in', async () => {
    expect((await cashier.post(`/api/customer_ip/add?customer_id=${shopperNo}`, { ip: '127.0.0.1' })).status).toBe(200);
    const login = await new TestClient(server.url).login('shopper@example.com', 'shopper');
    expect(login.status).toBe(403);
    expect(login.body).toMatchObject({
      error: 'ip_banned',
      message: 'Sign-in from your IP address has been blocked by the shop. Contact the shop for help.',
    });
    // A wrong password still says only that.
    expect((await new TestClient(server.url).login('shopper@example.com', 'wrong')).status).toBe(401);
    const email = `banned-${randomUUID()}@example.com`;
    const reg = await new TestClient(server.url).post('/api/account/register', {
      firstname: 'Bea',
      lastname: 'Banned',
      email,
      password: 'secret1',
    });
    expect(reg.status).toBe(403);
    expect(reg.body.message).toBe(
      'Registration from your IP address has been blocked by the shop. Contact the shop for help.',
    );
    expect(await server.db.selectFrom('customers').select('id').where('email', '=', email).execute()).toHaveLength(0);
    expect((await new TestClient(server.url).login('admin', 'admin')).status).toBe(200);
    expect((await cashier.post(`/api/customer_ip/remove?customer_id=${shopperNo}`, { ip: '127.0.0.1' })).status).toBe(
      200,
    );
    expect((await new TestClient(server.url).login('shopper@example.com', 'shopper')).status).toBe(200);
  });
});

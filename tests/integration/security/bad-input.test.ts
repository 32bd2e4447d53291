/**
 * Input that once answered 500 now answers 400 with field errors, and every
 * example of the issue is one case here.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/app-server';
import { testEngines } from '../../support/engines';
import type { TestClient } from '../../support/http-client';
import { call, signInAs } from './matrix-support';

describe.each(testEngines())('bad input answers 400 on %s', (engine) => {
  let server: TestServer;
  let cashier: TestClient;
  let guest: TestClient;
  beforeAll(async () => {
    server = await startTestServer(engine);
    cashier = await signInAs(server.url, 'cashier');
    guest = await signInAs(server.url, 'guest');
  });
  afterAll(async () => {
    await server?.close();
  });

  const cases = (): [string, 'guest' | 'cashier', string, string, unknown?][] => [
    [
      'inventory productId out of range',
      'guest',
      'POST',
      '/api/inventory/getInventoriesByProductId',
      { productId: 99999999999 },
    ],
    ['NUL in login', 'guest', 'POST', '/api/session', { username: 'adm\u0000in', password: 'x' }],
    [
      'NUL in register',
      'guest',
      'POST',
      '/api/account/register',
      { firstname: 'Ni\u0000na', lastname: 'Null', email: 'nul@example.com', password: 'secret1' },
    ],
    ['NUL in search', 'guest', 'GET', '/api/search/autocomplete?search=br%00ake'],
    ['NUL in product search', 'guest', 'GET', '/api/products/?search=br%00ake'],
    ['lone surrogate in search', 'guest', 'GET', '/api/search/autocomplete?search=%ED%A0%80'],
    ['lone surrogate in login', 'guest', 'POST', '/api/session', '{"username":"\\ud800","password":"x"}'],
    [
      'NUL in a history note',
      'cashier',
      'POST',
      `/pos/order/history?order_id=${randomUUID()}`,
      { comment: 'no\u0000te', notify: false },
    ],
    [
      'huge laborTime',
      'cashier',
      'POST',
      '/checkout/cart/applyLabor',
      { name: 'Labor', laborTime: 1e300, rate: '95.00' },
    ],
    [
      'newPrice 2147483647',
      'cashier',
      'POST',
      '/checkout/cart/updatePrice',
      { key: randomUUID(), newPrice: '2147483647' },
    ],
    [
      'transaction_id 2147483648',
      'cashier',
      'POST',
      '/pos/checkout/voidTransaction',
      { transaction: { transaction_id: 2147483648 } },
    ],
    [
      'custom product name too long',
      'cashier',
      'POST',
      '/checkout/cart/addCustomProduct',
      { name: 'x'.repeat(20_000), price: '1.00', quantity: 1 },
    ],
    [
      'history comment too long',
      'cashier',
      'POST',
      `/pos/order/history?order_id=${randomUUID()}`,
      { comment: 'x'.repeat(100_000), notify: false },
    ],
  ];

  it.each(cases().map((c) => [c[0], c] as const))('%s', async (_name, [, who, method, path, body]) => {
    const r = await call(who === 'guest' ? guest : cashier, method, path, body);
    expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(400);
    expect(r.body.error).toBe('invalid_input');
    expect(Object.keys(r.body.fields ?? {}).length, JSON.stringify(r.body).slice(0, 300)).toBeGreaterThan(0);
  });

  it('the product listing ignores a filter id out of range, as it ignores every invalid filter (never 500)', async () => {
    const r = await call(guest, 'GET', '/api/products/?series_id=99999999999');
    expect(r.status).toBe(200);
    expect(r.body.total_items).toBeGreaterThan(0);
  });
});

describe.each(testEngines())('CSRF and login door on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, { loginLimitPerMinute: 3 });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('a GET that changes data needs the CSRF token like a POST', async () => {
    const cashier = await signInAs(server.url, 'cashier');
    for (const path of [
      '/checkout/cart/cancelOrder',
      '/checkout/cart/abandonOrder',
      `/pos/order/void?order_id=${randomUUID()}`,
      `/pos/order/continue?order_id=${randomUUID()}`,
    ]) {
      const r = await cashier.get(path, { 'x-requested-with': 'XMLHttpRequest', 'x-csrf-token': '' });
      expect([path, r.status, r.body.error]).toEqual([path, 403, 'csrf']);
    }
  });

  it("the shopper's GET index.php?route=checkout/{code}/remove needs the CSRF token too", async () => {
    const shopper = await signInAs(server.url, 'shopper');
    const path = '/index.php?route=checkout/voucher/remove';
    const forged = await shopper.get(path, { 'x-requested-with': 'XMLHttpRequest', 'x-csrf-token': '' });
    expect([forged.status, forged.body.error]).toEqual([403, 'csrf']);
    const real = await shopper.get(path, { 'x-requested-with': 'XMLHttpRequest' });
    // Through the door: the cart's own answer (no gift certificate applied).
    expect([real.status, real.body.error]).toEqual([404, 'invalid_code']);
  });

  it('login refuses a cross-site form post', async () => {
    const c = await signInAs(server.url, 'guest');
    const form = 'username=cashier&password=cashier';
    const ct = { 'content-type': 'application/x-www-form-urlencoded' };
    expect((await c.post('/api/session', form, { ...ct, 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await c.post('/api/session', form, { ...ct, origin: 'https://evil.example' })).status).toBe(403);
    expect(
      (
        await c.post(
          '/api/account/register',
          { firstname: 'Eve', lastname: 'Evil', email: 'eve@example.com', password: 'secret1' },
          { origin: 'https://evil.example' },
        )
      ).status,
    ).toBe(403);
    expect((await c.post('/api/session', form, { ...ct, origin: server.url })).status).toBe(200);
  });

  it('the login limit also holds per address across usernames', async () => {
    const c = await signInAs(server.url, 'guest');
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await c.post('/api/session', { username: `nobody${i}`, password: 'x' })).status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(9);
    expect(statuses.at(-1)).toBe(429);
  });
});

/**
 * The permission table (server/auth/permissions.ts) as the routes apply it: installers take no
 * money, the kiosk device account has a shopper's rights and no staff right.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, PERMISSIONS, ROLES } from '../../../server/auth/permissions';
import { startTestServer, type TestServer } from '../../support/app-server';
import { testEngines } from '../../support/engines';
import { TestClient } from '../../support/http-client';

describe.each(testEngines())('permission table on %s', (engine) => {
  let server: TestServer;
  let installer: TestClient;
  let kiosk: TestClient;
  beforeAll(async () => {
    server = await startTestServer(engine);
    installer = new TestClient(server.url);
    kiosk = new TestClient(server.url);
    expect((await installer.login('installer', 'installer')).status).toBe(200);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('installers take no payments, voids, refunds, price overrides or payment links', async () => {
    const order = randomUUID();
    const calls: [string, string, unknown?][] = [
      [
        'POST',
        '/pos/checkout/addTransaction',
        { orderId: order, transaction: { id: randomUUID(), transaction_type: 'cash', amount: '10.00' } },
      ],
      ['POST', '/pos/checkout/voidTransaction', { orderId: order, transactionId: randomUUID() }],
      ['GET', `/pos/checkout/voidTransactions?orderId=${order}`],
      ['GET', '/pos/checkout/voidOrReturn?transactionId=1'],
      ['POST', `/pos/checkout/complete?orderId=${order}`, {}],
      ['POST', '/pos/checkout/cardPayment', { orderId: order, amount: '10.00' }],
      ['GET', `/pos/order/void?order_id=${order}`],
      ['POST', '/checkout/cart/updatePrice', { key: 'x', newPrice: '1.00' }],
      ['POST', `/pos/order/sendPaymentURL?order_id=${order}`, { email: 'a@example.com' }],
    ];
    for (const [method, path, body] of calls) {
      const r = await installer.request(method, path, body, { 'x-requested-with': 'XMLHttpRequest' });
      expect([path, r.status]).toEqual([path, 403]);
    }
    // ...but build carts as before.
    expect((await installer.get('/checkout/cart/getData', { 'x-requested-with': 'XMLHttpRequest' })).status).toBe(200);
  });

  it('the demo kiosk device account signs in as a device with a shopper cart and no staff right', async () => {
    const r = await kiosk.login('kiosk', 'kiosk');
    expect(r.status).toBe(200);
    expect(r.body.user).toMatchObject({ kind: 'device', role: 'kiosk' });
    const cart = await kiosk.get('/checkout/cart/getData', { 'x-requested-with': 'XMLHttpRequest' });
    expect(cart.status).toBe(200);
    for (const path of ['/api/order', '/pos/checkout/getTerminals', '/api/notifications']) {
      expect([path, (await kiosk.get(path, { 'x-requested-with': 'XMLHttpRequest' })).status]).toEqual([path, 403]);
    }
    // It pushes its own Submit to Buy only and never pulls (tests/integration/kiosk/kiosk.test.ts).
    expect((await kiosk.get(`/sync/pull?clientId=${randomUUID()}&cookie=0&limit=10`)).status).toBe(403);
  });

  it('the table names every role and money stays with cashiers and admins', () => {
    for (const p of [
      'payment.take',
      'payment.void',
      'payment.link',
      'order.void',
      'pos.price_override',
      'customer.privileged',
    ] as const) {
      expect(ROLES.filter((role) => can(role, p))).toEqual(['cashier', 'admin']);
    }
    expect(ROLES.filter((role) => can(role, 'pos.cart'))).toEqual(['cashier', 'installer', 'admin']);
    expect(Object.keys(PERMISSIONS).length).toBeGreaterThan(10);
  });
});

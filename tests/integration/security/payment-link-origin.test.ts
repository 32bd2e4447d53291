/**
 * A payment link's address comes only from PUBLIC_URL, never from the request's
 * Host header; without PUBLIC_URL no link is sent and staff read why.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_URL_UNSET } from '../../../server/routes/notify';
import { startTestServer, type TestServer } from '../../support/app-server';
import { testEngines } from '../../support/engines';
import { Device, signedIn, startCheckoutServer, type CheckoutServer } from '../checkout/support/checkout-server';

describe.each(testEngines())('payment link origin on %s', (engine) => {
  let plain: TestServer;
  let configured: CheckoutServer;
  beforeAll(async () => {
    [plain, configured] = await Promise.all([
      startTestServer(engine),
      startCheckoutServer(engine, { publicUrl: 'https://shop.example' }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([plain?.close(), configured?.close()]);
  });

  it('without PUBLIC_URL: refused with a message to staff, whatever the Host header, and nothing is stored', async () => {
    const cashier = await signedIn(plain.url, 'cashier');
    const orderRef = randomUUID();
    const r = await plain.app.inject({
      method: 'POST',
      url: `/pos/order/sendPaymentURL?order_id=${orderRef}`,
      headers: {
        host: 'evil.example',
        cookie: cashier.sessionCookie,
        'x-csrf-token': cashier.csrfToken!,
        'content-type': 'application/json',
      },
      payload: { notifyByEmail: true, email: 'pat@example.com' },
    });
    expect(r.statusCode).toBe(409);
    expect(r.json()).toMatchObject({ error: 'public_url_unset', message: PUBLIC_URL_UNSET });
    const links = await plain.open.db.selectFrom('payment_links').select('order_ref').execute();
    expect(links).toEqual([]);
  });

  it('with PUBLIC_URL: a forged Host header never reaches the customer’s message', async () => {
    const cashier = await signedIn(configured.url, 'cashier');
    const o = await new Device(cashier).order(['12.00']);
    const r = await configured.app.inject({
      method: 'POST',
      url: `/pos/order/sendPaymentURL?order_id=${o.id}`,
      headers: {
        host: 'evil.example',
        'x-forwarded-host': 'evil.example',
        cookie: cashier.sessionCookie,
        'x-csrf-token': cashier.csrfToken!,
        'content-type': 'application/json',
      },
      payload: { notifyByEmail: true, email: 'pat@example.com' },
    });
    expect(r.statusCode, r.body).toBe(200);
    const row = await configured.db
      .selectFrom('notifications')
      .select('body')
      .where('order_ref', '=', o.id)
      .executeTakeFirstOrThrow();
    expect(row.body).toContain('https://shop.example/checkout/pay?token=');
    expect(row.body).not.toContain('evil.example');
  });
});

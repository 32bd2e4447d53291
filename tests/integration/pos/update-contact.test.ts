/**
 * POST updateContactInfo?customerId= (pos-back-office.md §7): the notification form's contact
 * fields saved on the customer - email, phone and texting consent - by staff only, validated
 * (4xx with the spec's messages, never 500); the consent it records is what the server then uses
 * for texts (docs/decisions/notifications.md "Durable sending").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../support/engines';
import { TestClient } from '../../support/http-client';
import { Device, signedIn, startCheckoutServer, type CheckoutServer } from '../checkout/support/checkout-server';

describe.each(testEngines())('updateContactInfo on %s', (engine) => {
  let server: CheckoutServer;
  let cashier: TestClient;
  let device: Device;

  beforeAll(async () => {
    server = await startCheckoutServer(engine);
    cashier = await signedIn(server.url, 'cashier');
    device = new Device(cashier);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('saves email, phone and consent (by uuid or number); keeps the rest; texts then need no override', async () => {
    const id = await device.customer(server.db, '0');
    const r = await cashier.post(`/pos/checkout/updateContactInfo?customerId=${id}`, {
      email: 'new@example.com',
      phone: '(303) 555-0199',
      textingAlerts: '1',
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      success: 'The contact information was updated.',
      customer: { email: 'new@example.com', telephone: '(303) 555-0199', texting_alerts: true },
    });
    const row = await server.db
      .selectFrom('customers')
      .select(['firstname', 'lastname', 'email', 'telephone', 'texting_alerts', 'customer_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ firstname: 'Pat', lastname: 'Payer', email: 'new@example.com', texting_alerts: true });
    const byNumber = await cashier.post(`/pos/order/updateContactInfo?customerId=${row.customer_id}`, {
      textingAlerts: false,
    });
    expect(byNumber.body.customer).toEqual({
      email: 'new@example.com',
      telephone: '(303) 555-0199',
      texting_alerts: false,
    });

    await cashier.post(`/pos/order/updateContactInfo?customerId=${id}`, { textingAlerts: true });
    const o = await device.order(['3.00'], { customer: id });
    const text = await cashier.post(`/pos/order/send?order_id=${o.id}`, {
      notifyByText: true,
      phone: '(303) 555-0199',
      textingAlerts: true,
    });
    expect(text.status).toBe(200);
  });

  it('refuses bad input with the spec messages, an unknown customer, and non-staff', async () => {
    const id = await device.customer(server.db, '0');
    const bad = await cashier.post(`/pos/checkout/updateContactInfo?customerId=${id}`, { email: 'nope', phone: '12' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toMatchObject({ email: ['Invalid email'], phone: ['Invalid phone number format'] });
    expect(
      (
        await cashier.post(`/pos/checkout/updateContactInfo?customerId=${id}`, {
          email: `${'x'.repeat(100)}@example.com`,
        })
      ).status,
    ).toBe(400);
    expect((await cashier.post(`/pos/checkout/updateContactInfo?customerId=${id}`, {})).status).toBe(400);
    expect((await cashier.post('/pos/checkout/updateContactInfo?customerId=abc', { email: 'a@b.co' })).status).toBe(
      400,
    );
    expect((await cashier.post('/pos/checkout/updateContactInfo?customerId=987654', { email: 'a@b.co' })).status).toBe(
      404,
    );
    const shopper = new TestClient(server.url);
    await shopper.login('shopper@example.com', 'shopper');
    expect((await shopper.post(`/pos/checkout/updateContactInfo?customerId=${id}`, { email: 'a@b.co' })).status).toBe(
      403,
    );
    expect(
      (await new TestClient(server.url).post(`/pos/checkout/updateContactInfo?customerId=${id}`, { email: 'a@b.co' }))
        .status,
    ).toBe(401);
  });
});

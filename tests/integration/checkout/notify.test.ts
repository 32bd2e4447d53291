/**
 * Receipts, payment links and the invoice call: every message lands in the notifications outbox
 * (the simulator) with its delivery status; a failed delivery answers 502 with the spec's text;
 * a payment link pays the order online through the domain, keeping only the card's last 4.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../support/engines';
import { TestClient } from '../../support/http-client';
import { Device, signedIn, startCheckoutServer, testSettings, type CheckoutServer } from './support/checkout-server';

describe.each(testEngines())('notifications and payment links on %s', (engine) => {
  let server: CheckoutServer;
  let cashier: TestClient;
  let admin: TestClient;
  let device: Device;

  beforeAll(async () => {
    server = await startCheckoutServer(engine, { publicUrl: 'https://shop.example' });
    cashier = await signedIn(server.url, 'cashier');
    admin = await signedIn(server.url, 'admin');
    device = new Device(cashier);
  });
  afterAll(async () => {
    await server?.close();
  });

  const outbox = async (orderRef: string) =>
    (await admin.get('/api/notifications?limit=100')).body.notifications.filter((n: any) => n.order_ref === orderRef);
  // No customer on these orders, so no texting consent on record: the override is ticked (§5).
  const form = {
    notifyByEmail: true,
    email: 'pat@example.com',
    notifyByText: true,
    phone: '(512) 555-0142',
    textingAlerts: true,
    overrideTextPermission: true,
  };

  it('sends the receipt by email (text + HTML) and text, recorded in the outbox', async () => {
    const o = await device.order(['19.99', '5.01']);
    await cashier.post('/pos/checkout/addTransaction', {
      orderId: o.id,
      transaction: { id: randomUUID(), transaction_type: 'cash', amount: '10' },
    });
    const r = await cashier.post(`/pos/order/send?order_id=${o.number}`, form);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ success: 'Receipt sent.', sent: ['email', 'sms'] });
    const rows = await outbox(o.id);
    const email = rows.find((n: any) => n.channel === 'email');
    expect(email).toMatchObject({
      kind: 'receipt',
      to: 'pat@example.com',
      status: 'sent',
      subject: `Your receipt from Partsdesk Auto Parts - Order # ${o.number}`,
    });
    expect(email.body).toContain('1 x Part 19.99');
    expect(email.body).toContain('$25.00');
    expect(email.body).toContain('Cash');
    expect(email.body).toContain('Outstanding Balance');
    expect(email.html).toContain('<table');
    expect(rows.find((n: any) => n.channel === 'sms')).toMatchObject({ to: '(512) 555-0142', status: 'sent' });
  });

  it('validates the notification form (spec messages) and needs a channel', async () => {
    const o = await device.order(['1.00']);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ notifyByEmail: true, email: '' }, 'email', 'Required'],
      [{ notifyByEmail: true, email: 'nope' }, 'email', 'Invalid email'],
      [{ notifyByText: true, phone: '12', textingAlerts: true }, 'phone', 'Invalid phone number format'],
      [
        { notifyByText: true, phone: '(512) 555-0142' },
        'overrideTextPermission',
        "Customer doesn't constent to text messages",
      ],
      [{}, 'notifyByEmail', 'Select email or text to send it.'],
    ];
    for (const [body, field, message] of cases) {
      const r = await cashier.post(`/pos/order/send?order_id=${o.id}`, body);
      expect(r.status).toBe(400);
      expect(r.body.fields[field]).toEqual([message]);
    }
    expect((await cashier.post('/pos/order/send?order_id=abc', form)).status).toBe(400);
    expect((await cashier.post('/pos/order/send?order_id=987654', form)).status).toBe(404);
  });

  it('a failed delivery answers 502 "Failed to send to notification" and is recorded as failed', async () => {
    const o = await device.order(['2.00']);
    const r = await cashier.post(`/pos/order/send?order_id=${o.id}`, { ...form, email: 'pat@nowhere.invalid' });
    expect(r.status).toBe(502);
    expect(r.body).toMatchObject({ error: 'notification_failed', message: 'Failed to send to notification' });
    const rows = await outbox(o.id);
    expect(rows.find((n: any) => n.channel === 'email')).toMatchObject({
      status: 'failed',
      error: 'Mailbox unavailable',
    });
    expect(rows.find((n: any) => n.channel === 'sms')).toMatchObject({ status: 'sent' });
  });

  it('a payment link: sent, opened, paid online (only last 4 kept), then spent', async () => {
    const o = await device.order(['60.00']);
    const sent = await cashier.post(`/pos/order/sendPaymentURL?order_id=${o.id}`, {
      notifyByEmail: true,
      email: 'pat@example.com',
    });
    expect(sent.status).toBe(200);
    const [mail] = await outbox(o.id);
    expect(mail).toMatchObject({ kind: 'payment_link', status: 'sent' });
    // The outbox view masks the token; the customer's own message has it whole.
    expect(mail.body).toMatch(/token=[\w-]{4}…/);
    const sentMail = server.mails.filter((m) => m.to === 'pat@example.com').at(-1)!;
    const url = /https:\/\/shop\.example\/checkout\/pay\?token=([\w-]+)/.exec(sentMail.text);
    expect(url).not.toBeNull();
    const token = url![1]!;
    const stored = await server.db
      .selectFrom('payment_links')
      .select('token_hash')
      .where('order_ref', '=', o.id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).not.toContain(token);

    const shopper = new TestClient(server.url);
    const view = await shopper.get(`/api/pay/link?token=${token}`);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({
      orderId: o.number,
      storeName: 'Partsdesk Auto Parts',
      orderTotal: '60.00',
      balanceDue: '60.00',
      paidInFull: false,
    });
    const card = { number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', name: 'Pat Payer' };
    expect(
      (await shopper.post('/api/pay/link', { token, card: { ...card, number: '4111 1111 1111 1111' } })).body.message,
    ).toContain('test card number');
    expect((await shopper.post('/api/pay/link', { token, card: { ...card, expiry: '01/20' } })).body.message).toBe(
      'Enter a future expiry date as MM/YY',
    );
    const declined = await shopper.post('/api/pay/link', { token, card: { ...card, number: '4000000000000002' } });
    expect(declined.status).toBe(402);
    expect(declined.body.message).toBe('Card declined');
    expect((await shopper.post('/api/pay/link', { token, amount: '60.01', card })).body.message).toBe(
      'Max amount allowed: $60.00',
    );
    const id = randomUUID();
    const paid = await shopper.post('/api/pay/link', { token, id, amount: '25', card });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({
      payment: { id, amount: '25.00', brand: 'Visa', last4: '4242' },
      balanceDue: '35.00',
      paidInFull: false,
    });
    expect((await shopper.post('/api/pay/link', { token, id, amount: '25', card })).body.balanceDue).toBe('35.00');
    const rest = await shopper.post('/api/pay/link', { token, card: { ...card, number: '5555555555554444' } });
    expect(rest.body).toMatchObject({
      balanceDue: '0.00',
      paidInFull: true,
      payment: { brand: 'Mastercard', last4: '4444' },
    });
    const t = await cashier.get(`/pos/checkout/getTransactions?orderId=${o.id}`);
    expect(t.body.transactions.map((x: any) => [x.transaction_type, x.amount, x.card?.last4])).toEqual([
      ['online', '25.00', '4242'],
      ['online', '35.00', '4444'],
    ]);
    expect(t.body.transactions.map((x: any) => x.transaction_label)).toEqual([
      'Online Visa ****4242',
      'Online Mastercard ****4444',
    ]);
    const attempts = await server.db.selectFrom('payment_attempts').selectAll().where('order_ref', '=', o.id).execute();
    expect(JSON.stringify(attempts)).not.toContain('4242424242424242');
    expect((await shopper.post('/api/pay/link', { token, card })).body.message).toBe(
      'There is no balance due on this order.',
    );
    expect((await shopper.get('/api/pay/link?token=not-a-real-token-at-all')).status).toBe(404);
    expect(
      (
        await cashier.post(`/pos/order/sendPaymentURL?order_id=${o.id}`, {
          notifyByEmail: true,
          email: 'pat@example.com',
        })
      ).status,
    ).toBe(409);
  });

  it('no payment link when online payments are off', async () => {
    server.settings = { ...testSettings(), paymentTypeFlags: { ...testSettings().paymentTypeFlags, online: false } };
    try {
      const o = await device.order(['5.00']);
      const r = await cashier.post(`/pos/order/sendPaymentURL?order_id=${o.id}`, {
        notifyByEmail: true,
        email: 'pat@example.com',
      });
      expect(r.status).toBe(422);
      expect(r.body.message).toBe('Online payments are not enabled.');
      expect(await outbox(o.id)).toEqual([]);
    } finally {
      server.settings = testSettings();
    }
  });

  it('invoice: a call answers the invoice data, a navigation gets the app shell', async () => {
    const o = await device.order(['11.00']);
    await cashier.post('/pos/checkout/addTransaction', {
      orderId: o.id,
      transaction: { id: randomUUID(), transaction_type: 'check', amount: '11', check_number: 42 },
    });
    const r = await cashier.get(`/pos/order/invoice?order_id=${o.number}`, { 'x-requested-with': 'XMLHttpRequest' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      store: { name: 'Partsdesk Auto Parts' },
      order: { id: o.id, order_id: o.number, status: 'saved' },
      lines: [{ name: 'Part 11.00', quantity: 1, unit_price: '11.00', total: '11.00' }],
      payments: [{ type: 'check', amount: '11.00', check_number: 42 }],
      orderTotal: '11.00',
      balanceDue: '0.00',
      statusText: 'Paid In Full',
    });
    expect(r.body.totals.map((t: any) => t.code)).toEqual(['parts', 'surcharge', 'labor', 'tax', 'total']);
    // fetch() always sends its own Sec-Fetch-Mode, so the navigation is injected.
    const page = await server.app.inject({
      method: 'GET',
      url: `/pos/order/invoice?order_id=${o.number}`,
      headers: { accept: 'text/html', 'sec-fetch-mode': 'navigate' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Partsdesk</title>');
    expect((await new TestClient(server.url).get(`/pos/order/invoice?order_id=${o.number}`)).status).toBe(401);
  });

  it('roles: the outbox is for admins and cashiers; sending is staff only', async () => {
    const shopper = new TestClient(server.url);
    await shopper.login('shopper@example.com', 'shopper');
    expect((await cashier.get('/api/notifications')).status).toBe(200);
    expect((await (await signedIn(server.url, 'installer')).get('/api/notifications')).status).toBe(403);
    expect((await shopper.get('/api/notifications')).status).toBe(403);
    expect((await new TestClient(server.url).get('/api/notifications')).status).toBe(401);
    expect((await shopper.post('/pos/order/send?order_id=1', form)).status).toBe(403);
    expect((await new TestClient(server.url).post('/pos/order/sendPaymentURL?order_id=1', form)).status).toBe(401);
  });
});

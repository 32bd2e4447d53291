import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../../src/contracts/protocol-version';
import { NOTIFICATION_SEND_FAILED } from '../../src/domain/forms/notification';
import { RECEIPT_QUEUED_OFFLINE } from '../../src/pos/receipt/send-receipt-panel';
import { TestClient } from '../support/http-client';
import { cashierDevice, cutNetwork, pageText, visible, waitSynced } from './support/pos';
import { BROWSER_ENGINES } from './support/server';
import { e2eWorld } from './support/world';

/**
 * Email a receipt with the network cut: the form starts from the attached customer's email, Send
 * queues the receipt in the device's outbox (not "Failed to send to notification"), and it reaches
 * the server's notifications outbox, and the customer, once the device is back online.
 */
describe.each(BROWSER_ENGINES)('POS receipt sent offline (headless Chromium, %s)', (engine) => {
  const world = e2eWorld({ engine });

  async function paidOrderFor(url: string, email: string): Promise<{ id: string; order_id: number }> {
    const till = new TestClient(url);
    if ((await till.login('cashier', 'cashier')).status !== 200) throw new Error('cashier login failed');
    const [cust, order] = [randomUUID(), randomUUID()];
    const mutations = [
      {
        name: 'customer.create',
        args: { id: cust, firstname: 'Nadia', lastname: 'Okafor', email, telephone: '5125550100' },
      },
      { name: 'order.create', args: { id: order, customer_ref: cust } },
      {
        name: 'cart.addCustomProduct',
        args: {
          order_ref: order,
          line_id: randomUUID(),
          name: 'Brake pads',
          price: '42.00',
          quantity: 1,
          tax_class_id: null,
        },
      },
      {
        name: 'transaction.add',
        args: { order_ref: order, id: randomUUID(), transaction_type: 'cash', amount: '42.00' },
      },
      { name: 'order.complete', args: { order_ref: order } },
    ].map((m, i) => ({ ...m, id: i + 1, at: new Date().toISOString() }));
    const r = await till.post('/sync/push', { clientId: randomUUID(), protocolVersion: PROTOCOL_VERSION, mutations });
    if (r.status !== 200 || r.body.results.some((x: { status: string }) => x.status !== 'applied'))
      throw new Error(`push: ${JSON.stringify(r.body)}`);
    const list = await till.get('/api/order?from_pos=1');
    return list.body.orders.find((o: { id: string }) => o.id === order);
  }

  /** The server's outbox rows to `email`, read as an admin signed in once (a login per poll meets the login rate limit). */
  async function outboxReader(url: string): Promise<(email: string) => Promise<{ status: string; kind: string }[]>> {
    const admin = new TestClient(url);
    if ((await admin.login('admin', 'admin')).status !== 200) throw new Error('admin login failed');
    return async (email) => {
      const r = await admin.get('/api/notifications?limit=100');
      if (r.status !== 200) throw new Error(`GET /api/notifications: ${r.status}`);
      return (r.body.notifications as { to: string; status: string; kind: string }[]).filter((n) => n.to === email);
    };
  }

  it('prefills the customer email, queues the receipt offline and sends it at reconnect', async () => {
    const { srv, browser } = world;
    const email = 'nadia.okafor@example.net';
    const order = await paidOrderFor(srv.server.url, email);
    const receiptsTo = await outboxReader(srv.server.url);
    const { ctx, page } = await cashierDevice(browser, srv.server.url, { offlineReady: true });
    await page.goto(`${srv.server.url}/pos/order/receipt?order_id=${order.order_id}`);
    await expect.poll(visible(page, 'Send or Print Receipt/Invoice'), { timeout: 15_000 }).toBe(true);

    await cutNetwork(ctx, true);
    await page.getByRole('button', { name: 'Email/Text' }).click();
    const address = page.getByLabel('Email address');
    await expect.poll(() => address.inputValue(), { message: await pageText(page) }).toBe(email);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(visible(page, RECEIPT_QUEUED_OFFLINE), { message: await pageText(page) }).toBe(true);
    expect(await page.getByText(NOTIFICATION_SEND_FAILED).count()).toBe(0);
    await expect.poll(visible(page, /1 change waiting to sync/)).toBe(true);
    expect(await receiptsTo(email)).toEqual([]);

    await cutNetwork(ctx, false);
    await waitSynced(page);
    await expect
      .poll(async () => (await receiptsTo(email)).map((n) => `${n.kind} ${n.status}`), {
        timeout: 20_000,
      })
      .toEqual(['receipt sent']);
    await ctx.close();
  });
});

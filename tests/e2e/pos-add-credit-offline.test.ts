import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../../src/contracts/protocol-version';
import { CREDIT_ADDED } from '../../src/domain/forms/credit';
import { TestClient } from '../support/http-client';
import { cashierDevice, cutNetwork, pageText, visible, waitSynced } from './support/pos';
import { e2eWorld } from './support/world';
import { shot } from './support/shots';

/**
 * Add Credit with the network cut (docs/decisions/payments.md "Store credit: Add Credit"): at
 * checkout a cashier adds store credit to the attached customer (the result in an alert, §8), the
 * Store Credit panel rises at once, the credit pays the order while still offline, and on reconnect
 * the server has the entry once and the balance what is left. Screenshots: /tmp/pd-add-credit-*.png.
 */
describe('POS Add Credit offline (headless Chromium)', () => {
  const world = e2eWorld();

  async function openOrderFor(url: string): Promise<{ customer: string; order: string }> {
    const till = new TestClient(url);
    if ((await till.login('cashier', 'cashier')).status !== 200) throw new Error('cashier login failed');
    const [customer, order] = [randomUUID(), randomUUID()];
    const mutations = [
      {
        name: 'customer.create',
        args: { id: customer, firstname: 'Cora', lastname: 'Credit', email: 'cora@example.net' },
      },
      { name: 'order.create', args: { id: order, customer_ref: customer } },
      {
        name: 'cart.addCustomProduct',
        args: {
          order_ref: order,
          line_id: randomUUID(),
          name: 'Alternator',
          price: '42.00',
          quantity: 1,
          tax_class_id: null,
        },
      },
    ].map((m, i) => ({ ...m, id: i + 1, at: new Date().toISOString() }));
    const r = await till.post('/sync/push', { clientId: randomUUID(), protocolVersion: PROTOCOL_VERSION, mutations });
    if (r.status !== 200 || r.body.results.some((x: { status: string }) => x.status !== 'applied'))
      throw new Error(`push: ${JSON.stringify(r.body)}`);
    return { customer, order };
  }

  it('adds credit offline, spends it at checkout, and the server has both once', async () => {
    const { srv, browser } = world;
    const { customer, order } = await openOrderFor(srv.server.url);
    const { ctx, page } = await cashierDevice(browser, srv.server.url, { offlineReady: true });
    await page.goto(`${srv.server.url}/pos/checkout?order_id=${order}`);
    const panel = page.getByRole('region', { name: 'Store Credit' });
    await expect.poll(() => panel.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByRole('button', { name: 'Store Credit', exact: true }).isDisabled()).toBe(true);

    await cutNetwork(ctx, true);
    await panel.getByRole('button', { name: 'Add Credit' }).click();
    const modal = page.getByRole('dialog', { name: 'Add Credit' });
    await modal.getByRole('button', { name: 'Add Credit' }).click();
    await expect.poll(visible(page, 'Required')).toBe(true);
    await modal.getByLabel('Description').fill('Returned alternator core');
    await modal.getByLabel('Amount').fill('50');
    for (const [w, h] of [
      [1024, 768],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      await shot(page, `pd-add-credit-form-${w}`);
    }
    await page.setViewportSize({ width: 1024, height: 768 });
    await modal.getByRole('button', { name: 'Add Credit' }).click();
    await expect
      .poll(() => modal.getByRole('alert').textContent(), { message: await pageText(page) })
      .toBe(CREDIT_ADDED);
    await shot(page, 'pd-add-credit-done-1024');
    await modal.getByRole('button', { name: 'OK', exact: true }).click();
    await expect.poll(() => panel.textContent()).toContain('$50.00');

    await page.getByRole('button', { name: 'Store Credit', exact: true }).click();
    const pay = page.getByRole('dialog', { name: 'Store Credit Payment' });
    await pay.getByRole('button', { name: 'Balance' }).click();
    await pay.getByRole('button', { name: 'Add Store Credit Payment' }).click();
    await expect.poll(visible(page, 'Paid In Full')).toBe(true);
    await expect.poll(() => panel.textContent()).toContain('$8.00');
    await shot(page, 'pd-add-credit-paid-1024');

    await cutNetwork(ctx, false);
    await waitSynced(page);
    const admin = new TestClient(srv.server.url);
    expect((await admin.login('admin', 'admin')).status).toBe(200);
    const list = await admin.get(`/api/customer_credit?customer_id=${customer}`);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ balance: '8.00', total: 2 });
    expect(list.body.credits[0]).toMatchObject({ description: 'Returned alternator core', amount: '50.00' });
    await ctx.close();
  });
});

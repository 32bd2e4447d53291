import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../../src/contracts/protocol-version';
import { TestClient } from '../support/http-client';
import { cashierDevice, cutNetwork, outboxSize, pageText, visible } from './support/pos';
import { BROWSER_ENGINES } from './support/server';
import { e2eWorld } from './support/world';

/**
 * The /pos/order list with the network cut, as a cashier meets it: the orders are on the device,
 * so a reload, a tab, a filter, a sort and the pager all work offline, an order made offline is
 * listed and marked, and reconnecting brings the server's list back without a click.
 */
describe.each(BROWSER_ENGINES)('POS orders list offline (headless Chromium, %s)', (engine) => {
  const world = e2eWorld({ engine });

  /** 23 orders (two pages of 20): Marta's two saved, one paid and complete, twenty saved walk-ins. */
  async function seed(url: string): Promise<void> {
    const cashier = new TestClient(url);
    if ((await cashier.login('cashier', 'cashier')).status !== 200) throw new Error('cashier login failed');
    const cust = randomUUID();
    const steps: { name: string; args: Record<string, unknown> }[] = [
      {
        name: 'customer.create',
        args: {
          id: cust,
          firstname: 'Marta',
          lastname: 'Quinlan',
          email: 'marta@example.net',
          telephone: '9998675309',
        },
      },
    ];
    const order = (customer: string | null, name: string, price: string, paid: boolean) => {
      const id = randomUUID();
      steps.push({ name: 'order.create', args: { id, ...(customer ? { customer_ref: customer } : {}) } });
      steps.push({
        name: 'cart.addCustomProduct',
        args: { order_ref: id, line_id: randomUUID(), name, price, quantity: 1, tax_class_id: null },
      });
      if (paid) {
        steps.push({
          name: 'transaction.add',
          args: { order_ref: id, id: randomUUID(), transaction_type: 'cash', amount: price },
        });
        steps.push({ name: 'order.complete', args: { order_ref: id } });
      } else steps.push({ name: 'order.save', args: { order_ref: id } });
    };
    for (let i = 0; i < 20; i++) order(null, `Walk-in part ${i + 1}`, `${10 + i}.00`, false);
    order(cust, 'Brake pads', '40.00', false);
    order(cust, 'Rotor', '35.00', false);
    order(null, 'Wiper blades', '10.00', true);
    const base = Date.now() - steps.length * 60_000;
    const mutations = steps.map((m, i) => ({ id: i + 1, ...m, at: new Date(base + i * 60_000).toISOString() }));
    const r = await cashier.post('/sync/push', {
      clientId: randomUUID(),
      protocolVersion: PROTOCOL_VERSION,
      mutations,
    });
    const statuses = (r.body.results as { status: string }[]).map((x) => x.status);
    if (r.status !== 200 || statuses.some((s) => s !== 'applied')) throw new Error(`push: ${JSON.stringify(r.body)}`);
  }

  const table = (page: Page) => page.getByRole('table', { name: 'Orders' });
  const bodyRows = (page: Page) => table(page).locator('tbody tr');
  const tab = (page: Page, name: string, n: number) => page.getByRole('tab', { name: new RegExp(`^${name}\\s*${n}$`) });

  it('reload, tabs, filter, sort and pages offline from the device; an offline sale is marked; reconnect recovers by itself', async () => {
    const { srv, browser } = world;
    await seed(srv.server.url);
    const { ctx, page } = await cashierDevice(browser, srv.server.url, { offlineReady: true });
    await page.goto(`${srv.server.url}/pos/order`);
    await expect.poll(() => bodyRows(page).count(), { timeout: 15_000 }).toBe(20);

    await cutNetwork(ctx, true);
    await page.reload();
    await expect.poll(() => bodyRows(page).count(), { timeout: 15_000, message: await pageText(page) }).toBe(20);
    expect(await page.getByText('Something went wrong').count()).toBe(0);
    // The tab counts are their own query over the device store: they may land after the rows.
    await expect.poll(() => tab(page, 'All', 23).count()).toBe(1);
    await expect.poll(() => tab(page, 'Saved', 22).count()).toBe(1);
    await expect.poll(() => tab(page, 'Complete', 1).count()).toBe(1);

    // Page 2: the three oldest.
    await page.getByRole('button', { name: 'Go to page 2', exact: true }).click();
    await expect.poll(() => bodyRows(page).count(), { message: await pageText(page) }).toBe(3);

    await page.getByRole('tab', { name: /^Complete/ }).click();
    await expect.poll(() => bodyRows(page).count()).toBe(1);
    expect(await bodyRows(page).first().textContent()).toContain('$10.00');

    await page.getByRole('tab', { name: /^All/ }).click();
    await page.getByRole('button', { name: /^Filter/ }).click();
    const panel = page.getByRole('search', { name: 'Filter orders' });
    await panel.getByLabel('Customer').fill('quinlan');
    await panel.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => bodyRows(page).count()).toBe(2);
    await expect.poll(() => tab(page, 'All', 2).count()).toBe(1);

    // Sort by total, ascending: Rotor ($35) before Brake pads ($40).
    await page.getByRole('button', { name: /Paid \/ Total/ }).click();
    await expect.poll(() => bodyRows(page).first().textContent()).toContain('$35.00');
    await panel.getByRole('button', { name: 'Clear Filters' }).click();
    await expect.poll(() => bodyRows(page).count()).toBe(20);

    // A sale saved offline is listed at once, marked as waiting for the server.
    await page.goto(`${srv.server.url}/pos/cart`);
    await page.getByRole('button', { name: 'Add a Custom Product' }).click();
    const custom = page.getByRole('dialog', { name: 'Add a Custom Product' });
    await custom.getByLabel('Name').fill('Offline fuse');
    await custom.getByLabel('Price').fill('3.00');
    await custom.getByRole('button', { name: 'Add Product' }).click();
    await page.getByRole('button', { name: 'Save Order' }).click();
    await expect.poll(visible(page, 'Order Saved!')).toBe(true);
    await page.goto(`${srv.server.url}/pos/order`);
    await expect.poll(() => tab(page, 'All', 24).count(), { message: await pageText(page) }).toBe(1);
    const pendingRow = bodyRows(page).filter({ hasText: '$3.00' });
    expect(await pendingRow.textContent()).toContain('Pending sync');
    expect(await pendingRow.textContent()).toMatch(/[A-Z]\d+-\d{4}/); // the device's reference (C2-0042)

    // Back online: the server's list (the new sale numbered) without a click.
    await cutNetwork(ctx, false);
    await expect
      .poll(() => pendingRow.textContent(), { timeout: 30_000 })
      .toMatch(/#\d+/)
      .catch(async (e: Error) => {
        // What the page and the device show when it did not come (not what they showed before reconnecting).
        throw new Error(`${e.message}\npage: ${await pageText(page)}\noutbox: ${await outboxSize(page)}`);
      });
    await expect.poll(() => page.getByText('Offline: these are the orders on this device.').count()).toBe(0);
    expect(await page.getByText('Something went wrong').count()).toBe(0);
    await ctx.close();
  });
});

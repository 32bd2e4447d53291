import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../support/http-client';
import { launchBrowser } from './support/browser';
import { addPart, cashierDevice, pageText, serverOrders, visible, waitSynced } from './support/pos';
import { startE2EServer, type E2EServer } from './support/server';

/**
 * The POS counter (issue 5) in headless Chromium: build a sale with a product, a custom product and
 * labor, edit a price, save, find it under Saved, continue it, void it - once online and once made
 * offline then synced (issue 4: pending count, drain to 0, on the server exactly once).
 */
describe('POS cart and order lifecycle (headless Chromium)', () => {
  let srv: E2EServer;
  let browser: Browser;
  let part: { mpn: string; name: string; price: string };

  beforeAll(async () => {
    [srv, browser] = await Promise.all([startE2EServer(), launchBrowser()]);
    const r = await new TestClient(srv.server.url).get('/api/products/?limit=5&sort=price&order=desc');
    part = r.body.products[0];
  });
  afterAll(async () => {
    await browser?.close();
    await srv?.close();
  });

  const total = (page: Page) => page.getByTestId('cart-total').textContent();

  async function buildSale(page: Page): Promise<void> {
    await page.getByRole('link', { name: 'Cart' }).click();
    await page.waitForURL(/\/pos\/cart/);
    await expect.poll(visible(page, 'Your shopping cart is empty!'), { timeout: 10_000 }).toBe(true);

    await addPart(page, part.mpn);
    await expect.poll(() => page.getByRole('cell', { name: new RegExp(part.name.slice(0, 20)) }).first().isVisible(), { timeout: 10_000 }).toBe(true);

    await page.getByRole('button', { name: 'Add a Custom Product' }).click();
    const custom = page.getByRole('dialog', { name: 'Add a Custom Product' });
    await custom.getByRole('button', { name: 'Add Product' }).click();
    await expect.poll(visible(page, 'Name is a required field.')).toBe(true);
    await custom.getByLabel('Name').fill('Shop towels');
    await custom.getByLabel('Price').fill('4.50');
    await custom.getByLabel('Quantity').fill('2');
    await custom.getByRole('button', { name: 'Add Product' }).click();
    await expect.poll(() => custom.isVisible()).toBe(false);

    await page.getByRole('button', { name: 'Custom labor' }).click();
    const labor = page.getByRole('dialog', { name: 'Custom labor' });
    await labor.getByLabel('Labor type').selectOption({ label: 'Standard Labor ($120.00/hr)' });
    await labor.getByLabel('Time (minutes)').fill('30');
    await labor.getByRole('button', { name: 'Add Labor' }).click();
    await expect.poll(() => labor.isVisible()).toBe(false);

    // Unit price edit: a 10% discount through the percent field keeps price and amount in sync.
    await page.getByRole('button', { name: `Edit unit price of ${part.name}` }).click();
    await page.getByLabel('Percentage').fill('-10');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect.poll(visible(page, 'The unit price has been updated.')).toBe(true);
  }

  it('online: build, save, find under Saved, continue, void', async () => {
    const { ctx, page } = await cashierDevice(browser, srv.server.url);
    await buildSale(page);
    const expected = await total(page);
    expect(expected).toMatch(/^\$\d/);

    await page.getByRole('button', { name: 'Save Order' }).click();
    await expect.poll(visible(page, 'Order Saved!')).toBe(true);
    await waitSynced(page);
    const saved = await serverOrders(srv.server.url, 'saved');
    expect(saved).toHaveLength(1);
    const order = saved[0]!;
    expect(`$${order.order_total}`).toBe(expected!.replace(/,/g, ''));

    await page.goto(`${srv.server.url}/pos/order?status=saved`);
    await expect.poll(() => page.getByRole('link', { name: `View order #${order.order_id}` }).isVisible(), { timeout: 10_000 }).toBe(true);

    await page.goto(`${srv.server.url}/pos/order/continue?order_id=${order.order_id}`);
    await page.waitForURL(/\/pos\/cart/);
    await expect.poll(visible(page, 'Shop towels'), { timeout: 10_000 }).toBe(true);
    expect(await total(page)).toBe(expected);

    await page.goto(`${srv.server.url}/pos/order/view?order_id=${order.order_id}`);
    await page.getByRole('button', { name: 'Void Order' }).click();
    await page.getByRole('dialog', { name: 'Void Order' }).getByRole('button', { name: 'Void Order' }).click();
    await expect.poll(visible(page, 'The order was voided.'), { message: await pageText(page) }).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Void Order' }).isDisabled(), { timeout: 10_000 }).toBe(true);
    await waitSynced(page);
    expect((await serverOrders(srv.server.url)).find((o) => o.id === order.id)?.order_status).toBe('Voided');
    await ctx.close();
  });

  it('offline: the sale is kept through a closed page, listed as pending, and reaches the server exactly once', async () => {
    const before = (await serverOrders(srv.server.url)).length;
    const { ctx, page } = await cashierDevice(browser, srv.server.url, { offlineReady: true });
    await ctx.setOffline(true);
    await expect.poll(visible(page, /^Offline$/), { timeout: 5_000 }).toBe(true);
    await buildSale(page);
    const expected = await total(page);
    await page.getByRole('button', { name: 'Save Order' }).click();
    await expect.poll(visible(page, 'Order Saved!')).toBe(true);
    await expect.poll(visible(page, /\d+ changes? waiting/), { timeout: 5_000 }).toBe(true);

    // The cashier's tab dies mid-queue; a new one opens from the service worker, still offline.
    await page.close();
    const again = await ctx.newPage();
    await again.goto(`${srv.server.url}/pos/order`);
    await expect
      .poll(() => again.getByRole('heading', { name: /Pending sync/ }).isVisible(), { timeout: 15_000, message: 'pending box' })
      .toBe(true)
      .catch(async (e: unknown) => {
        throw new Error(`${String(e)}\n${await pageText(again)}`);
      });
    await expect.poll(visible(again, /\d+ changes? waiting/), { timeout: 10_000 }).toBe(true);

    await ctx.setOffline(false);
    await waitSynced(again);
    const after = await serverOrders(srv.server.url);
    expect(after).toHaveLength(before + 1);
    const synced = after.find((o) => o.order_status === 'Saved');
    expect(`$${synced?.order_total}`).toBe(expected!.replace(/,/g, ''));
    await expect.poll(() => again.getByRole('heading', { name: /Pending sync/ }).isVisible(), { timeout: 10_000 }).toBe(false);
    await ctx.close();
  });
});

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cashierDevice, pageText, visible, waitSynced } from './support/pos';
import { e2eEngines } from './support/server';
import { e2eWorld } from './support/world';

/**
 * Order numbers as a cashier sees them (docs/decisions/pos.md "Order numbers"): each sale built at
 * the counter, line by line (every line reaches the server on its own while the cart is open),
 * then saved, and an earlier sale continued and changed, take consecutive numbers on the Orders
 * list. Before the fix every edit stored on the server drew a number (#1, #13, #17 …).
 */
describe.each(e2eEngines())('POS order numbers (headless Chromium, %s)', (engine) => {
  const world = e2eWorld({ engine }, { serviceWorkers: 'block' });

  async function addLine(page: Page, name: string, price: string): Promise<void> {
    await page.getByRole('button', { name: 'Add a Custom Product' }).click();
    const custom = page.getByRole('dialog', { name: 'Add a Custom Product' });
    await custom.getByLabel('Name').fill(name);
    await custom.getByLabel('Price').fill(price);
    await custom.getByRole('button', { name: 'Add Product' }).click();
    await expect.poll(() => custom.isVisible()).toBe(false);
    await expect.poll(visible(page, name)).toBe(true);
    // Each line on its own push: an edit of an order the server already stored.
    await waitSynced(page);
  }

  async function save(page: Page): Promise<void> {
    await page.getByRole('button', { name: 'Save Order' }).click();
    await expect.poll(visible(page, 'Order Saved!'), { message: await pageText(page) }).toBe(true);
    await waitSynced(page);
  }

  async function sale(page: Page, url: string, label: string): Promise<void> {
    await page.goto(`${url}/pos/cart`);
    await addLine(page, `${label} wipers`, '12.00');
    await addLine(page, `${label} bulbs`, '4.50');
    await addLine(page, `${label} fuses`, '3.00');
    await save(page);
  }

  /** The numbers on the Orders list (newest first), as the View links name them. */
  async function listedNumbers(page: Page, url: string): Promise<number[]> {
    await page.goto(`${url}/pos/order`);
    const links = page.getByRole('link', { name: /^View order #\d+$/ });
    await expect.poll(() => links.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const names = await links.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
    return names.map((n) => Number(/#(\d+)$/.exec(n)?.[1]));
  }

  it('sales built line by line, saved and edited later, are numbered 1, 2, 3, 4', async () => {
    const { srv, browser } = world;
    const url = srv.server.url;
    const { ctx, page } = await cashierDevice(browser, url);
    await sale(page, url, 'First');
    await sale(page, url, 'Second');
    expect(await listedNumbers(page, url)).toEqual([2, 1]);

    // The first sale is continued and changed twice, then saved again: it keeps #1, and no number is used up.
    await page.goto(`${url}/pos/order/continue?order_id=1`);
    await page.waitForURL(/\/pos\/cart/);
    await expect.poll(visible(page, 'First wipers'), { timeout: 10_000 }).toBe(true);
    await addLine(page, 'First mirror', '25.00');
    await addLine(page, 'First clips', '2.00');
    await save(page);

    await sale(page, url, 'Third');
    await sale(page, url, 'Fourth');
    expect(await listedNumbers(page, url)).toEqual([4, 3, 2, 1]);
    await page.goto(`${url}/pos/order/view?order_id=1`);
    await expect.poll(visible(page, 'First clips'), { timeout: 10_000 }).toBe(true);
    await ctx.close();
  });
});

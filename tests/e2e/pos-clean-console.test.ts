import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext } from './support/browser';
import { submitStaffLogin } from './support/pages';
import { cashierDevice, cutNetwork, pageText, visible, waitSynced } from './support/pos';
import { e2eWorld } from './support/world';

/**
 * What the browser reports while a cashier works: every POS screen opens without a console error
 * or a refused call (the compare list is a shopper's, 403 for staff), and a sale made offline
 * shows its receipt after reconnecting without asking the server for an order it has not got yet
 * (404 from /api/order/info).
 */
describe('POS pages without console errors or failed calls (headless Chromium)', () => {
  const world = e2eWorld();

  /** Console errors and calls answered >= 400, from now on. */
  function watch(page: Page): { problems: string[] } {
    const seen = { problems: [] as string[] };
    page.on('console', (m) => {
      if (m.type() === 'error') seen.problems.push(`console: ${m.text()}`);
    });
    page.on('response', (r) => {
      if (r.status() >= 400) seen.problems.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`);
    });
    return seen;
  }

  it('every screen of the POS bar', async () => {
    const { srv, browser } = world;
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    const seen = watch(page);
    await page.goto(`${srv.server.url}/pos/login`);
    await submitStaffLogin(page, 'cashier', 'cashier');
    await page.waitForURL(/\/pos\/order/);
    await waitSynced(page);
    const paths = [
      '/pos/order',
      '/pos/cart',
      '/product/catalog',
      '/pos/customer',
      '/pos/appointments',
      '/pos/notifications',
      '/pos/gift-certificates',
      '/pos/settings',
    ];
    for (const path of paths) {
      await page.goto(`${srv.server.url}${path}`);
      await expect.poll(visible(page, 'All changes synced'), { timeout: 15_000 }).toBe(true);
      // The screen's own reads (the poke stream stays open: no "network idle" to wait for).
      await page.waitForTimeout(1500);
    }
    expect(seen.problems).toEqual([]);
    await ctx.close();
  });

  it('a sale completed offline: its receipt after reconnecting', async () => {
    const { srv, browser } = world;
    const { ctx, page } = await cashierDevice(browser, srv.server.url, { offlineReady: true });
    await cutNetwork(ctx, true);
    await page.getByRole('link', { name: 'Cart' }).click();
    await page.waitForURL(/\/pos\/cart/);
    await page.getByRole('button', { name: 'Add a Custom Product' }).click();
    const custom = page.getByRole('dialog', { name: 'Add a Custom Product' });
    await custom.getByLabel('Name').fill('Fuse kit');
    await custom.getByLabel('Price').fill('6.00');
    await custom.getByRole('button', { name: 'Add Product' }).click();
    await page.getByRole('button', { name: 'Save and Checkout' }).click();
    await page.waitForURL(/\/pos\/checkout/);
    await page.getByRole('button', { name: 'Cash', exact: true }).click();
    await page.getByRole('dialog', { name: 'Cash Payment' }).getByRole('button', { name: 'Add Cash Payment' }).click();
    await expect.poll(visible(page, 'Paid In Full'), { message: await pageText(page) }).toBe(true);
    await page.getByRole('button', { name: 'Complete' }).click();
    await page.waitForURL(/\/pos\/order\/receipt/);
    await expect.poll(visible(page, 'Payment Processed'), { timeout: 10_000 }).toBe(true);

    const seen = watch(page);
    await cutNetwork(ctx, false);
    await waitSynced(page);
    const title = () => page.getByRole('heading', { level: 1 }).textContent();
    await expect.poll(title).toMatch(/^Receipt - Order # \d+$/);
    await expect.poll(visible(page, 'No appointments are booked for this order.')).toBe(true);
    await expect.poll(() => page.getByText('Loading...').count()).toBe(0);
    expect(seen.problems).toEqual([]);
    await ctx.close();
  });
});

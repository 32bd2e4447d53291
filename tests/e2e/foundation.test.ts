import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from './support/browser';
import { startE2EServer, type E2EServer } from './support/server';

describe('walking skeleton in headless Chromium', () => {
  let srv: E2EServer;
  let browser: Browser;
  beforeAll(async () => {
    [srv, browser] = await Promise.all([startE2EServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await srv?.close();
  });

  it('a cashier logs in at /pos/login and sees the orders page', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await page.goto(`${srv.server.url}/pos/order`);
    // POS routes need a staff session: the app sends the cashier to the login screen first.
    await page.waitForURL(/\/pos\/login/);
    await page.getByLabel('Username').fill('cashier');
    await page.getByLabel('Password').fill('cashier');
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL(/\/pos\/order/);
    await expect.poll(() => page.getByText('There are no results.').isVisible(), { timeout: 15_000 }).toBe(true);
    for (const tab of ['All', 'Saved', 'Kiosk', 'Outstanding Balance', 'Complete']) {
      expect(await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).count()).toBe(1);
    }
    await ctx.close();
  });

  it('a cashier with a wrong password sees the server message and stays on the login screen', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await page.goto(`${srv.server.url}/pos/login`);
    await page.getByLabel('Username').fill('cashier');
    await page.getByLabel('Password').fill('wrong');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect.poll(() => page.getByText('Incorrect username or password.').first().isVisible(), { timeout: 10_000 }).toBe(true);
    expect(page.url()).toMatch(/\/pos\/login/);
    await ctx.close();
  });

  it('a guest on a phone loads the catalog and pages through it', async () => {
    const api = await (await fetch(`${srv.server.url}/api/products/?page=1&limit=24`)).json();
    const ctx = await newContext(browser, { width: 390, height: 844 });
    const page = await ctx.newPage();
    await page.goto(`${srv.server.url}/product/catalog`);
    const firstName: string = api.products[0].name;
    await expect.poll(() => page.getByText(firstName, { exact: true }).first().isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByRole('button', { name: /^(Next|Go to page 2|2)$/ }).first().click();
    await page.waitForURL(/page=2/);
    const p2 = await (await fetch(`${srv.server.url}/api/products/?page=2&limit=24`)).json();
    await expect.poll(() => page.getByText(p2.products[0].name, { exact: true }).first().isVisible(), { timeout: 15_000 }).toBe(true);
    await ctx.close();
  });
});

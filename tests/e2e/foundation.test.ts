import { describe, expect, it } from 'vitest';
import { newContext } from './support/browser';
import { e2eWorld } from './support/world';
import { submitStaffLogin } from './support/pages';

describe('walking skeleton in headless Chromium', () => {
  const world = e2eWorld(undefined, { serviceWorkers: 'block' });

  it('a cashier logs in at /pos/login and sees the orders page', async () => {
    const ctx = await newContext(world.browser);
    const page = await ctx.newPage();
    await page.goto(`${world.srv.server.url}/pos/order`);
    // POS routes need a staff session: the app sends the cashier to the login screen first.
    await page.waitForURL(/\/pos\/login/);
    await submitStaffLogin(page, 'cashier', 'cashier');
    await page.waitForURL(/\/pos\/order/);
    await expect.poll(() => page.getByText('There are no results.').isVisible(), { timeout: 15_000 }).toBe(true);
    for (const tab of ['All', 'Saved', 'Kiosk', 'Outstanding Balance', 'Complete']) {
      expect(await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).count()).toBe(1);
    }
    await ctx.close();
  });

  it('a cashier with a wrong password sees the server message and stays on the login screen', async () => {
    const ctx = await newContext(world.browser);
    const page = await ctx.newPage();
    await page.goto(`${world.srv.server.url}/pos/login`);
    await submitStaffLogin(page, 'cashier', 'wrong');
    await expect
      .poll(() => page.getByText('Incorrect username or password.').first().isVisible(), { timeout: 10_000 })
      .toBe(true);
    expect(page.url()).toMatch(/\/pos\/login/);
    await ctx.close();
  });

  it('a guest on a phone loads the catalog and pages through it', async () => {
    const api = await (await fetch(`${world.srv.server.url}/api/products/?page=1&limit=24`)).json();
    const ctx = await newContext(world.browser, { width: 390, height: 844 });
    const page = await ctx.newPage();
    await page.goto(`${world.srv.server.url}/product/catalog`);
    const firstName: string = api.products[0].name;
    await expect
      .poll(() => page.getByText(firstName, { exact: true }).first().isVisible(), { timeout: 15_000 })
      .toBe(true);
    await page
      .getByRole('button', { name: /^(Next|Go to page 2|2)$/ })
      .first()
      .click();
    await page.waitForURL(/page=2/);
    const p2 = await (await fetch(`${world.srv.server.url}/api/products/?page=2&limit=24`)).json();
    await expect
      .poll(() => page.getByText(p2.products[0].name, { exact: true }).first().isVisible(), { timeout: 15_000 })
      .toBe(true);
    await ctx.close();
  });

  it('a shopper registers at /account/register, is signed in, and can log in again at /account/login', async () => {
    const ctx = await newContext(world.browser, { width: 390, height: 844 });
    const page = await ctx.newPage();
    await page.goto(`${world.srv.server.url}/account/register`);
    await page.getByLabel('First Name').fill('Jo');
    await page.getByLabel('Last Name').fill('Nguyen');
    await page.getByLabel('Email').fill('jo.nguyen@example.com');
    await page.getByLabel('Password').fill('x');
    await page.getByRole('button', { name: 'Create Account' }).click();
    // The domain's message, shown before any call is made.
    await expect.poll(() => page.getByText('Minimum 4 characters').isVisible()).toBe(true);
    await page.getByLabel('Password').fill('wipers');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL(/\/product\/catalog/);
    const me = await page.evaluate(async () => (await fetch('/api/session')).json());
    expect(me.user).toMatchObject({ kind: 'customer', username: 'jo.nguyen@example.com' });

    const ctx2 = await newContext(world.browser, { width: 390, height: 844 });
    const page2 = await ctx2.newPage();
    await page2.goto(`${world.srv.server.url}/account/login`);
    await page2.getByLabel('Email').fill('jo.nguyen@example.com');
    await page2.getByLabel('Password').fill('wipers');
    await page2.getByRole('button', { name: 'Log In' }).click();
    await page2.waitForURL(/\/product\/catalog/);
    await ctx.close();
    await ctx2.close();
  });
});

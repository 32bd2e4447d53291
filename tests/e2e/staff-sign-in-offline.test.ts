import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TestClient } from '../support/http-client';
import { seriousViolations } from './support/axe';
import { newContext } from './support/browser';
import { submitStaffLogin } from './support/pages';
import { cutNetwork, pageText, visible, waitSynced } from './support/pos';
import { waitForServiceWorkerControl } from './support/service-worker';
import { BROWSER_ENGINES } from './support/server';
import { e2eWorld } from './support/world';
import { shot } from './support/shots';

/**
 * Issue 19 in headless Chromium against the real server (docs/decisions/sync.md "Staff tokens: who
 * made a queued change" and "Offline staff sign-in"):
 * - a sale cashier2 made offline, pushed after they signed out and cashier signed in on the same
 *   tablet, is recorded as cashier2's (their staff token), not cashier's;
 * - Log out while changes wait says how many and keeps them; offline it works (no "Something went
 *   wrong!");
 * - a staff member who signed in on this device before signs in offline against the device's
 *   verifier (a wrong password and a stranger are refused), and their sale carries their name.
 */
describe.each(BROWSER_ENGINES)('staff sign-in and sign-out offline (headless Chromium, %s)', (engine) => {
  const world = e2eWorld({ engine });
  const url = () => world.srv.server.url;

  /** A fresh tablet on which `username` signed in online once, with the app ready to work offline. */
  async function tablet(username: string): Promise<{ ctx: BrowserContext; page: Page }> {
    const ctx = await newContext(world.browser);
    const page = await ctx.newPage();
    await page.goto(`${url()}/pos/login`);
    await submitStaffLogin(page, username, username);
    await page.waitForURL(/\/pos\/order/, { timeout: 15_000 });
    await waitSynced(page);
    await waitForServiceWorkerControl(page);
    await waitSynced(page);
    return { ctx, page };
  }

  /** An offline sale of a custom product: two queued changes (the order, its line). Returns the order's id. */
  async function sellOffline(page: Page, name: string): Promise<string> {
    await page.getByRole('link', { name: /^Cart/ }).click();
    await page.waitForURL(/\/pos\/cart/);
    await expect.poll(visible(page, 'Your shopping cart is empty!'), { timeout: 10_000 }).toBe(true);
    await page.getByRole('button', { name: 'Add a Custom Product' }).click();
    const custom = page.getByRole('dialog', { name: 'Add a Custom Product' });
    await custom.getByLabel('Name').fill(name);
    await custom.getByLabel('Price').fill('9.00');
    await custom.getByLabel('Quantity').fill('1');
    await custom.getByRole('button', { name: 'Add Product' }).click();
    await expect.poll(() => custom.isVisible()).toBe(false);
    await expect.poll(visible(page, /2 changes waiting/), { timeout: 5_000, message: await pageText(page) }).toBe(true);
    return page.evaluate(
      (line) =>
        new Promise<string>((res, rej) => {
          const req = indexedDB.open('partsdesk');
          req.onerror = () => rej(new Error(String(req.error)));
          req.onsuccess = () => {
            const all = req.result.transaction('orderLines').objectStore('orderLines').getAll();
            all.onsuccess = () => {
              req.result.close();
              const found = (all.result as { name: string; order_ref: string }[]).find((l) => l.name === line);
              if (found) res(found.order_ref);
              else rej(new Error(`no line ${line} on the device`));
            };
          };
        }),
      name,
    );
  }

  /** Log out with changes waiting: the confirm names the count; Log out keeps them. */
  async function signOutKeeping(page: Page, shotName?: string): Promise<void> {
    await page.getByRole('button', { name: 'Log out' }).click();
    const confirm = page.getByRole('dialog', { name: 'Log out with changes waiting?' });
    await expect.poll(() => confirm.isVisible(), { timeout: 5_000, message: await pageText(page) }).toBe(true);
    expect(await confirm.innerText()).toContain('2 changes made on this device wait to sync.');
    if (shotName) {
      await shot(page, `pd-signout-confirm-${shotName}`);
      expect(await seriousViolations(page)).toEqual([]);
    }
    await confirm.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(/\/pos\/login/, { timeout: 10_000 });
    await expect.poll(() => page.getByLabel('Username').isVisible()).toBe(true);
    expect(await visible(page, 'Something went wrong!')()).toBe(false);
  }

  /** The seller the server recorded for an order (the staff member's name). */
  async function sellerOf(order: string): Promise<string> {
    const admin = new TestClient(url());
    expect((await admin.login('admin', 'admin')).status).toBe(200);
    const info = await admin.get(`/api/order/info?order_id=${order}`);
    return info.status === 200 ? (info.body.cashier as string) : `HTTP ${info.status}`;
  }

  it("cashier2's offline sale, pushed after cashier signed in on the same tablet, is recorded as cashier2's", async () => {
    const { ctx, page } = await tablet('cashier2');
    await cutNetwork(ctx, true);
    await expect.poll(visible(page, /^Offline$/), { timeout: 5_000 }).toBe(true);
    const order = await sellOffline(page, 'Wiper blade by Jordan');
    await signOutKeeping(page, '1024');

    await cutNetwork(ctx, false);
    await submitStaffLogin(page, 'cashier', 'cashier');
    await page.waitForURL(/\/pos\/order/, { timeout: 15_000 });
    await waitSynced(page);
    expect(await sellerOf(order)).toBe('Jordan Blake');
    await ctx.close();
  });

  it('signs a staff member in offline against the device verifier; their sale carries their name', async () => {
    const { ctx, page } = await tablet('cashier2');
    // Signed out online: nothing waits, no confirm.
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(/\/pos\/login/);
    await cutNetwork(ctx, true);
    await expect.poll(visible(page, /^Offline$/), { timeout: 5_000 }).toBe(true);

    // Someone who never signed in here, and a wrong password: refused with words, not "Something went wrong!".
    await submitStaffLogin(page, 'admin', 'admin');
    await expect.poll(visible(page, /Only staff who signed in on this device/), { timeout: 10_000 }).toBe(true);
    await submitStaffLogin(page, 'cashier2', 'wrong');
    await expect.poll(visible(page, 'Incorrect username or password.'), { timeout: 10_000 }).toBe(true);
    expect(await visible(page, 'Something went wrong!')()).toBe(false);
    await shot(page, 'pd-offline-login-1024');

    await submitStaffLogin(page, 'cashier2', 'cashier2');
    await page.waitForURL(/\/pos\/order/, { timeout: 15_000 });
    await expect.poll(visible(page, 'Jordan Blake'), { timeout: 5_000 }).toBe(true);
    const order = await sellOffline(page, 'Brake fluid by Jordan');
    await page.setViewportSize({ width: 390, height: 844 });
    await signOutKeeping(page, '390');
    await page.setViewportSize({ width: 1024, height: 768 });

    // Back online, cashier signs in; the queue drains and the sale is cashier2's.
    await cutNetwork(ctx, false);
    await submitStaffLogin(page, 'cashier', 'cashier');
    await page.waitForURL(/\/pos\/order/, { timeout: 15_000 });
    await waitSynced(page);
    expect(await sellerOf(order)).toBe('Jordan Blake');
    await ctx.close();
  });

  it('an offline sign-in the server does not confirm at reconnect asks for a sign-in again', async () => {
    const { ctx, page } = await tablet('cashier2');
    await cutNetwork(ctx, true);
    await expect.poll(visible(page, /^Offline$/), { timeout: 5_000 }).toBe(true);
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(/\/pos\/login/);
    await submitStaffLogin(page, 'cashier2', 'cashier2');
    await page.waitForURL(/\/pos\/order/, { timeout: 15_000 });

    // The Log out made offline ends the server's session at reconnect: the offline sign-in is not confirmed.
    await cutNetwork(ctx, false);
    await page.waitForURL(/\/pos\/login/, { timeout: 15_000 });
    await expect
      .poll(visible(page, /Sign in again now that it is back online/), {
        timeout: 10_000,
        message: await pageText(page),
      })
      .toBe(true);
    await shot(page, 'pd-sign-in-again-1024');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'pd-sign-in-again-390');
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1024, height: 768 });
    await submitStaffLogin(page, 'cashier2', 'cashier2');
    await page.waitForURL(/\/pos\/order/, { timeout: 15_000 });
    await waitSynced(page);
    expect(await visible(page, /Sign in again/)()).toBe(false);
    await ctx.close();
  });
});

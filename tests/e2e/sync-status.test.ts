import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext } from './support/browser';
import { e2eWorld } from './support/world';
import { submitStaffLogin } from './support/pages';

/**
 * The POS sync status in the top bar (src/features/sync-status, src/device): the worker starts for staff only, reports a
 * first complete sync, shows offline, syncs again on reconnect; /pos/settings shows storage figures.
 * Queued mutations are driven by the POS cart screens' tests (a later issue), not from here.
 */
describe('POS sync status (headless Chromium)', () => {
  const world = e2eWorld();

  const visible = (page: Page, text: string | RegExp) => () => page.getByText(text).first().isVisible();
  const lastSync = (page: Page) => page.locator('header time').first().getAttribute('datetime');

  it('a guest on the storefront never starts the sync worker', async () => {
    const ctx = await newContext(world.browser);
    const page = await ctx.newPage();
    await page.goto(`${world.srv.server.url}/product/catalog`);
    await expect
      .poll(() => page.getByRole('link', { name: 'Partsdesk' }).first().isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(page.workers()).toHaveLength(0);
    await ctx.close();
  });

  it('when the worker cannot load, the bar says sync is not running instead of crashing', async () => {
    // No service worker, so the blocked worker script cannot come from the precache either.
    const ctx = await world.browser.newContext({
      viewport: { width: 1024, height: 768 },
      locale: 'en-US',
      serviceWorkers: 'block',
    });
    await ctx.route(/\/assets\/worker-[^/]*\.js$/, (route) => route.abort());
    const page = await ctx.newPage();
    await page.goto(`${world.srv.server.url}/pos/login?redirect=%2Fpos%2Fsettings`);
    await submitStaffLogin(page, 'cashier', 'cashier');
    await page.waitForURL(/\/pos\/settings/);
    await expect.poll(visible(page, /^Sync is not running on this device/), { timeout: 10_000 }).toBe(true);
    expect(await page.getByRole('heading', { name: 'Device storage' }).isVisible()).toBe(true);
    await ctx.close();
  });

  it('cashier: synced after login, offline shown, synced again on reconnect; settings show storage', async () => {
    const ctx = await newContext(world.browser);
    const page = await ctx.newPage();
    await page.goto(`${world.srv.server.url}/pos/login`);
    await submitStaffLogin(page, 'cashier', 'cashier');
    await page.waitForURL(/\/pos\/order/);

    await expect.poll(visible(page, 'All changes synced'), { timeout: 30_000 }).toBe(true);
    await expect.poll(visible(page, /^Last synced just now$/), { timeout: 5_000 }).toBe(true);
    expect(page.workers().some((w) => /worker/.test(w.url()))).toBe(true);
    const first = await lastSync(page);
    expect(first).toBeTruthy();
    expect(await page.locator('header time').first().getAttribute('title')).toMatch(/\d{4}/);

    await ctx.setOffline(true);
    await expect.poll(visible(page, /^Offline$/), { timeout: 5_000 }).toBe(true);
    expect(await page.getByText('All changes synced').first().isVisible()).toBe(true);

    await ctx.setOffline(false);
    await expect.poll(visible(page, /^Online$/), { timeout: 5_000 }).toBe(true);
    // The online trigger runs a cycle at once: the last sync time moves forward.
    await expect
      .poll(async () => Date.parse((await lastSync(page)) ?? '') > Date.parse(first ?? ''), { timeout: 10_000 })
      .toBe(true);
    expect(await page.getByText('All changes synced').first().isVisible()).toBe(true);

    // Staff browsing the catalog keep the bar and the same worker (one per tab).
    await page.getByRole('link', { name: 'Catalog' }).click();
    await page.waitForURL(/\/product\/catalog/);
    await expect.poll(visible(page, 'All changes synced'), { timeout: 10_000 }).toBe(true);
    expect(page.workers()).toHaveLength(1);

    await page.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL(/\/pos\/settings/);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Device storage' }).isVisible(), { timeout: 10_000 })
      .toBe(true);
    await expect.poll(() => page.getByTestId('storage-usage').textContent(), { timeout: 5_000 }).toMatch(/ of .*\(/);
    expect(await page.getByTestId('storage-persistent').textContent()).toMatch(/^(Yes|No)/);
    // Every bar control is a 44 px touch target.
    for (const name of ['Settings', 'Log out']) {
      const box = await page
        .getByRole(name === 'Log out' ? 'button' : 'link', { name })
        .first()
        .boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    }

    // The session ends on the server side (cookie gone): the next sync gets 401, the app re-checks
    // the session and sends the cashier to log in again, back to the same page, synced again.
    await ctx.clearCookies();
    await ctx.setOffline(true);
    await ctx.setOffline(false);
    // A wait for the chain (a sync cycle answered 401, the session re-read, the login page loaded),
    // not a speed check: 30 s like waitSynced, since 10 s ran out once with four suites on 2 cores.
    await page.waitForURL(/\/pos\/login\?redirect=%2Fpos%2Fsettings/, { timeout: 30_000 });
    await submitStaffLogin(page, 'cashier', 'cashier');
    await page.waitForURL(/\/pos\/settings/);
    await expect.poll(visible(page, 'All changes synced'), { timeout: 10_000 }).toBe(true);
    expect(await page.getByText(/Session expired/).count()).toBe(0);
    await ctx.close();
  });
});

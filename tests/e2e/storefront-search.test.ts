import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../support/http-client';
import { launchBrowser, newContext } from './support/browser';
import { cashierDevice, pageText, sessionRole } from './support/pos';
import { startE2EServer, type E2EServer } from './support/server';

/**
 * The search bar (src/storefront/search): a shopper on a phone types a part number and finds it
 * under Parts, opens it (/{slug}?queryID=...), walks the list with the keyboard and lands on the
 * search page through Show More; a POS device with its catalog downloaded searches it offline,
 * and so does a kiosk device once staff who set it up have signed out.
 */
describe('search bar (headless Chromium)', () => {
  let srv: E2EServer;
  let browser: Browser;
  let part: { name: string; mpn: string; slug: string };
  beforeAll(async () => {
    [srv, browser] = await Promise.all([startE2EServer(), launchBrowser()]);
    const r = await new TestClient(srv.server.url).get('/api/search/autocomplete?q=k%26n&limit=20');
    const hit = r.body.parts.find((p: { mpn: string }) => p.mpn.includes('-'));
    part = { name: hit.name, mpn: hit.mpn, slug: (hit.url as string).split('?')[0]!.slice(1) };
  });
  afterAll(async () => {
    await browser?.close();
    await srv?.close();
  });

  const box = (page: Page) => page.getByRole('combobox', { name: 'Search parts' });
  const partOption = (page: Page, name: string | RegExp) =>
    page
      .getByRole('listbox', { name: 'Search suggestions' })
      .getByRole('group', { name: 'Parts' })
      .getByRole('option', { name });

  it('finds a part number on a phone, opens the hit with its queryID, and Show More lands on the search page', async () => {
    const ctx = await newContext(browser, { width: 390, height: 844 });
    const page = await ctx.newPage();
    await page.goto(`${srv.server.url}/product/catalog`);
    await page.evaluate(() => {
      const w = window as unknown as { __events: unknown[] };
      w.__events = [];
      window.addEventListener('partsdesk:marketing', (e) => w.__events.push((e as CustomEvent).detail));
    });

    // Typed without its hyphens: the part number still comes first.
    await box(page).fill(part.mpn.replace(/-/g, ''));
    const option = partOption(page, new RegExp(escape(part.name)));
    await expect.poll(() => option.first().isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await box(page).getAttribute('aria-expanded')).toBe('true');
    await option.first().click();
    await page.waitForURL(new RegExp(`/${part.slug}\\?queryID=[0-9a-f]{32}$`));
    const events = await page.evaluate(
      () => (window as unknown as { __events: { event: string; position: number }[] }).__events,
    );
    expect(events).toContainEqual(expect.objectContaining({ event: 'list_click', position: 1 }));

    // Keyboard: arrow to the first part, Escape closes, and Show More is the list's last option.
    // Until the 250 ms debounce has passed the list still shows the previous text's answer.
    const answered = page.waitForResponse(
      (r) => r.url().includes('/api/search/autocomplete') && new URL(r.url()).searchParams.get('q') === part.mpn,
    );
    await box(page).fill(part.mpn);
    await answered;
    await expect
      .poll(
        () =>
          partOption(page, new RegExp(escape(part.name)))
            .first()
            .isVisible(),
        { timeout: 10_000 },
      )
      .toBe(true);
    await box(page).press('ArrowDown');
    expect(await page.getByRole('option', { selected: true }).first().textContent()).toContain(part.name);
    await box(page).press('Escape');
    expect(await box(page).getAttribute('aria-expanded')).toBe('false');
    await box(page).press('ArrowUp');
    expect(await page.getByRole('option', { selected: true }).first().textContent()).toBe('Show More');
    await box(page).press('Enter');
    await page.waitForURL(
      (url) =>
        url.pathname === '/index.php' &&
        url.searchParams.get('route') === 'product/search' &&
        url.searchParams.get('search') === part.mpn &&
        /^[0-9a-f]{32}$/.test(url.searchParams.get('queryID') ?? ''),
    );
    // The search page on a phone: §9's 4 hits per page; a product click is a list click at its position.
    const queryID = new URL(page.url()).searchParams.get('queryID');
    const cards = page.getByRole('main').getByRole('article');
    await expect.poll(() => cards.count(), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await cards.count()).toBeLessThanOrEqual(4);
    await page.evaluate(() => ((window as unknown as { __events: unknown[] }).__events = []));
    await cards.first().getByRole('heading').getByRole('link').click();
    await page.waitForURL(/^[^?]*\/[^/?]+$/);
    const clicks = await page.evaluate(
      () => (window as unknown as { __events: { event: string; position: number; queryID: string }[] }).__events,
    );
    expect(clicks).toContainEqual(expect.objectContaining({ event: 'list_click', position: 1, queryID }));
    await page.goBack();

    await box(page).fill('zzqqxxj');
    await expect.poll(() => page.getByText('No results!').isVisible(), { timeout: 10_000 }).toBe(true);
    await ctx.close();
  });

  /** With the network cut, the part number finds the part from the device's own catalog. */
  async function searchOffline(ctx: BrowserContext, page: Page): Promise<void> {
    await ctx.setOffline(true);
    await box(page).fill(part.mpn);
    const option = partOption(page, new RegExp(escape(part.name)));
    await expect
      .poll(() => option.first().isVisible(), { timeout: 20_000 })
      .toBe(true)
      .catch(async (e: Error) => {
        // What the page shows when the hit did not come (not what it showed before the search).
        throw new Error(`${e.message}\npage: ${await pageText(page)}`);
      });
    expect(await page.getByText("From this device's catalog").isVisible()).toBe(true);
  }

  it('searches the cached catalog on a POS device with no network', async () => {
    const { ctx, page } = await cashierDevice(browser, srv.server.url, { offlineReady: true });
    await page.getByRole('link', { name: 'Catalog' }).click();
    await page.waitForURL(/\/product\/catalog/);
    await expect.poll(() => box(page).isVisible(), { timeout: 10_000 }).toBe(true);
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/search/')) calls.push(r.url());
    });
    await searchOffline(ctx, page);
    expect(calls).toEqual([]);
    await ctx.close();
  });

  /**
   * Staff turn the device into a kiosk while signed in (the catalog is on it), then leave; the
   * kiosk page is opened afresh, after `beforeReload` (a test's own set-up of the device).
   * Returns the server searches and sync calls the kiosk makes from its reload on.
   */
  async function kioskDevice(beforeReload: (ctx: BrowserContext) => Promise<void> = () => Promise.resolve()) {
    const { ctx, page } = await cashierDevice(browser, srv.server.url, { offlineReady: true });
    await page.getByRole('button', { name: 'Kiosk device' }).click();
    // Logging out hands the device to the kiosk account and shows the kiosk's splash (tests/e2e/kiosk.test.ts).
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(/\/product\/catalog/);
    // The hand-over is a server call after the navigation: reloading before it answers would cut it
    // off and keep the staff session (and its pulls). Wait until the device runs as the kiosk.
    await expect.poll(() => sessionRole(page), { timeout: 15_000 }).toBe('kiosk');
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/search/') || r.url().includes('/sync/')) calls.push(r.url());
    });
    await beforeReload(ctx);
    await page.goto(`${srv.server.url}/product/catalog`);
    await expect.poll(() => page.getByText('Kiosk', { exact: true }).isVisible(), { timeout: 10_000 }).toBe(true);
    await page.getByRole('button', { name: 'Press here to get started' }).click();
    await expect.poll(() => box(page).isVisible(), { timeout: 10_000 }).toBe(true);
    return { ctx, page, calls };
  }

  it('searches the cached catalog on a kiosk device (staff set it up, then signed out) with no network, syncing nothing', async () => {
    const { ctx, page, calls } = await kioskDevice();
    await searchOffline(ctx, page);
    // No server search, and the kiosk's worker neither pushed nor pulled (nothing queued; a kiosk never pulls).
    expect(calls).toEqual([]);
    await ctx.close();
  });

  it('a kiosk started with no network answers a search typed while its index is still being built', async () => {
    // Another tab of the device holds the device store's `meta` (one write transaction kept busy):
    // the reloaded kiosk's worker cannot even look whether its catalog is complete, so the search
    // below is typed before any index exists, every time (on a busy tablet it can happen anyway).
    let holder: Page | undefined;
    const { ctx, page, calls } = await kioskDevice(async (c) => {
      holder = await c.newPage();
      await holder.goto(`${srv.server.url}/setup/device`);
      await holder.evaluate(
        () =>
          new Promise<void>((held, failed) => {
            const open = indexedDB.open('partsdesk');
            open.onerror = () => failed(new Error(String(open.error)));
            open.onsuccess = () => {
              const store = open.result.transaction('meta', 'readwrite').objectStore('meta');
              const w = window as unknown as { release?: boolean };
              const spin = () => (store.get('cookie').onsuccess = () => void (w.release || spin()));
              spin();
              held();
            };
          }),
      );
      await c.setOffline(true);
    });
    await box(page).fill(part.mpn);
    const option = partOption(page, new RegExp(escape(part.name)));
    // Searching the device, which waits for its index (before, it asked the server and failed).
    await expect
      .poll(() => page.getByText('Searching...').isVisible())
      .toBe(true)
      .catch(async (e: Error) => {
        throw new Error(`${e.message}\npage: ${await pageText(page)}`);
      });
    expect(await option.count()).toBe(0);
    // The device store is free again: the index is built and the waiting search answers, from the
    // device, with no server call made meanwhile.
    await holder!.evaluate(() => ((window as unknown as { release?: boolean }).release = true));
    await searchOffline(ctx, page);
    expect(calls.filter((u) => u.includes('/api/search/'))).toEqual([]);
    await ctx.close();
  });
});

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TEST_PARTS } from '../support/global-setup';
import { submitStaffLogin } from './support/pages';
import { e2eWorld } from './support/world';

/**
 * The initial download's progress bar in the POS shell (src/features/sync-status/catalog-download.tsx): a
 * fresh device shows a percentage (never row counts), a reload in the middle continues from
 * the rows already stored (the pull resumes from the stored cookie), and the bar goes away when
 * the download is complete. Pull pages are made small and slow by rewriting the worker's pull
 * requests in the browser (the test catalog fits in one production page).
 */
describe('initial catalog download (headless Chromium)', () => {
  const world = e2eWorld();

  const FIGURES = /^(\d+) % of ([\d,]+) parts$/;
  /** The percent shown, and the rows done and total the bar's value and max carry. */
  const figures = async (
    page: Page,
  ): Promise<{ done: number; total: number; percent: number; parts: number } | null> => {
    const text = await page
      .getByText(FIGURES)
      .first()
      .textContent({ timeout: 200 })
      .catch(() => null);
    const m = text ? FIGURES.exec(text.trim()) : null;
    const bar = await page
      .getByRole('progressbar', { name: 'Downloading catalog' })
      .evaluate((el) => [(el as HTMLProgressElement).value, (el as HTMLProgressElement).max], undefined, {
        timeout: 200,
      })
      .catch(() => null);
    return m && bar
      ? { done: bar[0]!, total: bar[1]!, percent: Number(m[1]), parts: Number(m[2]!.replace(/,/g, '')) }
      : null;
  };

  it('shows rows and percent, resumes after a reload without starting over, and disappears when done', async () => {
    // No service worker: the worker's requests go straight to the network, where the route sees them.
    const ctx = await world.browser.newContext({
      viewport: { width: 1024, height: 768 },
      locale: 'en-US',
      serviceWorkers: 'block',
    });
    const pulls: number[] = [];
    await ctx.route(/\/sync\/pull\?/, async (route) => {
      const url = new URL(route.request().url());
      pulls.push(Number(url.searchParams.get('cookie')));
      // Pages of 500 rows, a quarter second apart: a dozen or more pages in the test catalog (the
      // reload lands after the first two), without spending half a minute on a hundred tiny ones.
      url.searchParams.set('limit', '500');
      await new Promise((r) => setTimeout(r, 250));
      await route.continue({ url: url.toString() }).catch(() => undefined);
    });
    const page = await ctx.newPage();
    await page.goto(`${world.srv.server.url}/pos/login`);
    await submitStaffLogin(page, 'cashier', 'cashier');
    await page.waitForURL(/\/pos\/order/);

    const bar = page.getByRole('progressbar', { name: 'Downloading catalog' });
    await expect.poll(() => bar.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await page.getByRole('heading', { name: 'Downloading catalog' }).isVisible()).toBe(true);
    // Several pages in, well before the end.
    await expect.poll(async () => (await figures(page))?.done ?? 0, { timeout: 30_000 }).toBeGreaterThanOrEqual(600);
    const before = (await figures(page))!;
    expect(before.total).toBeGreaterThan(before.done);
    expect(before.percent).toBe(Math.floor((before.done * 100) / before.total));
    // In parts, what a cashier counts (the test catalog: tests/support/global-setup.ts TEST_PARTS).
    expect(before.parts).toBe(TEST_PARTS);
    // The top bar says it in words.
    await expect.poll(() => page.getByText(/^Downloading catalog: \d+ %$/).count()).toBeGreaterThan(0);
    expect(await page.getByText(/ rows|\d+ of \d+/).count()).toBe(0);

    const pullsBefore = pulls.length;
    await page.reload();
    // The first figures after the reload already count the stored rows: never back to 0.
    // Kept from the poll itself: a second read (200 ms per element) came back empty under load once.
    let seen: Awaited<ReturnType<typeof figures>> = null;
    await expect.poll(async () => (seen = await figures(page)), { timeout: 20_000 }).not.toBeNull();
    const after = seen!;
    expect(after.done).toBeGreaterThanOrEqual(before.done);
    expect(after.total).toBeGreaterThan(after.done);
    // The worker of the reloaded page continued from the stored cookie, not from 0.
    await expect.poll(() => pulls.length, { timeout: 10_000 }).toBeGreaterThan(pullsBefore);
    expect(pulls[pullsBefore]).toBeGreaterThan(0);
    expect(pulls.slice(pullsBefore)).not.toContain(0);

    // It keeps moving and finishes: the bar goes, the sync area shows the last sync as before.
    await expect
      .poll(async () => (await figures(page))?.done ?? Infinity, { timeout: 20_000 })
      .toBeGreaterThan(after.done);
    await expect.poll(() => bar.count(), { timeout: 60_000 }).toBe(0);
    await expect.poll(() => page.getByText('All changes synced').first().isVisible(), { timeout: 10_000 }).toBe(true);
    expect(
      await page
        .getByText(/^Last synced just now$/)
        .first()
        .isVisible(),
    ).toBe(true);

    // A later reload of a complete device shows no download bar.
    await page.reload();
    await expect.poll(() => page.getByText('All changes synced').first().isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await bar.count()).toBe(0);
    await ctx.close();
  });

  it('on a slow link the bar has a percentage within a moment, not "Starting…" for the seconds a big page takes', async () => {
    const ctx = await world.browser.newContext({
      viewport: { width: 1024, height: 768 },
      locale: 'en-US',
      serviceWorkers: 'block',
    });
    // A slow link: a page takes time in proportion to its size (a 5,000-row page 6 s, as measured on a shop's link).
    await ctx.route(/\/sync\/pull\?/, async (route) => {
      const limit = Number(new URL(route.request().url()).searchParams.get('limit') ?? 0);
      await new Promise((r) => setTimeout(r, limit * 1.2));
      await route.continue().catch(() => undefined);
    });
    const page = await ctx.newPage();
    await page.goto(`${world.srv.server.url}/pos/login`);
    await submitStaffLogin(page, 'cashier', 'cashier');
    await page.waitForURL(/\/pos\/order/);
    const bar = page.getByRole('progressbar', { name: 'Downloading catalog' });
    await expect.poll(() => bar.isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => figures(page), { timeout: 2_500 }).not.toBeNull();
    // (Finishing is the first test's part: waiting out the big pages here only costs time.)
    await ctx.close();
  });
});

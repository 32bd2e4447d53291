import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { submitStaffLogin } from './support/pages';
import { e2eWorld } from './support/world';

/**
 * The initial download's progress bar in the POS shell (src/features/sync-status/catalog-download.tsx): a
 * fresh device shows rows done of total with a percentage, a reload in the middle continues from
 * the rows already stored (the pull resumes from the stored cookie), and the bar goes away when
 * the download is complete. Pull pages are made small and slow by rewriting the worker's pull
 * requests in the browser (the test catalog fits in one production page).
 */
describe('initial catalog download (headless Chromium)', () => {
  const world = e2eWorld();

  const FIGURES = /^([\d,]+) of ([\d,]+) rows \((\d+)%\)$/;
  const figures = async (page: Page): Promise<{ done: number; total: number; percent: number } | null> => {
    const text = await page
      .getByText(FIGURES)
      .first()
      .textContent({ timeout: 200 })
      .catch(() => null);
    const m = text ? FIGURES.exec(text.trim()) : null;
    return m
      ? { done: Number(m[1]!.replace(/,/g, '')), total: Number(m[2]!.replace(/,/g, '')), percent: Number(m[3]) }
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
      url.searchParams.set('limit', '100');
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
    const [value, max] = await bar.evaluate((el) => [
      (el as HTMLProgressElement).value,
      (el as HTMLProgressElement).max,
    ]);
    expect(max).toBeGreaterThanOrEqual(before.total);
    expect(value).toBeGreaterThanOrEqual(before.done);

    const pullsBefore = pulls.length;
    await page.reload();
    // The first figures after the reload already count the stored rows: never back to 0.
    await expect.poll(() => figures(page), { timeout: 20_000 }).not.toBeNull();
    const after = (await figures(page))!;
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
});

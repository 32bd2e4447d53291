/**
 * A fresh demo shop as `npm start` makes it (the seeded template plus the demo history that
 * server/main.ts writes on first start; docs/decisions/database.md "Demo history"), in headless
 * Chromium: the storefront's catalog and product page show the demo pictures (server/db/demo/images.ts,
 * served by server/routes/demo-images.ts) and never "No image", and so does the POS's Catalog; the
 * POS Orders list is full, every tab counted. Screenshots at 1024x768 and 390x844 go to E2E_SHOTS=<dir> when set.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_TREE } from '../../server/db/demo/categories';
import { demoImagePath } from '../../server/db/demo/images';
import { seedDemoHistory } from '../../server/services/demo/demo-history';
import { launchBrowser, newContext } from './support/browser';
import { cashierDevice, pageText } from './support/pos';
import { startE2EServer, type E2EServer } from './support/server';

const shots = process.env.E2E_SHOTS;
const SIZES = [
  { name: '1024', width: 1024, height: 768 },
  { name: '390', width: 390, height: 844 },
] as const;

describe('a fresh demo shop (headless Chromium)', () => {
  let srv: E2EServer;
  let browser: Browser;

  beforeAll(async () => {
    [srv, browser] = await Promise.all([
      startE2EServer({ prepare: async (open) => void (await seedDemoHistory(open.db)) }),
      launchBrowser({ serviceWorkers: 'block' }),
    ]);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await srv?.close();
  });

  const shot = async (page: Page, name: string) => {
    if (shots) await page.screenshot({ path: path.join(shots, `${name}.png`) });
  };

  /** The demo pictures on the page that have loaded, and those that failed or are still empty. */
  const pictures = (page: Page) =>
    page.evaluate(() => {
      const imgs = [...document.images].filter((i) => i.src.includes('/image/catalog/demo/'));
      const loaded = imgs.filter((i) => i.complete && i.naturalWidth > 0);
      return {
        all: imgs.length,
        loaded: loaded.length,
        failed: imgs.filter((i) => i.complete && i.naturalWidth === 0).length,
      };
    });

  it('the catalog and a product page show the demo pictures, never "No image"', async () => {
    for (const size of SIZES) {
      const ctx = await newContext(browser, size);
      const page = await ctx.newPage();
      await page.goto(`${srv.server.url}/product/catalog`);
      await expect.poll(async () => (await pictures(page)).loaded, { timeout: 15_000 }).toBeGreaterThan(1);
      // Lazy pictures below the fold load as they scroll in.
      await page.mouse.wheel(0, 4000);
      await expect.poll(async () => (await pictures(page)).failed).toBe(0);
      expect(await page.getByText('No image', { exact: true }).count()).toBe(0);
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, `catalog-${size.name}`);

      // A card's name is its link (src/storefront/catalog/product-card.tsx).
      const link = page.locator('article h2 a').first();
      const [href, name] = [await link.getAttribute('href'), (await link.textContent()) ?? ''];
      await link.click();
      await page.waitForURL((u) => u.pathname === href);
      await expect
        .poll(() => page.getByRole('heading', { level: 1, name }).isVisible(), { timeout: 15_000 })
        .toBe(true);
      await expect.poll(async () => (await pictures(page)).loaded, { timeout: 10_000 }).toBeGreaterThan(0);
      expect(await page.getByText('No image', { exact: true }).count()).toBe(0);
      await shot(page, `product-${size.name}`);
      await ctx.close();
    }
  }, 90_000);

  it('a picture is an SVG the server answers with a day of caching, every leaf renders; an unknown one is a 404', async () => {
    const r = await fetch(`${srv.server.url}/image/catalog/demo/brake-pads.svg`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(r.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(await r.text()).toContain('BRAKE PADS');
    const etag = r.headers.get('etag')!;
    const again = await fetch(`${srv.server.url}/image/catalog/demo/brake-pads.svg`, {
      headers: { 'If-None-Match': etag },
    });
    expect(again.status).toBe(304);
    expect((await fetch(`${srv.server.url}/image/catalog/demo/nothing-here.svg`)).status).toBe(404);
    // Every leaf's picture renders in Chromium (a malformed SVG would not load).
    const page = await browser.newPage();
    try {
      await page.goto(`${srv.server.url}/product/catalog`);
      const paths = CATEGORY_TREE.flatMap((top) => top.leaves.map((leaf) => demoImagePath(leaf.slug)));
      const broken = await page.evaluate(
        (srcs) =>
          Promise.all(
            srcs.map(
              (src) =>
                new Promise<string | null>((done) => {
                  const img = new Image();
                  img.onload = () => done(img.naturalWidth === 400 ? null : `${src}: ${img.naturalWidth} wide`);
                  img.onerror = () => done(`${src}: did not load`);
                  img.src = src;
                }),
            ),
          ).then((r) => r.filter((x) => x !== null)),
        paths,
      );
      expect(broken).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('the POS Orders list is full (a page of orders, every tab counted); the POS catalog shows the pictures', async () => {
    const { ctx, page } = await cashierDevice(browser, srv.server.url);
    try {
      await page.goto(`${srv.server.url}/pos/order`);
      const rows = page.getByRole('table', { name: 'Orders' }).locator('tbody tr');
      await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(20);
      for (const tab of ['All', 'Saved', 'Kiosk', 'Outstanding Balance', 'Complete']) {
        const name = await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).textContent();
        expect(Number(/(\d[\d,]*)\s*$/.exec(name ?? '')?.[1]?.replace(/,/g, '') ?? 0), tab).toBeGreaterThan(0);
      }
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await shot(page, `pos-orders-${size.name}`);
      }
      // A demo order opens from the device cache like any other (its rows came through the pull).
      await page.setViewportSize(SIZES[0]);
      const number = (
        (await rows
          .first()
          .getByText(/^#\d+$/)
          .textContent()) ?? ''
      ).slice(1);
      await rows.first().getByRole('link', { name: 'View' }).click();
      await expect
        .poll(() => page.getByRole('heading', { level: 1, name: `Order # ${number}` }).isVisible(), { timeout: 20_000 })
        .toBe(true)
        .catch(async (err: Error) => {
          throw new Error(`order view of #${number}: ${err.message}\n${await pageText(page)}`);
        });
      // The demo order has its lines (the empty purchase-orders section may say "There are no results.").
      const items = page.getByRole('region', { name: 'Items' });
      expect(await items.getByText('There are no results.').count()).toBe(0);
      expect(await items.getByRole('row').count()).toBeGreaterThan(1);
      await shot(page, 'pos-order-view-1024');
      // The POS top bar's Catalog is the storefront's listing in POS mode: the same pictures.
      await page.getByRole('link', { name: 'Catalog', exact: true }).click();
      await expect.poll(async () => (await pictures(page)).loaded, { timeout: 15_000 }).toBeGreaterThan(1);
      expect(await page.getByText('No image', { exact: true }).count()).toBe(0);
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await shot(page, `pos-catalog-${size.name}`);
      }
    } finally {
      await ctx.close();
    }
  }, 90_000);
});

/**
 * The catalog and product links arrive with their first screen: the page's first API reply embedded
 * and the screen rendered by the server (server/http/first-screen.ts); other pages get the shell,
 * whose inline script starts the first API read while the bundle downloads (src/api/early-fetch.ts).
 * These tests fail when the server, the inline script and the app disagree on the path (the app
 * would ask a second time) or when a failed early read is not asked for again.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyTemplate, type TestDatabaseConfig } from '../support/engines';
import { runServer, type ServerProcess } from '../support/process';
import { CATALOG_FIRST_PATH } from '../../src/contracts/first-screen';
import { launchBrowser, newContext } from './support/browser';

const dist = process.env.E2E_DIST ?? path.resolve(import.meta.dirname, '..', '..', 'dist');
const PHONE = { width: 390, height: 844 };

describe('first screen and early first read of the catalog and product pages', () => {
  let db: TestDatabaseConfig;
  let server: ServerProcess;
  let browser: Browser;
  let product: { name: string; links: { view: string } };

  /** Every API path (with its query) the page asked for. */
  const recordReads = (page: Page): string[] => {
    const seen: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/api/products/')) seen.push(url.pathname + url.search);
    });
    return seen;
  };
  /** null once the app took the early read; undefined if the page never started one. */
  const earlyState = (page: Page) => page.evaluate(() => (window as unknown as { __pdEarly?: unknown }).__pdEarly);
  const phonePage = async (): Promise<Page> => (await newContext(browser, PHONE)).newPage();

  beforeAll(async () => {
    db = await copyTemplate('pglite');
    [server, browser] = await Promise.all([
      runServer({ DATA_DIR: db.dataDir, DATABASE_URL: '', STATIC_DIR: dist, SKIP_BUILD: '1' }),
      launchBrowser({ serviceWorkers: 'block' }),
    ]);
    const list = (await (await fetch(`${server.url}/api/products/?limit=1`)).json()) as {
      products: (typeof product)[];
    };
    product = list.products[0]!;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await db?.cleanup();
  });

  /** `text` as it appears in the server's HTML, as a regular expression source. */
  const inHtml = (text: string) =>
    text
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  /** The app has started: it took the embedded reply and replaced the server's (inert) markup. */
  const appStarted = (page: Page) =>
    page.evaluate(() => !document.getElementById('pd-first-data') && !document.querySelector('#root [inert]'));

  it('the catalog arrives rendered from its first page, and the app asks for it no second time', async () => {
    const page = await phonePage();
    const reads = recordReads(page);
    const response = await page.goto(`${server.url}/product/catalog`);
    const html = (await response?.text()) ?? '';
    expect(response?.headers()['cache-control']).toBe('private, no-cache');
    expect(html).toContain(`data-path="${CATALOG_FIRST_PATH.replace(/&/g, '&amp;')}"`);
    expect(html).toMatch(
      new RegExp(`<h2[^>]*><a href="${inHtml(product.links.view)}"[^>]*>${inHtml(product.name)}</a></h2>`),
    );
    await expect.poll(() => appStarted(page)).toBe(true);
    await expect.poll(() => page.locator('article h2').count()).toBeGreaterThan(0);
    expect(reads.filter((r) => r.startsWith('/api/products/?'))).toEqual([]);
    // Not the early read's doing: the page started none.
    expect(await earlyState(page)).toBeUndefined();
    // The app runs the page: the grid/list toggle answers.
    await page.getByRole('button', { name: 'List' }).click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('display'))).toBe('list');
  });

  it('a product link arrives rendered, with its page read embedded', async () => {
    const page = await phonePage();
    const reads = recordReads(page);
    const response = await page.goto(`${server.url}${product.links.view}`);
    const html = (await response?.text()) ?? '';
    expect(html).toMatch(new RegExp(`<h1 id="product-title"[^>]*>${inHtml(product.name)}</h1>`));
    // Its controls (Add to Cart, quantity, wishlist, compare) wait for the app: a tap before it would be lost.
    const buttons = html.match(/<(?:button|input|select|textarea)\b[^>]*>/g) ?? [];
    expect(buttons.length).toBeGreaterThan(2);
    expect(buttons.filter((b) => !/\sdisabled\b/.test(b))).toEqual([]);
    await expect.poll(() => appStarted(page)).toBe(true);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: product.name }).count()).toBe(1);
    await expect.poll(() => page.getByRole('button', { name: 'Add to Cart', exact: true }).isEnabled()).toBe(true);
    expect(reads.filter((r) => r.startsWith('/api/products/page/'))).toEqual([]);
  });

  it("a kiosk device gets the server's page, then runs in kiosk mode", async () => {
    const context = await newContext(browser, PHONE);
    await context.addInitScript(() => localStorage.setItem('partsdesk.kiosk', '1'));
    const page = await context.newPage();
    const response = await page.goto(`${server.url}/product/catalog`);
    expect(await response?.text()).not.toContain('>Kiosk<');
    await expect.poll(() => appStarted(page)).toBe(true);
    await expect.poll(() => page.getByText('Kiosk', { exact: true }).count()).toBe(1);
    expect(await page.locator('article h2').count()).toBeGreaterThan(0);
    await context.close();
  });

  it('shows the catalog and a product without JavaScript', async () => {
    const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/product/catalog`);
    expect(await page.locator('article h2').count()).toBeGreaterThan(0);
    await page.goto(`${server.url}${product.links.view}`);
    expect(await page.locator('h1#product-title').textContent()).toBe(product.name);
    await context.close();
  });

  /**
   * The plain shell for the navigation to `pathname`, as the service worker serves a returning
   * device (sw/navigation-fallback.ts). ('/' used to be the page the server did not render; it is
   * the home page now, docs/decisions/storefront.md "Content blocks".)
   */
  const plainShell = (page: Page, pathname: string) =>
    page.route(
      (url) => url.pathname === pathname,
      (route) =>
        route.request().isNavigationRequest()
          ? route.fulfill({ path: path.join(dist, 'index.html'), contentType: 'text/html' })
          : route.continue(),
    );

  it('a page the server does not render reads its first page once, started by the page itself', async () => {
    const page = await phonePage();
    const reads = recordReads(page);
    await plainShell(page, '/product/catalog');
    await page.goto(`${server.url}/product/catalog`);
    await expect.poll(() => page.locator('article h2').count()).toBeGreaterThan(0);
    expect(reads.filter((r) => r.startsWith('/api/products/?'))).toEqual([CATALOG_FIRST_PATH]);
    expect(await earlyState(page)).toBeNull();
  });

  it('asks again when the early read fails', async () => {
    const page = await phonePage();
    let refused = 0;
    await page.route('**/api/products/?*', async (route) => {
      if (refused++ === 0) return route.abort('internetdisconnected');
      return route.continue();
    });
    await plainShell(page, '/product/catalog');
    await page.goto(`${server.url}/product/catalog`);
    await expect.poll(() => page.locator('article h2').count()).toBeGreaterThan(0);
    expect(refused).toBe(2);
  });
  it('the home page arrives with its content blocks and reads them no second time', async () => {
    const page = await phonePage();
    const reads: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/content/page/')) reads.push(r.url());
    });
    await page.goto(`${server.url}/`);
    await expect.poll(() => page.getByRole('button', { name: 'Read more' }).isEnabled()).toBe(true);
    expect(await page.locator('[data-block="banner"]').count()).toBe(1);
    expect(reads).toEqual([]);
  });
});

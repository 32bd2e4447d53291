/**
 * index.html starts a page's first API read while the bundle downloads (src/api/early-fetch.ts).
 * These tests fail when the inline script and the app disagree on the path (the app would ask a
 * second time) or when a failed early read is not asked for again.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyTemplate, type TestDatabaseConfig } from '../support/engines';
import { runServer, type ServerProcess } from '../support/process';
import { launchBrowser, newContext } from './support/browser';

const dist = process.env.E2E_DIST ?? path.resolve(import.meta.dirname, '..', '..', 'dist');
const PHONE = { width: 390, height: 844 };

describe('early first read of the catalog and product pages', () => {
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
    [server, browser] = await Promise.all([runServer({ DATA_DIR: db.dataDir, DATABASE_URL: '', STATIC_DIR: dist, SKIP_BUILD: '1' }), launchBrowser()]);
    const list = (await (await fetch(`${server.url}/api/products/?limit=1`)).json()) as { products: (typeof product)[] };
    product = list.products[0]!;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await db?.cleanup();
  });

  it('the catalog reads its first page once, started by the page itself', async () => {
    const page = await phonePage();
    const reads = recordReads(page);
    await page.goto(`${server.url}/product/catalog`);
    await expect.poll(() => page.locator('article h2').count()).toBeGreaterThan(0);
    expect(reads.filter((r) => r.startsWith('/api/products/?'))).toEqual(['/api/products/?page=1&limit=24&sort=name&order=asc']);
    expect(await earlyState(page)).toBeNull();
  });

  it('a product link reads its page once', async () => {
    const page = await phonePage();
    const reads = recordReads(page);
    await page.goto(`${server.url}${product.links.view}`);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: product.name }).count()).toBe(1);
    expect(reads.filter((r) => r.startsWith('/api/products/page/'))).toEqual([`/api/products/page${product.links.view}`]);
    expect(await earlyState(page)).toBeNull();
  });

  it('asks again when the early read fails', async () => {
    const page = await phonePage();
    let refused = 0;
    await page.route('**/api/products/?*', async (route) => {
      if (refused++ === 0) return route.abort('internetdisconnected');
      return route.continue();
    });
    await page.goto(`${server.url}/product/catalog`);
    await expect.poll(() => page.locator('article h2').count()).toBeGreaterThan(0);
    expect(refused).toBe(2);
  });
});

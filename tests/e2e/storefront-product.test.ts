/**
 * Product and listing pages on a phone (390 x 844) against the real server and client build:
 * a product page with its stock line and add-to-cart states, Contact Us with the captcha for a
 * product that cannot be ordered, brand / search / specials listings, and an unknown link.
 * E2E_DIST serves another build than dist/ (helpers building in parallel keep theirs apart).
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database';
import { copyTemplate, type TestDatabaseConfig } from '../support/engines';
import { runServer, type ServerProcess } from '../support/process';
import { launchBrowser, newContext } from './support/browser';

const dist = process.env.E2E_DIST ?? path.resolve(import.meta.dirname, '..', '..', 'dist');
const PHONE = { width: 390, height: 844 };

interface Listed {
  product_id: number;
  name: string;
  is_orderable: boolean;
  disable_pricing: boolean;
  show_install_graphic: boolean;
  manufacturer: string;
  links: { view: string; manufacturer: string };
}

describe('storefront product and listing pages on a phone', () => {
  let db: TestDatabaseConfig;
  let server: ServerProcess;
  let browser: Browser;
  let products: Listed[];

  const api = async (p: string, init?: RequestInit) => (await fetch(server.url + p, init)).json();
  /** An orderable, priced product whose page needs no options. */
  const plainProduct = async (extra: (p: Listed) => boolean = () => true): Promise<Listed> => {
    for (const p of products.filter(
      (x) => x.is_orderable && !x.disable_pricing && x.product_id !== pack.product_id && extra(x),
    )) {
      const page = await api(`/api/products/page${p.links.view}`);
      if (!page.product.requires_options) return p;
    }
    throw new Error('no plain product in the demo data');
  };
  const phonePage = async (): Promise<Page> => (await newContext(browser, PHONE)).newPage();

  /** Set up in the database before the server starts: a product added today and a package of two. */
  let fresh: { name: string; slug: string };
  let pack: { product_id: number; name: string; slug: string };

  beforeAll(async () => {
    db = await copyTemplate('pglite');
    const open = await openDatabase({ dataDir: db.dataDir });
    const rows = await open.db
      .selectFrom('products')
      .select(['product_id', 'name', 'slug'])
      .where('status', '=', true)
      .orderBy('product_id')
      .limit(4)
      .execute();
    const [a, b, c, d] = rows as [(typeof rows)[0], (typeof rows)[0], (typeof rows)[0], (typeof rows)[0]];
    await open.db
      .updateTable('products')
      .set({ date_added: new Date() })
      .where('product_id', '=', a.product_id)
      .execute();
    await open.db
      .insertInto('product_components')
      .values([
        { package_id: b.product_id, component_id: c.product_id, quantity: 1, sort_order: 0 },
        { package_id: b.product_id, component_id: d.product_id, quantity: 2, sort_order: 1 },
      ])
      .execute();
    await open.close();
    fresh = a;
    pack = b;
    [server, browser] = await Promise.all([
      // Cheap captcha challenges: the proof of work takes a moment, not seconds, on a loaded machine.
      runServer({
        DATA_DIR: db.dataDir,
        DATABASE_URL: '',
        STATIC_DIR: dist,
        SKIP_BUILD: '1',
        CAPTCHA_COST: '20',
        CAPTCHA_COUNTER_MAX: '300',
      }),
      launchBrowser({ serviceWorkers: 'block' }),
    ]);
    products = (await api('/api/products/?limit=100')).products;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await db?.cleanup();
  });

  it('opens a product from the catalog, shows price and stock, and adds it with the button states', async () => {
    const product = await plainProduct();
    const page = await phonePage();
    await page.goto(`${server.url}/product/catalog`);
    await page.getByRole('link', { name: product.name, exact: true }).first().click();
    await page.waitForURL(new RegExp(`${product.links.view}$`));
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: product.name }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    await expect
      .poll(() => page.getByText(/^(\d+ in Stock|Out of Stock)$/).isVisible(), { timeout: 10_000 })
      .toBe(true);
    expect(
      await page
        .getByText(/^\$[\d,]+\.\d{2}$/)
        .first()
        .isVisible(),
    ).toBe(true);

    await page.getByLabel(/^Quantity of /).selectOption('2');
    const add = page.getByRole('button', { name: 'Add to Cart' });
    const box = await add.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    await add.click();
    await expect.poll(() => page.getByRole('button', { name: 'Added!' }).isVisible(), { timeout: 10_000 }).toBe(true);
    // 'Added!' lasts 3 s, then the button reverts.
    await expect
      .poll(() => page.getByRole('button', { name: 'Add to Cart' }).isVisible(), { timeout: 6_000 })
      .toBe(true);
    const cart = await page.evaluate(async () =>
      (
        await fetch('/checkout/cart/getData', {
          headers: { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' },
        })
      ).json(),
    );
    expect(cart.products.find((p: { product_id: number }) => p.product_id === product.product_id)?.quantity).toBe(2);
    await page.context().close();
  });

  it('offers Add With the labor title and the We Install graphic for a part the shop installs', async () => {
    const product = await plainProduct((p) => p.show_install_graphic);
    const page = await phonePage();
    await page.goto(`${server.url}${product.links.view}`);
    await expect
      .poll(() => page.getByRole('button', { name: /^Add With / }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(await page.getByText('We Install').isVisible()).toBe(true);
    await page.context().close();
  });

  it('sends a Contact Us message for a product that cannot be ordered, after the captcha', async () => {
    const product =
      products.find((p) => !p.is_orderable && !p.disable_pricing) ??
      products.find((p) => !p.is_orderable || p.disable_pricing);
    if (!product) throw new Error('the demo data has no product that cannot be ordered');
    const page = await phonePage();
    await page.goto(`${server.url}${product.links.view}`);
    await page.getByRole('button', { name: 'Contact for Availability' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name *').fill('Pat Lee');
    await dialog.getByLabel('Email *').fill('pat@example.com');
    await dialog.getByLabel('Phone Number *').fill('5125550188');
    expect(await dialog.getByLabel('Phone Number *').inputValue()).toBe('(512) 555-0188');
    await dialog.getByRole('radio').first().check();
    await dialog.getByLabel('Message *').fill('Can I order this at the counter?');

    // Without the captcha the form says so; ticking the box does the proof of work in the browser.
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect
      .poll(() => dialog.getByText('Please confirm you are not a robot.').isVisible(), { timeout: 10_000 })
      .toBe(true);
    const challenge = page.waitForResponse((r) => r.url().includes('route=tool/captcha'));
    await dialog.getByLabel("I'm not a robot").click();
    expect((await challenge).headers()['content-type']).toContain('application/json');
    await expect.poll(() => dialog.getByText('Verified').isVisible(), { timeout: 30_000 }).toBe(true);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect
      .poll(() => page.getByText('Thank you! Your message has been sent to the store.').isVisible(), {
        timeout: 10_000,
      })
      .toBe(true);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.context().close();
  });

  it('shows a brand link as its listing, the search page, specials, and remembers the page size in the URL', async () => {
    const brand = products[0]!;
    const page = await phonePage();
    await page.goto(`${server.url}${brand.links.manufacturer}`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: brand.manufacturer }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    await expect
      .poll(() => page.getByRole('link', { name: brand.name, exact: true }).first().isVisible(), { timeout: 10_000 })
      .toBe(true);
    await page.getByLabel('Show:').selectOption('12');
    await page.waitForURL(/limit=12/);
    // The previous page stays on screen until the smaller one arrives.
    await expect
      .poll(() => page.locator('main ul[aria-busy="false"] > li article').count(), { timeout: 10_000 })
      .toBe(12);

    await page.goto(`${server.url}/index.php?route=product/search&search=${encodeURIComponent(brand.name)}`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: `Search - ${brand.name}` }).isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
    await expect
      .poll(() => page.getByRole('link', { name: brand.name, exact: true }).first().isVisible(), { timeout: 10_000 })
      .toBe(true);

    await page.goto(`${server.url}/index.php?route=product/search&search=zzzqqqxxnothing`);
    await expect.poll(() => page.getByText('There are no results.').isVisible(), { timeout: 15_000 }).toBe(true);

    await page.goto(`${server.url}/index.php?route=product/special`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Specials' }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    await page.context().close();
  });

  it('shows staff in POS mode stock per store and reseller prices, without wishlist and compare', async () => {
    const product = await plainProduct();
    const page = await phonePage();
    await page.goto(`${server.url}/pos/login`);
    await page.getByLabel('Username').fill('cashier');
    await page.getByLabel('Password').fill('cashier');
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL(/\/pos\/order/);
    await page.goto(`${server.url}${product.links.view}`);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Inventory by Location' }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(await page.getByRole('rowheader', { name: 'MSRP' }).isVisible()).toBe(true);
    expect(await page.getByRole('rowheader', { name: 'Cost' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Add to Wishlist' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Compare this Product' }).count()).toBe(0);
    await page.context().close();
  });

  it('shows NEW, a package warning and the list view (remembered), and Instant Checkout goes to checkout after 3 s', async () => {
    const page = await phonePage();
    await page.goto(`${server.url}/${fresh.slug}`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: fresh.name }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(await page.getByText('NEW', { exact: true }).isVisible()).toBe(true);

    await page.goto(`${server.url}/${pack.slug}`);
    const note = page.getByRole('note', { name: 'Package contents' });
    await expect.poll(() => note.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await note.textContent()).toContain('This is a package of 2 parts.');

    // The list view is kept in local storage under 'display' across a reload.
    await page.goto(`${server.url}/product/catalog`);
    const display = page.getByRole('group', { name: 'Display' });
    await display.getByRole('button', { name: 'List' }).click();
    expect(await page.evaluate(() => localStorage.getItem('display'))).toBe('list');
    await page.reload();
    await expect
      .poll(
        () =>
          page
            .getByRole('group', { name: 'Display' })
            .getByRole('button', { name: 'List' })
            .getAttribute('aria-pressed'),
        { timeout: 15_000 },
      )
      .toBe('true');

    const product = await plainProduct();
    await page.goto(`${server.url}${product.links.view}`);
    const instant = page.getByRole('button', { name: 'Instant Checkout' });
    await expect.poll(() => instant.isVisible(), { timeout: 15_000 }).toBe(true);
    const clicked = Date.now();
    await instant.click();
    await page.waitForURL(/\/checkout\/checkout$/, { timeout: 10_000 });
    expect(Date.now() - clicked).toBeGreaterThanOrEqual(2_900);
    await page.context().close();
  });

  it('answers an unknown link with Page not found, status 404', async () => {
    const page = await phonePage();
    const response = await page.goto(`${server.url}/no-such-product-here`);
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.getByText('Page not found').isVisible(), { timeout: 15_000 }).toBe(true);
    // The app replaced the server's (inert) page and shows the same.
    await expect.poll(() => page.locator('#root [inert]').count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => page.getByRole('link', { name: 'Back to the Catalog' }).isVisible()).toBe(true);
    await page.context().close();
  });
});

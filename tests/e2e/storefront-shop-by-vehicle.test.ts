/**
 * Issue 23 part 3 on a phone (390 x 844), the real server and client build:
 * - Shop by Vehicle: with a vehicle chosen, the catalog's server-rendered first page and the app
 *   list only the parts that fit, the count says so, and the toggle shows every part and back;
 * - stock on the grid, and a cart whose stock messages never contradict each other;
 * - a shopper sees no connection dot and no test-card text outside the simulator's test mode;
 * - a guest's wishlist tap is kept through the login it leads to;
 * - a signed-in shopper's product page sends no call the server refuses (its first
 *   getCatalogDetails used to race the session read and get 403) and shows Find Products That Fit.
 * E2E_DIST serves another build than dist/. E2E_SHOTS=<dir> keeps screenshots.
 */
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { SPECIAL_ORDER_TEXT } from '../../server/db/demo/parts';
import { JarClient, item } from '../integration/fitment/support';
import { e2eWorld } from './support/world';

const PHONE = { width: 390, height: 844 };
const shots = process.env.E2E_SHOTS;

interface Listed {
  product_id: number;
  name: string;
  aaia: string;
  mpn: string;
  links: { view: string };
  stock_text?: string;
}
interface Part {
  BrandCode: string;
  Part: string;
  result: string;
  name: string;
  choices: { id: string; label: string }[];
}
interface Picked {
  id: number;
  name: string;
  view: string;
}

describe('storefront: shop by vehicle, stock, wording, wishlist and the signed-in product page (phone)', () => {
  /** Two orderable parts made short of stock: one with §8's default text, one shipped from the distributor. */
  const short: { plain?: Picked; distributor?: Picked } = {};
  const world = e2eWorld({
    prepare: async ({ db }) => {
      const pick = async (notIn: number[]) =>
        (
          await sql<{ product_id: number; name: string; slug: string }>`
          select product_id, name, slug from products
          where status and is_orderable and not disable_pricing and not requires_options
            and product_id not in (select product_id from product_components)
            and product_id not in (select package_id from product_components)
            and not (product_id = any(${notIn}))
          order by product_id limit 1`.execute(db)
        ).rows[0]!;
      const a = await pick([]);
      const b = await pick([a.product_id]);
      await db
        .updateTable('product_stock')
        .set({ quantity: 0 })
        .where('product_id', 'in', [a.product_id, b.product_id])
        .execute();
      await db.updateTable('products').set({ oos_text: null }).where('product_id', '=', a.product_id).execute();
      await db
        .updateTable('products')
        .set({ oos_text: SPECIAL_ORDER_TEXT })
        .where('product_id', '=', b.product_id)
        .execute();
      short.plain = { id: a.product_id, name: a.name, view: `/${a.slug}` };
      short.distributor = { id: b.product_id, name: b.name, view: `/${b.slug}` };
    },
  });
  const base = () => world.srv.server.url;

  // No service worker: the server-rendered first screen is what a first visit gets.
  const phone = async (): Promise<{ ctx: BrowserContext; page: Page }> => {
    const ctx = await world.browser.newContext({
      viewport: PHONE,
      locale: 'en-US',
      timezoneId: 'America/Chicago',
      serviceWorkers: 'block',
    });
    return { ctx, page: await ctx.newPage() };
  };
  const shot = async (page: Page, name: string) => {
    if (shots) await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: false });
  };

  /** A vehicle some listed parts fit: walk a 'maybe' part's Year, Make and Model prompts. */
  async function findVehicle(): Promise<{ items: string[]; label: string }> {
    const shopper = new JarClient(base());
    const listing = ((await shopper.get('/api/products/?limit=100')).body as { products: Listed[] }).products;
    const refs = encodeURIComponent(listing.map((p) => `${p.aaia}~${p.mpn}`).join(','));
    const items: string[] = [];
    const labels: string[] = [];
    for (let step = 0; step < 3; step++) {
      const parts = ((await shopper.get(`/ymm/json/validateFitment?Parts=${refs}`)).body as { parts: Part[] }).parts;
      const maybe = parts.find((p) => p.result === 'maybe' && ['Year', 'MakeID', 'ModelID'].includes(p.name))!;
      const choice = maybe.choices[0]!;
      items.push(item(maybe.name, choice.id, '', choice.label));
      labels.push(choice.label);
      expect((await shopper.get(`/ymm/json/saveVehicle?add1=${items.at(-1)!}`)).status).toBe(200);
    }
    return { items, label: labels.join(' ') };
  }

  /** Saves the vehicle on this browser's own cookie. */
  async function chooseVehicle(page: Page, items: string[]): Promise<void> {
    await page.goto(`${base()}/account/login`);
    const q = items.map((it, i) => `add${i + 1}=${it}`).join('&');
    expect(await page.evaluate(async (query) => (await fetch(`/ymm/json/saveVehicle?${query}`)).status, q)).toBe(200);
  }

  it('narrows the catalog to the chosen vehicle on the server-rendered page and in the app, with a toggle', async () => {
    const vehicle = await findVehicle();
    const { ctx, page } = await phone();
    await chooseVehicle(page, vehicle.items);
    const everything = ((await (await fetch(`${base()}/api/products/?limit=1`)).json()) as { total_items: number })
      .total_items;

    // The first screen as the server renders it, before any script ran.
    const html = await (
      await page.request.get(`${base()}/product/catalog`, { headers: { Accept: 'text/html' } })
    ).text();
    expect(html).toMatch(new RegExp(`[\\d,]+ parts? fits? your ${vehicle.label}`));
    expect(html).toContain(`Show all ${everything.toLocaleString('en-US')} parts`);

    await page.goto(`${base()}/product/catalog`);
    const line = page.getByText(new RegExp(`^[\\d,]+ parts? fits? your ${vehicle.label}$`));
    await line.waitFor();
    const fitting = Number((await line.textContent())!.replace(/\D+.*$/, '').replace(/,/g, ''));
    expect(fitting).toBeGreaterThan(0);
    expect(fitting).toBeLessThan(everything);
    // Every card fits (or is universal): none says it does not.
    const results = () =>
      page.locator('[data-fitment]').evaluateAll((els) => els.map((e) => e.getAttribute('data-fitment')));
    await expect.poll(async () => (await results()).length, { timeout: 20_000 }).toBeGreaterThan(0);
    await expect
      .poll(async () => (await results()).every((r) => r === 'yes' || r === 'universal'), { timeout: 20_000 })
      .toBe(true);
    // Stock on the grid.
    const stock = page
      .locator('article')
      .first()
      .getByText(/in Stock$|^Out of Stock$|distributor/);
    await stock.waitFor();
    // A shopper sees no connection indicator.
    expect(
      await page
        .getByRole('status')
        .filter({ hasText: /^(Online|Offline)$/ })
        .count(),
    ).toBe(0);
    await shot(page, 'narrowed-catalog');

    await page.getByRole('link', { name: `Show all ${everything.toLocaleString('en-US')} parts` }).click();
    await page.getByText(`${everything.toLocaleString('en-US')} parts`, { exact: true }).waitFor();
    await page
      .getByRole('link', {
        name: `Show only the ${fitting.toLocaleString('en-US')} parts that fit your ${vehicle.label}`,
      })
      .waitFor();
    await expect.poll(async () => (await results()).includes('no'), { timeout: 20_000 }).toBe(true);
    await shot(page, 'all-parts');
    await page.getByRole('link', { name: /^Show only the / }).click();
    await line.waitFor();
    await ctx.close();
  });

  it('shows stock on cards and keeps the cart consistent: the distributor part checks out, the short part says why not', async () => {
    const { ctx, page } = await phone();
    const { plain, distributor } = short as Required<typeof short>;
    // The distributor part's card says how it is supplied.
    await page.goto(`${base()}/index.php?route=product/search&search=${encodeURIComponent(distributor.name)}`);
    await page.getByRole('article', { name: distributor.name }).first().getByText(SPECIAL_ORDER_TEXT).waitFor();

    const add = (id: number) =>
      page.evaluate(
        async (productId) =>
          (
            await fetch('/checkout/cart/add', {
              method: 'POST',
              headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
              body: JSON.stringify({ product_id: productId, quantity: 2 }),
            })
          ).status,
        id,
      );
    expect(await add(distributor.id)).toBe(200);
    await page.goto(`${base()}/checkout/cart`);
    await page.getByText(SPECIAL_ORDER_TEXT).waitFor();
    const checkout = page.getByRole('link', { name: 'Checkout', exact: true });
    await checkout.waitFor();
    expect(await page.getByText(/Lower the quantity/).count()).toBe(0);
    await shot(page, 'cart-distributor');

    // The checkout names test mode (the simulated processor), never a bare "Test cards only".
    await checkout.click();
    await page.getByText('Test mode — simulated card terminal', { exact: false }).waitFor();
    expect(await page.getByText('Test cards only').count()).toBe(0);
    await shot(page, 'checkout-test-mode');

    expect(await add(plain.id)).toBe(200);
    await page.goto(`${base()}/checkout/cart`);
    await page.getByText(/this product is either not available in the desired quantity or not in stock/).waitFor();
    await page.getByText('Lower the quantity of the items marked above to check out.').waitFor();
    expect(await checkout.count()).toBe(0);
    // The distributor line still says only how it ships; it is not one of the lines to lower.
    const distributorLine = page.getByRole('listitem').filter({ hasText: distributor.name });
    expect(await distributorLine.getByText(/not available/).count()).toBe(0);
    await shot(page, 'cart-short');
    await ctx.close();
  });

  it("keeps a guest's wishlist tap through the login it leads to", async () => {
    const { ctx, page } = await phone();
    const { distributor } = short as Required<typeof short>;
    await page.goto(`${base()}${distributor.view}`);
    await page.getByRole('button', { name: 'Add to Wishlist' }).click();
    await page.waitForURL(/\/account\/login\?redirect=/);
    await page.getByLabel('Email').fill('shopper@example.com');
    await page.getByLabel('Password').fill('shopper');
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL((u) => u.pathname === distributor.view);
    await page.getByRole('button', { name: 'In Wishlist' }).waitFor();
    await shot(page, 'wishlist-after-login');
    await page.goto(`${base()}/account/wishlist`);
    await page.getByRole('list', { name: 'Wishlist' }).getByRole('link', { name: distributor.name }).waitFor();
    await ctx.close();
  });

  it('a signed-in shopper with a vehicle opens a product page: no refused call, Find Products That Fit shows', async () => {
    const vehicle = await findVehicle();
    const { ctx, page } = await phone();
    await chooseVehicle(page, vehicle.items);
    const fits = (await page.evaluate(
      async () => (await (await fetch('/api/products/?limit=1')).json()) as unknown,
    )) as {
      products: Listed[];
    };
    const product = fits.products[0]!;
    await page.goto(`${base()}/account/login`);
    await page.getByLabel('Email').fill('shopper@example.com');
    await page.getByLabel('Password').fill('shopper');
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL(/\/product\/catalog/);

    const refused: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 403 || r.status() === 401) refused.push(`${r.status()} ${r.request().method()} ${r.url()}`);
    });
    // A fresh load of the product page: the session is read again while the page's first calls start.
    await page.goto(`${base()}${product.links.view}`);
    await page.getByRole('heading', { name: 'Find Products That Fit' }).waitFor({ timeout: 20_000 });
    await page.getByRole('link', { name: /By Brand/ }).waitFor();
    await page
      .getByRole('button', { name: /^Add to Cart/ })
      .first()
      .click();
    // The added toast reads once: no "Success!" heading over "Success: You have added ...".
    await page
      .getByText(/Success: You have added/)
      .first()
      .waitFor();
    expect(await page.getByText('Success!', { exact: true }).count()).toBe(0);
    await shot(page, 'product-signed-in');
    expect(refused).toEqual([]);
    await ctx.close();
  });
});

import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { money, toWire } from '../../src/domain/money';
import { copyTemplate, type TestDatabaseConfig } from '../support/engines';
import { TestClient } from '../support/http-client';
import { runServer, type ServerProcess } from '../support/process';
import { seriousViolations } from './support/axe';
import { launchBrowser } from './support/browser';
import { setUpCatalogParts, type CatalogParts, type Part } from './support/catalog-parts';
import { cashierDevice, cutNetwork, pageText, visible, waitSynced } from './support/pos';

/**
 * In POS mode (a cashier at 1024 x 768) every add of the storefront's product page and
 * listing cards puts the part on the sale the device's POS Cart shows, through the sync worker, so
 * it works offline: Add to Cart (1-10 and 10+), Add With {labor}, a product's options, a listing
 * card, a part out of stock (the spec's stock text, the part still on the sale), Instant Checkout
 * (the POS checkout of that sale); and the cart's part finder adds a part with options and a part
 * with its labor. Each line reaches the server exactly once at the catalog's price, and no request
 * on the way answers 403. E2E_SHOTS=<dir> keeps screenshots of each step.
 */
const dist = process.env.E2E_DIST ?? path.resolve(import.meta.dirname, '..', '..', 'dist');
const shots = process.env.E2E_SHOTS;
/** A pattern matching `text` literally. */
const literally = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

interface ServerLine {
  key: string;
  kind: 'product' | 'custom' | 'labor';
  product_id: number | null;
  name: string;
  quantity: number;
  price: string;
  option: { name: string; value: string }[];
  labor: { labor_id: number; minutes: number; rate: string; product_key: string | null } | null;
}

describe('POS mode: adding from the catalog and the part finder (headless Chromium, 1024 x 768)', () => {
  let db: TestDatabaseConfig;
  let server: ServerProcess;
  let browser: Browser;
  let parts: CatalogParts;

  beforeAll(async () => {
    db = await copyTemplate('pglite');
    parts = await setUpCatalogParts(db);
    [server, browser] = await Promise.all([
      runServer({ DATA_DIR: db.dataDir, DATABASE_URL: '', STATIC_DIR: dist, SKIP_BUILD: '1' }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await db?.cleanup();
  });

  /** The device's sale: the order the cart pointer of the signed-in cashier names. */
  const saleRef = (page: Page) =>
    page.evaluate(() => Object.entries(localStorage).find(([k]) => k.startsWith('partsdesk.cart.'))?.[1] ?? null);
  const count = (page: Page) => page.getByTestId('pos-cart-count').textContent();
  const shot = async (page: Page, name: string) => {
    if (shots) await page.screenshot({ path: path.join(shots, `${name}.png`) });
  };

  /** The server's lines of an order (GET /api/order/info as admin). */
  async function serverLines(ref: string): Promise<ServerLine[]> {
    const admin = new TestClient(server.url);
    expect((await admin.login('admin', 'admin')).status).toBe(200);
    const r = await admin.get(`/api/order/info?order_id=${ref}`);
    expect(r.status).toBe(200);
    return r.body.products;
  }
  const only = (lines: ServerLine[], p: Part) => {
    const mine = lines.filter((l) => l.kind === 'product' && l.product_id === p.product_id);
    expect(mine, `${p.name} once on the server's order`).toHaveLength(1);
    return mine[0]!;
  };

  /** Every response of the device that answered 403, and whether "out of date" ever showed. */
  function watch(ctx: BrowserContext, page: Page) {
    const refused: string[] = [];
    ctx.on('response', (r) => {
      if (r.status() === 403) refused.push(`${r.request().method()} ${r.url()}`);
    });
    return {
      refused,
      async noOutOfDate() {
        expect(await page.getByText('The app is out of date').count()).toBe(0);
      },
    };
  }

  /** Online: as is. Offline: the page was loaded online; the tap happens with the network cut. */
  const tapWith = (ctx: BrowserContext, offline: boolean) => async (tap: () => Promise<void>) => {
    if (offline) await cutNetwork(ctx, true);
    await tap();
    if (offline) await cutNetwork(ctx, false);
  };

  async function openProduct(page: Page, p: Part): Promise<void> {
    await page.goto(`${server.url}/${p.slug}`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: p.name }).isVisible(), {
        timeout: 15_000,
        message: await pageText(page),
      })
      .toBe(true);
  }

  async function added(page: Page, name: string, items: number): Promise<void> {
    await expect
      .poll(visible(page, `${name} has been added to the cart.`), { timeout: 10_000, message: await pageText(page) })
      .toBe(true);
    // The newest toast (an earlier add's may still be up: toasts close after 3 s).
    const toast = page.locator('li', { hasText: `${name} has been added to the cart.` }).last();
    expect(await toast.getByRole('link', { name: 'View Cart' }).getAttribute('href')).toBe('/pos/cart');
    await expect.poll(() => count(page), { timeout: 10_000 }).toBe(String(items));
  }

  for (const mode of ['online', 'offline'] as const) {
    it(`${mode}: product page (1-10, 10+, with labor, options, out of stock, Instant Checkout) and a listing card fill the device's sale; on the server exactly once at the catalog price`, async () => {
      const offline = mode === 'offline';
      const { ctx, page } = await cashierDevice(browser, server.url, { offlineReady: offline });
      const seen = watch(ctx, page);
      const tap = tapWith(ctx, offline);
      const { plain, labor, optioned, card, short, instant } = parts;

      // Add to Cart, 3 from the selector, then 12 through 10+: one line of 15.
      await openProduct(page, plain);
      const qty = page.getByLabel(`Quantity of ${plain.mpn}`);
      await qty.selectOption('3');
      await tap(async () => {
        await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
        await added(page, plain.name, 3);
      });
      await shot(page, `${mode}-1-added`);
      // The POS product page with its toast, and the bar's Cart count, pass axe (no serious or critical finding).
      if (!offline) expect(await seriousViolations(page)).toEqual([]);
      await qty.selectOption({ label: '10+' });
      await page.getByLabel(`Quantity of ${plain.mpn}`).fill('12');
      await page.waitForTimeout(800); // the spec's 500 ms quantity debounce
      await tap(async () => {
        await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
        await added(page, plain.name, 15);
      });

      // Add With {labor title}: the part and its installation labor.
      await openProduct(page, labor);
      await tap(async () => {
        await page.getByRole('button', { name: `Add With ${labor.labor.title}` }).click();
        await added(page, labor.name, 17);
      });

      // A product with options: the chosen value goes with the line.
      await openProduct(page, optioned);
      await page.getByLabel(optioned.option.name).selectOption(String(optioned.value.product_option_value_id));
      await tap(async () => {
        await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
        await added(page, optioned.name, 18);
      });

      // A listing card.
      await page.goto(`${server.url}/product/catalog?search=${encodeURIComponent(card.mpn)}`);
      const cardButton = page.getByRole('button', { name: `Add to Cart: ${card.name}` });
      await expect.poll(() => cardButton.isVisible(), { timeout: 15_000, message: await pageText(page) }).toBe(true);
      await tap(async () => {
        await cardButton.click();
        await added(page, card.name, 19);
      });
      await shot(page, `${mode}-2-card`);

      // Out of stock: the product's own sentence, and the part is on the sale (a counter sells special orders).
      await openProduct(page, short);
      await tap(async () => {
        await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
        await expect.poll(visible(page, short.oos_text), { timeout: 10_000 }).toBe(true);
        await expect.poll(() => count(page)).toBe('20');
      });
      await shot(page, `${mode}-3-short`);

      // Instant Checkout: the part on the sale, then the POS checkout of that sale.
      await openProduct(page, instant);
      const sale = await saleRef(page);
      expect(sale).toMatch(/^[0-9a-f-]{36}$/);
      await tap(async () => {
        await page.getByRole('button', { name: 'Instant Checkout' }).click();
        await added(page, instant.name, 21);
        await page.waitForURL(/\/pos\/checkout\?order_id=/, { timeout: 10_000 });
        await expect
          .poll(() => page.getByRole('heading', { name: /^Check Out - Order # / }).isVisible(), {
            timeout: 10_000,
            message: await pageText(page),
          })
          .toBe(true);
      });
      await shot(page, `${mode}-4-checkout`);
      expect(await saleRef(page)).toBe(sale);

      // The POS Cart shows every line, the short one with the stock text.
      await page.getByRole('link', { name: /^Cart, / }).click();
      await page.waitForURL(/\/pos\/cart/);
      for (const p of [plain, labor, optioned, card, short, instant]) {
        await expect
          .poll(
            () =>
              page
                .getByRole('cell', { name: literally(p.name) })
                .first()
                .isVisible(),
            { timeout: 10_000 },
          )
          .toBe(true);
      }
      await expect.poll(() => page.getByText(`${optioned.option.name}: ${optioned.value.name}`).isVisible()).toBe(true);
      // The stock text under the line (its own live read of the device's stock).
      await expect.poll(() => page.getByRole('cell', { name: literally(short.oos_text) }).isVisible()).toBe(true);
      await shot(page, `${mode}-5-cart`);

      await waitSynced(page);
      const lines = await serverLines(sale);
      expect(only(lines, plain)).toMatchObject({ quantity: 15, price: plain.price });
      const installed = only(lines, labor);
      expect(installed).toMatchObject({ quantity: 1, price: labor.price });
      const laborLines = lines.filter((l) => l.kind === 'labor');
      expect(laborLines).toHaveLength(1);
      expect(laborLines[0]).toMatchObject({
        quantity: 1,
        labor: {
          labor_id: labor.labor.labor_id,
          minutes: labor.labor.minutes,
          rate: labor.labor.rate,
          product_key: installed.key,
        },
      });
      expect(only(lines, optioned)).toMatchObject({
        quantity: 1,
        price: toWire(money(optioned.price).plus(optioned.value.price)),
        option: [{ name: optioned.option.name, value: optioned.value.name }],
      });
      for (const p of [card, short, instant]) expect(only(lines, p)).toMatchObject({ quantity: 1, price: p.price });
      expect(lines).toHaveLength(7);
      expect(seen.refused).toEqual([]);
      await seen.noOutOfDate();
      await ctx.close();
    });

    it(`${mode}: the cart's part finder adds a part with its options and a part with its labor; on the server at the catalog price`, async () => {
      const offline = mode === 'offline';
      const { ctx, page } = await cashierDevice(browser, server.url, { offlineReady: offline });
      const seen = watch(ctx, page);
      const { optioned, labor } = parts;
      await page.getByRole('link', { name: /^Cart, / }).click();
      await page.waitForURL(/\/pos\/cart/);
      await expect.poll(visible(page, 'Your shopping cart is empty!'), { timeout: 10_000 }).toBe(true);
      if (offline) await cutNetwork(ctx, true);

      // A part with options asks for them; Add without the required one says so.
      await page.getByLabel('Add a part').fill(optioned.mpn);
      await page.getByRole('button', { name: `Add ${optioned.mpn} ${optioned.name}`, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: `Options for ${optioned.name}` });
      await expect.poll(() => dialog.isVisible(), { timeout: 10_000 }).toBe(true);
      await dialog.getByRole('button', { name: 'Add to Cart' }).click();
      await expect.poll(() => dialog.getByText(`${optioned.option.name} required!`).isVisible()).toBe(true);
      await shot(page, `${mode}-6-finder-options`);
      if (!offline) expect(await seriousViolations(page)).toEqual([]);
      await dialog.getByLabel(optioned.option.name).selectOption(String(optioned.value.product_option_value_id));
      await dialog.getByRole('button', { name: 'Add to Cart' }).click();
      await expect.poll(() => dialog.isVisible()).toBe(false);
      await expect
        .poll(() => page.getByText(`${optioned.option.name}: ${optioned.value.name}`).isVisible(), { timeout: 10_000 })
        .toBe(true);

      // A part with installation labor: Add With {title}.
      await page.getByLabel('Add a part').fill(labor.mpn);
      await page.getByRole('button', { name: `Add ${labor.mpn} ${labor.name} with ${labor.labor.title}` }).click();
      await expect
        .poll(() => page.getByRole('button', { name: `Edit labor ${labor.labor.title}` }).isVisible(), {
          timeout: 10_000,
          message: await pageText(page),
        })
        .toBe(true);
      await expect.poll(() => count(page)).toBe('3');
      await shot(page, `${mode}-7-finder-labor`);
      const sale = await saleRef(page);

      if (offline) await cutNetwork(ctx, false);
      await waitSynced(page);
      const lines = await serverLines(sale);
      expect(only(lines, optioned)).toMatchObject({
        quantity: 1,
        price: toWire(money(optioned.price).plus(optioned.value.price)),
        option: [{ name: optioned.option.name, value: optioned.value.name }],
      });
      const installed = only(lines, labor);
      expect(lines.filter((l) => l.kind === 'labor')).toEqual([
        expect.objectContaining({
          quantity: 1,
          labor: expect.objectContaining({
            labor_id: labor.labor.labor_id,
            rate: labor.labor.rate,
            minutes: labor.labor.minutes,
            product_key: installed.key,
          }),
        }),
      ]);
      expect(lines).toHaveLength(3);
      expect(seen.refused).toEqual([]);
      await ctx.close();
    });
  }
});

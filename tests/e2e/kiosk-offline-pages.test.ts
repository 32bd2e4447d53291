import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ProductsListReply, ProductSummary } from '../../src/contracts/products-list';
import { OFFLINE_COPY_NOTE } from '../../src/device/use-offline-catalog';
import { cutNetwork, kioskDevice, pageText } from './support/pos';
import { e2eWorld } from './support/world';
import { shot } from './support/shots';

/**
 * The kiosk's pages offline on a portrait 1080x1920 screen (docs/decisions/storefront.md "Kiosk pages
 * offline"): staff sync the device and make it a kiosk; then the network is cut and the service
 * worker's catalog cache emptied, so nothing the kiosk shows can come from an earlier online visit.
 * A product page never opened online opens from a search result and by a fresh page load at its
 * address, with its name, price and the device's stock, and its Add to Cart fills the kiosk cart;
 * the catalog listing lists from the device catalog.
 */
const usd = (price: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(Number(price));

const listing = async (url: string, page: number): Promise<ProductsListReply> =>
  (await (await fetch(`${url}/api/products/?page=${page}&limit=24&sort=name&order=asc`)).json()) as ProductsListReply;

/** Two plain parts (a price, orderable, no options) from the second page of the catalog: never on the kiosk's first screen. */
async function twoParts(url: string): Promise<[ProductSummary, ProductSummary]> {
  const plain = (await listing(url, 2)).products.filter(
    (p) => p.price !== null && p.is_orderable && !p.requires_options,
  );
  expect(plain.length).toBeGreaterThanOrEqual(2);
  return [plain[0]!, plain[plain.length - 1]!];
}

async function expectProductPage(page: Page, part: ProductSummary): Promise<void> {
  const title = page.locator('#product-title');
  await expect.poll(() => title.innerText().catch(() => ''), { timeout: 20_000 }).toBe(part.name);
  const text = await pageText(page);
  expect(text).toContain(OFFLINE_COPY_NOTE);
  expect(text).toContain(usd(part.price!));
  expect(text).toMatch(/\d+ in Stock|Out of Stock/);
}

describe('kiosk pages offline (headless Chromium, 1080x1920)', () => {
  const world = e2eWorld();

  it('a product page never opened online, by search and by its address, adds to the kiosk cart; the listing', async () => {
    const url = world.srv.server.url;
    const browser = world.browser;
    const [searched, typed] = await twoParts(url);
    const first = await listing(url, 1);
    const firstPage = first.products.map((p) => p.name);
    const { ctx, page, start } = await kioskDevice(browser, url);
    await start.click();
    const addButtons = page.getByRole('button', { name: /^Add to Cart: / });
    await expect.poll(() => addButtons.first().isVisible(), { timeout: 15_000 }).toBe(true);

    // The server out of reach, and nothing the service worker kept of the catalog's reads.
    await cutNetwork(ctx, true);
    await page.evaluate(() => caches.delete('partsdesk-catalog-v1'));

    // Search (the device index) -> the result -> its page from the device catalog.
    await page.getByRole('combobox', { name: 'Search parts' }).fill(searched.mpn);
    const hit = page.getByRole('option', { name: new RegExp(searched.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
    await expect.poll(() => hit.first().isVisible(), { timeout: 20_000 }).toBe(true);
    await hit.first().click();
    await page.waitForURL((u) => u.pathname === searched.links.view);
    await expectProductPage(page, searched);
    // Compare needs the server: the note says so and the button is off.
    expect(await page.getByRole('button', { name: 'Compare this Product' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await expect.poll(() => page.getByTestId('kiosk-cart-count').innerText(), { timeout: 10_000 }).toBe('1');
    await shot(page, 'pd-kiosk-offline-product');

    // A fresh load at a product's address, offline: the page renders under the splash; Start goes
    // to the kiosk's home (the catalog, listed from the device), Back returns to the product.
    await page.goto(`${url}${typed.links.view}`);
    await expect
      .poll(
        () =>
          page
            .locator('#product-title')
            .innerText()
            .catch(() => ''),
        { timeout: 30_000 },
      )
      .toBe(typed.name);
    await expect.poll(() => start.isVisible(), { timeout: 15_000 }).toBe(true);
    await start.click();
    await page.waitForURL(/\/product\/catalog/);
    await expect.poll(() => addButtons.first().isVisible(), { timeout: 20_000 }).toBe(true);
    // The device lists the catalog's first page as the server does: the same parts in the same order.
    await expect.poll(() => page.locator('article h2').allTextContents(), { timeout: 10_000 }).toEqual(firstPage);
    const listed = await pageText(page);
    expect(listed).toContain(OFFLINE_COPY_NOTE);
    expect(listed).toMatch(/\d+ in Stock|Out of Stock/);
    expect(listed).toContain(`${first.total_items} parts`);
    await shot(page, 'pd-kiosk-offline-listing');
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL((u) => u.pathname === typed.links.view);
    await expectProductPage(page, typed);
    await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await expect.poll(() => page.getByTestId('kiosk-cart-count').innerText(), { timeout: 10_000 }).toBe('2');
    const lines = await page.evaluate(
      () => JSON.parse(localStorage.getItem('partsdesk.kiosk.cart') ?? '[]') as unknown,
    );
    expect((lines as { product_id: number }[]).map((l) => l.product_id)).toEqual([
      searched.product_id,
      typed.product_id,
    ]);
    await ctx.close();
  }, 300_000);
});

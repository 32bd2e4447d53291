/**
 * The main screens pass axe-core with no serious or critical violation, in the state a user sees
 * them: the storefront on a phone (catalog with the fitment block, product page, cart, checkout
 * with a refused card) and the POS on a tablet (orders list, cart with a line, checkout with the
 * cash modal open, receipt). Real server, real client build, headless Chromium.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TestClient } from '../support/http-client';
import { seriousViolations } from './support/axe';
import { newContext } from './support/browser';
import { addPart, cashierDevice, visible } from './support/pos';
import { e2eWorld } from './support/world';

const PHONE = { width: 390, height: 844 };

interface Listed {
  product_id: number;
  name: string;
  mpn: string;
  is_orderable: boolean;
  disable_pricing: boolean;
  links: { view: string };
}

describe('accessibility of the main screens (axe-core, headless Chromium)', () => {
  const world = e2eWorld(undefined, { serviceWorkers: 'block' });

  /** Asserts the screen has no serious or critical violation; the message lists what axe found. */
  async function expectAccessible(page: Page, screen: string): Promise<void> {
    const found = await seriousViolations(page);
    expect(found, `${screen}: ${JSON.stringify(found, null, 2)}`).toEqual([]);
  }

  /** An orderable, priced product in stock whose page needs no options (what a shopper can buy at once). */
  async function plainProduct(): Promise<Listed> {
    const http = new TestClient(world.srv.server.url);
    const list = (await http.get('/api/products/?limit=100')).body as { products: Listed[] };
    for (const p of list.products.filter((x) => x.is_orderable && !x.disable_pricing)) {
      const page = (await http.get(`/api/products/page${p.links.view}`)).body as {
        product: { requires_options: boolean };
      };
      if (page.product.requires_options) continue;
      const stock = (await http.post('/api/inventory/getInventoriesByProductId', { productId: p.product_id })).body as {
        totalInventory?: number;
      };
      if ((stock.totalInventory ?? 0) >= 2) return p;
    }
    throw new Error('the demo catalog has no plain product in stock');
  }

  it('storefront on a phone: catalog, product, cart and checkout', async () => {
    const url = world.srv.server.url;
    const product = await plainProduct();
    const ctx = await newContext(world.browser, PHONE);
    const page = await ctx.newPage();

    await page.goto(`${url}/product/catalog`);
    await page.getByRole('link', { name: product.name, exact: true }).first().waitFor();
    // What loads after the first paint is part of the screen: the header's cart and the fitment
    // block, opened so its tabs and selects are checked too.
    await page
      .getByRole('button', { name: /^Cart, \d+ items?$/ })
      .or(page.getByRole('link', { name: /^Cart, \d+ items?$/ }))
      .first()
      .waitFor();
    // The fitment block's own fold (the footer's folds may be in the page before it).
    await page.locator('details summary', { hasText: /^Shop by Vehicle/ }).click();
    await page.getByRole('tab', { name: /^Year ?\/ ?Make ?\/ ?Model$/ }).waitFor();
    await expectAccessible(page, 'catalog');

    await page.getByRole('link', { name: product.name, exact: true }).first().click();
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    await page.getByText(/^(\d+ in Stock|Out of Stock)$/).waitFor();
    await expectAccessible(page, 'product page');

    await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await page.getByRole('button', { name: 'Added!' }).waitFor();
    await page.goto(`${url}/checkout/cart`);
    await page.getByRole('table', { name: 'Cart totals' }).waitFor();
    await expectAccessible(page, 'cart page');

    await page.getByRole('link', { name: 'Checkout' }).click();
    await page.waitForURL(/\/checkout\/checkout$/);
    await page.getByLabel('First Name').waitFor();
    await expectAccessible(page, 'checkout');
    // The refused state: field messages and the processor's refusal under the button.
    await page.getByRole('button', { name: 'Confirm Order' }).click();
    await expect.poll(() => page.getByRole('alert').first().isVisible()).toBe(true);
    await expectAccessible(page, 'checkout with errors');
    await ctx.close();
  });

  it('POS on a tablet: orders list, cart, checkout with the cash modal, receipt', async () => {
    const url = world.srv.server.url;
    const product = await plainProduct();
    const { ctx, page } = await cashierDevice(world.browser, url);
    await page.getByRole('tab', { name: /^All/ }).waitFor();
    await expectAccessible(page, 'orders list');

    await page.getByRole('link', { name: 'Cart' }).click();
    await page.waitForURL(/\/pos\/cart/);
    await addPart(page, product.mpn);
    await expect.poll(() => page.getByTestId('cart-total').isVisible(), { timeout: 10_000 }).toBe(true);
    await expectAccessible(page, 'POS cart');

    await page.getByRole('button', { name: 'Save and Checkout' }).click();
    await page.waitForURL(/\/pos\/checkout/);
    await page.getByRole('heading', { name: /^Check Out - Order # / }).waitFor();
    await expectAccessible(page, 'POS checkout');

    await page.getByRole('button', { name: 'Cash', exact: true }).click();
    const cash = page.getByRole('dialog', { name: 'Cash Payment' });
    await cash.getByLabel('Amount').waitFor();
    await expectAccessible(page, 'cash payment modal');
    await cash.getByRole('button', { name: 'Balance' }).click();
    await cash.getByRole('button', { name: 'Add Cash Payment' }).click();
    await expect.poll(visible(page, 'Paid In Full')).toBe(true);

    await page.getByRole('button', { name: 'Complete' }).click();
    await page.waitForURL(/\/pos\/order\/receipt/);
    await expect.poll(visible(page, 'Payment Processed'), { timeout: 10_000 }).toBe(true);
    await expectAccessible(page, 'receipt');

    // The list again, now with the sale in it.
    await page.goto(`${url}/pos/order`);
    await page.getByRole('table').first().getByRole('row').nth(1).waitFor();
    await expectAccessible(page, 'orders list with an order');
    await ctx.close();
  });
});

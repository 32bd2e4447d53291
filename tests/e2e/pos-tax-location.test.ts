import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decimal, roundMoney, toWire } from '../../src/domain/money';
import { TestClient } from '../support/http-client';
import { launchBrowser } from './support/browser';
import { addPart, cashierDevice, serverOrders, visible, waitSynced } from './support/pos';
import { BROWSER_ENGINES, startE2EServer, type E2EServer } from './support/server';
import { shot } from './support/shots';

/**
 * Tax per store in headless Chromium (docs/decisions/domain.md "Tax rates by location"): a Denver
 * cashier's sale shows Denver's 9.15 % in the cart and at checkout, offline as online, and the
 * server stores the same total; an Austin cashier's sale of the same part shows Austin's 8.25 %.
 * On PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set.
 */
describe.each(BROWSER_ENGINES)('POS tax by store (headless Chromium, %s)', (engine) => {
  let srv: E2EServer;
  let browser: Browser;
  let mpn: string;

  beforeAll(async () => {
    [srv, browser] = await Promise.all([startE2EServer({ engine }), launchBrowser()]);
    // A priced, orderable part a scan adds at once; every demo part is in the Taxable Goods class.
    const r = await new TestClient(srv.server.url).get('/api/products/?limit=24&sort=price&order=asc');
    mpn = r.body.products.filter(
      (p: { requires_options: boolean; is_orderable: boolean; price: string | null }) =>
        !p.requires_options && p.is_orderable && p.price !== null,
    )[4].mpn;
  });
  afterAll(async () => {
    await browser?.close();
    await srv?.close();
  });

  /** A row of the Order Total breakdown on the page ('parts', 'tax', 'total'), as a plain amount. */
  const row = async (page: Page, code: string) =>
    ((await page.locator(`[data-code="${code}"] dd`).first().textContent()) ?? '').replace(/[$,]/g, '');
  const taxAt = (parts: string, rate: string) => toWire(roundMoney(decimal(parts).times(decimal(rate)).div(100)));

  async function addToCart(page: Page): Promise<void> {
    await page.getByRole('link', { name: 'Cart' }).click();
    await page.waitForURL(/\/pos\/cart/);
    await addPart(page, mpn);
    await expect.poll(() => page.getByTestId('cart-total').isVisible(), { timeout: 10_000 }).toBe(true);
  }

  it('Denver: the cart (offline) and the checkout show 9.15 % tax, and the server re-derives the same total', async () => {
    const { ctx, page } = await cashierDevice(browser, srv.server.url, { user: 'cashier2', offlineReady: true });
    await ctx.setOffline(true);
    await expect.poll(visible(page, /^Offline$/), { timeout: 5_000 }).toBe(true);
    await addToCart(page);
    const parts = await row(page, 'parts');
    expect(await page.locator('[data-code="tax"] dt').first().textContent()).toBe('Tax');
    await expect.poll(() => row(page, 'tax')).toBe(taxAt(parts, '9.15'));
    const total = await row(page, 'total');
    await shot(page, `tax-denver-cart-1024-${engine}`);

    await ctx.setOffline(false);
    await waitSynced(page);
    await page.getByRole('button', { name: 'Save and Checkout' }).click();
    await page.waitForURL(/\/pos\/checkout/);
    await expect
      .poll(() => page.getByRole('heading', { name: /^Check Out - Order # / }).isVisible(), { timeout: 10_000 })
      .toBe(true);
    expect(await row(page, 'tax')).toBe(taxAt(parts, '9.15'));
    expect(await row(page, 'total')).toBe(total);
    await shot(page, `tax-denver-checkout-1024-${engine}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, `tax-denver-checkout-390-${engine}`, { fullPage: true });
    await waitSynced(page);
    const saved = await serverOrders(srv.server.url, 'all');
    expect(saved.map((o) => o.order_total)).toContain(total);
    await ctx.close();
  });

  it('Austin: the same part is taxed at 8.25 %', async () => {
    const { ctx, page } = await cashierDevice(browser, srv.server.url, { user: 'cashier' });
    await addToCart(page);
    const parts = await row(page, 'parts');
    await expect.poll(() => row(page, 'tax')).toBe(taxAt(parts, '8.25'));
    expect(taxAt(parts, '8.25')).not.toBe(taxAt(parts, '9.15'));
    await ctx.close();
  });
});

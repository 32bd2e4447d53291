import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderInfo } from '../../src/contracts/pos-order';
import { productPageReplySchema, type ProductDetail } from '../../src/contracts/product-page';
import { formatUSD } from '../../src/domain/money';
import { TestClient } from '../support/http-client';
import { launchBrowser, newContext } from './support/browser';
import { addPart, cashierDevice, cutNetwork, pageText, visible, waitSynced } from './support/pos';
import { startE2EServer, type E2EServer } from './support/server';

/**
 * Core charges in headless Chromium: the product page names a part's core charge; on
 * the POS the part's line shows it and the Surcharge row carries it; a Core Return made offline
 * credits it back (Surcharge $0.00) through the outbox, and the server keeps the same figures.
 */
describe('core charge and core return (headless Chromium)', () => {
  let srv: E2EServer;
  let browser: Browser;
  let part: ProductDetail;

  beforeAll(async () => {
    [srv, browser] = await Promise.all([startE2EServer(), launchBrowser()]);
    // A demo alternator: alternators carry a core charge (server/db/demo/parts.ts), and one a scan adds at once.
    const guest = new TestClient(srv.server.url);
    const list = (await guest.get('/api/products/?search=alternator&limit=50')).body.products as {
      links: { view: string };
    }[];
    for (const p of list) {
      const r = productPageReplySchema.parse((await guest.get(`/api/products/page${p.links.view}`)).body);
      if (r.kind !== 'product') continue;
      const d = r.product;
      if (d.core_charge && d.is_orderable && !d.requires_options && d.price !== null && !d.disable_pricing) {
        part = d;
        break;
      }
    }
    expect(part, 'a demo part with a core charge').toBeDefined();
  });
  afterAll(async () => {
    await browser?.close();
    await srv?.close();
  });

  it('the product page names the core charge', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await page.goto(`${srv.server.url}${part.links.view}`);
    const text = `Plus ${formatUSD(part.core_charge)} core charge, refunded when you return the old part.`;
    await expect.poll(visible(page, text), { message: await pageText(page) }).toBe(true);
    await ctx.close();
  });

  it('the POS line carries the core charge in Surcharge; a Core Return made offline credits it back', async () => {
    const core = formatUSD(part.core_charge);
    const { ctx, page } = await cashierDevice(browser, srv.server.url);
    const surcharge = () => page.locator('[data-code="surcharge"] dd').first().textContent();
    await page.getByRole('link', { name: 'Cart' }).click();
    await page.waitForURL(/\/pos\/cart/);
    await addPart(page, part.mpn);
    await expect.poll(visible(page, `Core charge ${core} each`)).toBe(true);
    await expect.poll(surcharge).toBe(core);

    // Offline: the core return is applied at once on the device and queued like any cart change.
    await cutNetwork(ctx, true);
    await page.getByRole('button', { name: 'Core Return' }).click();
    const dialog = page.getByRole('dialog', { name: 'Core Return' });
    await dialog.getByLabel('Quantity').fill('100');
    await dialog.getByRole('button', { name: 'Add Core Return' }).click();
    await expect
      .poll(() => dialog.getByText('Core return quantity must be between 1 and 99.').first().isVisible())
      .toBe(true);
    await dialog.getByLabel('Quantity').fill('1');
    await dialog.getByRole('button', { name: 'Add Core Return' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(visible(page, `Core Return: ${part.name}`)).toBe(true);
    await expect.poll(surcharge).toBe('$0.00');
    const offlineTotal = await page.getByTestId('cart-total').textContent();

    await cutNetwork(ctx, false);
    await waitSynced(page);
    // The cart now shows the server's copy (its order number came with the pull): the same figures.
    await expect.poll(visible(page, /Cart - Order # \d+/)).toBe(true);
    await expect.poll(surcharge).toBe('$0.00');
    expect(await page.getByTestId('cart-total').textContent()).toBe(offlineTotal);
    expect(await page.getByText(/Conflicts \(\d+\)/).count()).toBe(0);

    // And the server derived the same from its catalog: the credit line and Surcharge $0.00.
    const number = /Order # (\d+)/.exec((await page.locator('#cart-title').textContent()) ?? '')?.[1];
    const admin = new TestClient(srv.server.url);
    expect((await admin.login('admin', 'admin')).status).toBe(200);
    const info = (await admin.get(`/api/order/info?order_id=${number}`)).body as OrderInfo;
    expect(info.products.map((l) => [l.kind, l.surcharge, l.total])).toEqual([
      ['product', part.core_charge, part.price],
      ['core_return', part.core_charge, `-${part.core_charge}`],
    ]);
    expect(info.totals.find((t) => t.code === 'surcharge')?.text).toBe('$0.00');
    expect(formatUSD(info.order_total)).toBe(offlineTotal);
    await ctx.close();
  });
});

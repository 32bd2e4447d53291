import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PO_NUMBER_ADDED, PO_NUMBER_REQUIRED_MESSAGE } from '../../src/domain/forms/po-number';
import { TestClient } from '../support/http-client';
import { launchBrowser } from './support/browser';
import { addPart, cashierDevice, pageText, serverOrders, visible, waitSynced } from './support/pos';
import { startE2EServer, type E2EServer } from './support/server';

/**
 * PO numbers on the checkout (issue 6) for a shop that requires them: Complete is refused with the
 * spec's message until the product has one; the checkout's own PO Number form adds it.
 */
describe('POS checkout with required PO numbers (headless Chromium)', () => {
  let srv: E2EServer;
  let browser: Browser;
  let part: { mpn: string; name: string };

  beforeAll(async () => {
    [srv, browser] = await Promise.all([startE2EServer({ settings: { po_numbers: { enabled: true, required: true } } }), launchBrowser()]);
    const r = await new TestClient(srv.server.url).get('/api/products/?limit=3&sort=price&order=asc');
    part = r.body.products[1];
  });
  afterAll(async () => {
    await browser?.close();
    await srv?.close();
  });

  it('refuses Complete without a PO number, takes one on the checkout, then completes', async () => {
    const { ctx, page } = await cashierDevice(browser, srv.server.url);
    await page.getByRole('link', { name: 'Cart' }).click();
    await page.waitForURL(/\/pos\/cart/);
    await addPart(page, part.mpn);
    await expect.poll(() => page.getByTestId('cart-total').isVisible(), { timeout: 10_000 }).toBe(true);
    await page.getByRole('button', { name: 'Save and Checkout' }).click();
    await page.waitForURL(/\/pos\/checkout/);

    const panel = page.getByRole('region', { name: 'Purchase Orders' });
    await expect.poll(() => panel.getByText('No PO Number').isVisible(), { timeout: 10_000, message: await pageText(page) }).toBe(true);
    await page.getByRole('button', { name: 'Cash', exact: true }).click();
    await page.getByRole('dialog', { name: 'Cash Payment' }).getByRole('button', { name: 'Add Cash Payment' }).click();
    await expect.poll(visible(page, 'Paid In Full')).toBe(true);

    await page.getByRole('button', { name: 'Complete' }).click();
    await expect.poll(visible(page, PO_NUMBER_REQUIRED_MESSAGE)).toBe(true);
    expect(page.url()).toMatch(/\/pos\/checkout/);

    await panel.getByRole('button', { name: 'PO Number' }).click();
    const dialog = page.getByRole('dialog', { name: 'PO Number' });
    await dialog.getByLabel('PO Number').fill('PO-7781');
    await dialog.getByRole('button', { name: 'Apply PO Number' }).click();
    await expect.poll(visible(page, PO_NUMBER_ADDED)).toBe(true);
    await expect.poll(() => panel.getByText('PO: PO-7781').isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Complete' }).click();
    await page.waitForURL(/\/pos\/order\/receipt/);
    await waitSynced(page);
    const done = await serverOrders(srv.server.url, 'complete');
    expect(done).toHaveLength(1);
    await ctx.close();
  });
});

import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../../src/contracts/protocol-version';
import { TestClient } from '../support/http-client';
import { launchBrowser } from './support/browser';
import { addPart, cashierDevice, pageText, serverOrders, visible, waitSynced } from './support/pos';
import { startE2EServer, type E2EServer } from './support/server';

/**
 * The POS counter (issue 5) in headless Chromium: build a sale with a product, a custom product and
 * labor, edit a price, save, find it under Saved, continue it, void it - once online and once made
 * offline then synced (issue 4: pending count, drain to 0, on the server exactly once). Online, a
 * gift certificate code is applied and removed; offline, applying says it needs the network.
 */

/** A gift certificate the shop sold: an order with a voucher line, paid and completed (through a push, as a till would). */
async function sellCertificate(url: string, amount: string): Promise<string> {
  const till = new TestClient(url);
  if ((await till.login('admin', 'admin')).status !== 200) throw new Error('admin login failed');
  const code = `GC-${randomUUID().slice(0, 6).toUpperCase()}`;
  const order = randomUUID();
  const mutations = [
    { name: 'order.create', args: { id: order } },
    { name: 'cart.addVoucher', args: { order_ref: order, line_id: randomUUID(), code, description: 'Gift Certificate', amount } },
    { name: 'transaction.add', args: { order_ref: order, id: randomUUID(), transaction_type: 'cash', amount } },
    { name: 'order.complete', args: { order_ref: order } },
  ].map((m, i) => ({ ...m, id: i + 1, at: new Date().toISOString() }));
  const r = await till.post('/sync/push', { clientId: randomUUID(), protocolVersion: PROTOCOL_VERSION, mutations });
  const statuses = (r.body.results ?? []).map((x: { status: string }) => x.status);
  if (r.status !== 200 || statuses.some((s: string) => s !== 'applied')) throw new Error(`selling a certificate failed: ${JSON.stringify(r.body)}`);
  return code;
}
describe('POS cart and order lifecycle (headless Chromium)', () => {
  let srv: E2EServer;
  let browser: Browser;
  let part: { mpn: string; name: string; price: string };

  beforeAll(async () => {
    [srv, browser] = await Promise.all([startE2EServer(), launchBrowser()]);
    const r = await new TestClient(srv.server.url).get('/api/products/?limit=5&sort=price&order=desc');
    part = r.body.products[0];
  });
  afterAll(async () => {
    await browser?.close();
    await srv?.close();
  });

  const total = (page: Page) => page.getByTestId('cart-total').textContent();

  async function buildSale(page: Page): Promise<void> {
    await page.getByRole('link', { name: 'Cart' }).click();
    await page.waitForURL(/\/pos\/cart/);
    await expect.poll(visible(page, 'Your shopping cart is empty!'), { timeout: 10_000 }).toBe(true);

    await addPart(page, part.mpn);
    await expect.poll(() => page.getByRole('cell', { name: new RegExp(part.name.slice(0, 20)) }).first().isVisible(), { timeout: 10_000 }).toBe(true);

    await page.getByRole('button', { name: 'Add a Custom Product' }).click();
    const custom = page.getByRole('dialog', { name: 'Add a Custom Product' });
    await custom.getByRole('button', { name: 'Add Product' }).click();
    await expect.poll(visible(page, 'Name is a required field.')).toBe(true);
    await custom.getByLabel('Name').fill('Shop towels');
    await custom.getByLabel('Price').fill('4.50');
    await custom.getByLabel('Quantity').fill('2');
    await custom.getByRole('button', { name: 'Add Product' }).click();
    await expect.poll(() => custom.isVisible()).toBe(false);

    await page.getByRole('button', { name: 'Custom labor' }).click();
    const labor = page.getByRole('dialog', { name: 'Custom labor' });
    await labor.getByLabel('Labor type').selectOption({ label: 'Standard Labor ($120.00/hr)' });
    await labor.getByLabel('Time (minutes)').fill('30');
    await labor.getByRole('button', { name: 'Add Labor' }).click();
    await expect.poll(() => labor.isVisible()).toBe(false);

    // Unit price edit: a 10% discount through the percent field keeps price and amount in sync.
    await page.getByRole('button', { name: `Edit unit price of ${part.name}` }).click();
    await page.getByLabel('Percentage').fill('-10');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect.poll(visible(page, 'The unit price has been updated.')).toBe(true);
  }

  it('online: build, apply and remove a code, save, find under Saved, continue, void', async () => {
    const { ctx, page } = await cashierDevice(browser, srv.server.url);
    await buildSale(page);
    const expected = await total(page);
    expect(expected).toMatch(/^\$\d/);

    const code = await sellCertificate(srv.server.url, '5.00');
    await page.getByLabel('Gift certificate code').fill('NO-SUCH-CODE');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(visible(page, 'Invalid code'), { timeout: 10_000 }).toBe(true);
    await page.getByLabel('Gift certificate code').fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(visible(page, `Gift certificate ${code} has been applied.`), { timeout: 10_000, message: await pageText(page) }).toBe(true);
    await expect.poll(() => page.getByText(`Gift Certificate (${code})`).isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await total(page)).toBe(expected);
    await page.getByRole('button', { name: `Remove code ${code}` }).click();
    await expect.poll(visible(page, `Gift certificate ${code} has been removed.`)).toBe(true);
    await expect.poll(() => page.getByTestId('cart-balance').isVisible()).toBe(false);

    await page.getByRole('button', { name: 'Save Order' }).click();
    await expect.poll(visible(page, 'Order Saved!')).toBe(true);
    await waitSynced(page);
    const saved = await serverOrders(srv.server.url, 'saved');
    expect(saved).toHaveLength(1);
    const order = saved[0]!;
    expect(`$${order.order_total}`).toBe(expected!.replace(/,/g, ''));

    await page.goto(`${srv.server.url}/pos/order?status=saved`);
    await expect.poll(() => page.getByRole('link', { name: `View order #${order.order_id}` }).isVisible(), { timeout: 10_000 }).toBe(true);

    await page.goto(`${srv.server.url}/pos/order/continue?order_id=${order.order_id}`);
    await page.waitForURL(/\/pos\/cart/);
    await expect.poll(visible(page, 'Shop towels'), { timeout: 10_000 }).toBe(true);
    expect(await total(page)).toBe(expected);
    const rows = (p: Page) => p.locator('dl[aria-label="Order Total"] [data-code]').allInnerTexts();
    const cartRows = await rows(page);

    await page.goto(`${srv.server.url}/pos/order/view?order_id=${order.order_id}`);
    // The detail's totals are the cart's: the same component and domain rows.
    await expect.poll(() => page.getByTestId('order-total').textContent(), { timeout: 10_000 }).toBe(expected);
    expect(await rows(page)).toEqual(cartRows);
    expect(cartRows.map((r) => r.split(/\s/)[0])).toEqual(['Parts', 'Surcharge', 'Labor', 'Tax', 'Order']);
    const admin = page.getByRole('button', { name: 'View in Admin' });
    expect(await admin.isDisabled()).toBe(true);
    expect(await admin.getAttribute('aria-describedby').then((id) => page.locator(`#${id}`).innerText())).toMatch(/no separate admin app/);
    await page.getByRole('button', { name: 'Void Order' }).click();
    await page.getByRole('dialog', { name: 'Void Order' }).getByRole('button', { name: 'Void Order' }).click();
    await expect.poll(visible(page, 'The order was voided.'), { message: await pageText(page) }).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Void Order' }).isDisabled(), { timeout: 10_000 }).toBe(true);
    await waitSynced(page);
    expect((await serverOrders(srv.server.url)).find((o) => o.id === order.id)?.order_status).toBe('Voided');
    await ctx.close();
  });

  it('offline: build, save, find under Saved, continue, void, all kept through a closed page; reaches the server exactly once', async () => {
    const known = new Set((await serverOrders(srv.server.url)).map((o) => o.id));
    const before = known.size;
    const { ctx, page } = await cashierDevice(browser, srv.server.url, { offlineReady: true });
    await ctx.setOffline(true);
    await expect.poll(visible(page, /^Offline$/), { timeout: 5_000 }).toBe(true);
    await buildSale(page);
    const expected = await total(page);
    expect(await page.getByRole('button', { name: 'Apply' }).isDisabled()).toBe(true);
    expect(await visible(page, 'Applying a code needs the network.')()).toBe(true);
    await page.getByRole('button', { name: 'Save Order' }).click();
    await expect.poll(visible(page, 'Order Saved!')).toBe(true);
    await expect.poll(visible(page, /\d+ changes? waiting/), { timeout: 5_000 }).toBe(true);

    // The cashier's tab dies mid-queue; a new one opens from the service worker, still offline.
    await page.close();
    const again = await ctx.newPage();
    await again.goto(`${srv.server.url}/pos/order`);
    await expect
      .poll(() => again.getByRole('heading', { name: /Pending sync/ }).isVisible(), { timeout: 15_000, message: 'pending box' })
      .toBe(true)
      .catch(async (e: unknown) => {
        throw new Error(`${String(e)}\n${await pageText(again)}`);
      });
    await expect.poll(visible(again, /\d+ changes? waiting/), { timeout: 10_000 }).toBe(true);

    // Under the Saved tab, still offline: the device's pending box lists it as saved.
    await again.goto(`${srv.server.url}/pos/order?status=saved`);
    const pendingBox = again.locator('section', { has: again.getByRole('heading', { name: /Pending sync/ }) });
    await expect.poll(() => pendingBox.getByRole('cell', { name: 'saved' }).isVisible(), { timeout: 15_000 }).toBe(true);
    await pendingBox.getByRole('link').first().click();
    await again.waitForURL(/\/pos\/order\/view/);
    const viewUrl = again.url();

    // Continue it into the cart, offline.
    await again.getByRole('button', { name: 'Continue Order' }).click();
    await again.waitForURL(/\/pos\/cart/);
    await expect.poll(visible(again, 'Shop towels'), { timeout: 10_000, message: await pageText(again) }).toBe(true);
    expect(await total(again)).toBe(expected);

    // Void it, offline.
    await again.goto(viewUrl);
    await again.getByRole('button', { name: 'Void Order' }).click();
    await again.getByRole('dialog', { name: 'Void Order' }).getByRole('button', { name: 'Void Order' }).click();
    await expect.poll(visible(again, 'The order was voided.'), { message: await pageText(again) }).toBe(true);
    await expect.poll(() => again.getByRole('button', { name: 'Void Order' }).isDisabled(), { timeout: 10_000 }).toBe(true);
    expect(await again.getByRole('button', { name: 'Continue Order' }).count()).toBe(0);
    expect((await serverOrders(srv.server.url)).length).toBe(before);

    await ctx.setOffline(false);
    await waitSynced(again);
    const after = await serverOrders(srv.server.url);
    expect(after).toHaveLength(before + 1);
    const added = after.filter((o) => !known.has(o.id));
    expect(added).toHaveLength(1);
    const synced = added[0];
    expect(synced?.order_status).toBe('Voided');
    expect(`$${synced?.order_total}`).toBe(expected!.replace(/,/g, ''));
    await expect.poll(() => again.getByRole('heading', { name: /Pending sync/ }).isVisible(), { timeout: 10_000 }).toBe(false);
    await ctx.close();
  });
});

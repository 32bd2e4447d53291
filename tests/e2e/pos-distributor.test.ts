import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../support/http-client';
import { Device } from '../integration/checkout/support/checkout-server';
import { seriousViolations } from './support/axe';
import { launchBrowser } from './support/browser';
import { cashierDevice, cutNetwork, pageText, visible } from './support/pos';
import { startE2EServer, type E2EServer } from './support/server';
import { shot } from './support/shots';

/**
 * "Order From Your Distributor" at the checkout (docs/decisions/distributor.md), 1024x768 and
 * 390x844, against the simulated distributor: the table with the shop's stock and the first
 * warehouse's cost, a warehouse change clamping the quantity, the order placed and its purchase
 * order on the checkout and the receipt, and offline the table saying it needs the network.
 */
describe('POS distributor ordering (headless Chromium)', () => {
  let srv: E2EServer;
  let browser: Browser;
  let part: { product_id: number; name: string; aaia: string; mpn: string; price: string };

  beforeAll(async () => {
    [srv, browser] = await Promise.all([startE2EServer(), launchBrowser()]);
    const api = new TestClient(srv.server.url);
    await api.login('cashier', 'cashier');
    const list = await api.get('/api/products/?limit=50');
    expect(list.status).toBe(200);
    part = list.body.products.find(
      (p: { requires_options: boolean; is_orderable: boolean; price: string | null }) =>
        !p.requires_options && p.is_orderable && p.price !== null,
    );
  });
  afterAll(async () => {
    await browser?.close();
    await srv?.close();
  });

  it('orders from the distributor at checkout; the purchase order shows on the receipt; offline it waits for the network', async () => {
    const api = new TestClient(srv.server.url);
    await api.login('cashier', 'cashier');
    const device = new Device(api);
    const id = crypto.randomUUID();
    await device.apply('order.create', { id });
    await device.apply('cart.addProduct', {
      order_ref: id,
      line_id: crypto.randomUUID(),
      product_id: part.product_id,
      name: part.name,
      mpn: part.mpn,
      aaia: part.aaia,
      price: part.price,
      quantity: 3,
      tax_class_id: null,
    });
    await device.apply('order.save', { order_ref: id });
    const number: number = (await api.get(`/pos/checkout/getTransactions?orderId=${id}`)).body.orderId;

    const { ctx, page } = await cashierDevice(browser, srv.server.url, { offlineReady: true });
    await page.goto(`${srv.server.url}/pos/checkout?order_id=${number}`);
    const table = page.getByRole('region', { name: 'Order From Your Distributor' });
    await expect
      .poll(() => table.getByRole('columnheader', { name: 'WD Quantity/Location' }).isVisible(), {
        timeout: 20_000,
        message: await pageText(page),
      })
      .toBe(true);
    for (const h of ['Product', 'Quantity', 'Stock', 'Cost'])
      expect(await table.getByRole('columnheader', { name: h, exact: true }).isVisible()).toBe(true);
    expect(await table.getByText(/^Your Cost$/).isVisible()).toBe(true);

    const inventory = await api.post('/pos/checkout/getInventoryDetails', {
      products: [{ aaia: part.aaia, mpn: part.mpn }],
    });
    const item = inventory.body.Items[0];
    // The simulator costs a part below the shop's own price (server/compose.ts gives it the catalog).
    for (const l of item.locations as { price: string }[]) expect(Number(l.price)).toBeLessThan(Number(part.price));
    // Cost shows the first location's price with $ and 2 decimals.
    expect(
      await table
        .getByRole('cell', { name: `$${item.locations[0].price}` })
        .first()
        .isVisible(),
    ).toBe(true);

    const qty = table.getByLabel(`Quantity of ${item.name} to order`);
    const warehouse = table.getByLabel(`Warehouse for ${item.name}`);
    const big = [...item.locations].sort(
      (a: { wd_inventory: number }, b: { wd_inventory: number }) => b.wd_inventory - a.wd_inventory,
    )[0];
    const small = [...item.locations].sort(
      (a: { wd_inventory: number }, b: { wd_inventory: number }) => a.wd_inventory - b.wd_inventory,
    )[0];
    expect(big.wd_inventory).toBeGreaterThan(small.wd_inventory);
    await warehouse.selectOption(big.warehouse_location);
    await qty.fill(String(big.wd_inventory + 5));
    await expect.poll(() => qty.inputValue()).toBe(String(big.wd_inventory));
    // Changing the warehouse clamps the quantity down to that warehouse's inventory (§4).
    await warehouse.selectOption(small.warehouse_location);
    await expect.poll(() => qty.inputValue()).toBe(String(small.wd_inventory));
    await qty.fill('-4');
    await expect.poll(() => qty.inputValue()).toBe('0');

    await warehouse.selectOption(big.warehouse_location);
    await qty.fill('2');
    const cents = Math.round(Number(big.price) * 100) * 2;
    const total = `$${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
    await expect.poll(() => table.getByTestId('distributor-your-cost').textContent()).toBe(total);
    await shot(page, 'pd-distributor-1024', { fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    await table.getByRole('button', { name: 'Order From Distributor' }).click();
    await expect.poll(visible(page, 'Success: the purchase order was submitted to your distributor.')).toBe(true);
    const placed = table.getByRole('list', { name: 'Distributor purchase orders' });
    await expect.poll(() => placed.getByText(`PO ${number}-1`).isVisible()).toBe(true);
    const info = await api.get(`/api/order/info?order_id=${id}`);
    expect(info.body.purchase_orders).toHaveLength(1);
    expect(info.body.purchase_orders[0]).toMatchObject({
      OrderTotalPrice: total.slice(1),
      Items: [expect.objectContaining({ PartNumber: part.mpn, Quantity: 2 })],
    });

    await page.goto(`${srv.server.url}/pos/order/receipt?order_id=${number}`);
    const receiptList = page.getByRole('list', { name: 'Distributor purchase orders' });
    await expect
      .poll(() => receiptList.getByText(`PO ${number}-1`).isVisible(), {
        timeout: 15_000,
        message: await pageText(page),
      })
      .toBe(true);
    await expect.poll(visible(page, total)).toBe(true);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${srv.server.url}/pos/checkout?order_id=${number}`);
    await expect
      .poll(() => table.getByRole('columnheader', { name: 'WD Quantity/Location' }).isVisible(), { timeout: 20_000 })
      .toBe(true);
    await shot(page, 'pd-distributor-390', { fullPage: true });
    // The page itself does not scroll sideways on a phone, and each part is a block of labelled
    // fields: the warehouse select and "Your Cost" are on screen without scrolling the table.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    for (const el of [table.getByTestId('distributor-your-cost'), table.getByLabel(`Warehouse for ${item.name}`)]) {
      const box = await el.boundingBox();
      expect(box !== null && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    }
    expect(await seriousViolations(page)).toEqual([]);

    await page.setViewportSize({ width: 1024, height: 768 });
    await cutNetwork(ctx, true);
    await expect.poll(visible(page, /^Offline$/), { timeout: 5_000 }).toBe(true);
    await expect.poll(visible(page, 'Ordering from your distributor needs the network.')).toBe(true);
    await cutNetwork(ctx, false);
    await expect
      .poll(() => table.getByRole('columnheader', { name: 'WD Quantity/Location' }).isVisible(), { timeout: 20_000 })
      .toBe(true);
    await ctx.close();
  });
});

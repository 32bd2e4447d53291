import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../../src/contracts/protocol-version';
import { formatUSD, money } from '../../src/domain/money';
import { TestClient } from '../support/http-client';
import { launchBrowser } from './support/browser';
import { addPart, cashierDevice, cutNetwork, pageText, serverOrders, visible, waitSynced } from './support/pos';
import { startE2EServer, type E2EServer } from './support/server';

/**
 * The POS counter in headless Chromium: build a sale with a product, a custom product and
 * labor, edit a price, save, find it under Saved, continue it, void it - once online and once made
 * offline then synced (pending count, drain to 0, on the server exactly once). Online, a
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
    {
      name: 'cart.addVoucher',
      args: { order_ref: order, line_id: randomUUID(), code, description: 'Gift Certificate', amount },
    },
    { name: 'transaction.add', args: { order_ref: order, id: randomUUID(), transaction_type: 'cash', amount } },
    { name: 'order.complete', args: { order_ref: order } },
  ].map((m, i) => ({ ...m, id: i + 1, at: new Date().toISOString() }));
  const r = await till.post('/sync/push', { clientId: randomUUID(), protocolVersion: PROTOCOL_VERSION, mutations });
  const statuses = (r.body.results ?? []).map((x: { status: string }) => x.status);
  if (r.status !== 200 || statuses.some((s: string) => s !== 'applied'))
    throw new Error(`selling a certificate failed: ${JSON.stringify(r.body)}`);
  return code;
}
describe('POS cart and order lifecycle (headless Chromium)', () => {
  let srv: E2EServer;
  let browser: Browser;
  let part: { mpn: string; name: string; price: string };

  beforeAll(async () => {
    // The shop requires a telephone on new customers: New Customer must follow the pulled setting.
    [srv, browser] = await Promise.all([
      startE2EServer({
        settings: { customer_form: { require_email: false, require_telephone: true, require_address: false } },
      }),
      launchBrowser(),
    ]);
    // An expensive part a scan adds at once, priced and orderable (a part that requires options asks for them first).
    const r = await new TestClient(srv.server.url).get('/api/products/?limit=24&sort=price&order=desc');
    part = r.body.products.find(
      (p: { requires_options: boolean; is_orderable: boolean; price: string | null }) =>
        !p.requires_options && p.is_orderable && p.price !== null,
    );
  });
  afterAll(async () => {
    await browser?.close();
    await srv?.close();
  });

  const total = (page: Page) => page.getByTestId('cart-total').textContent();

  /** Custom labor: the standard labor type for `minutes`. */
  async function addLabor(page: Page, minutes: number): Promise<void> {
    await page.getByRole('button', { name: 'Custom labor' }).click();
    const labor = page.getByRole('dialog', { name: 'Custom labor' });
    await labor.getByLabel('Labor type').selectOption({ label: 'Standard Labor ($120.00/hr)' });
    await labor.getByLabel('Time (minutes)').fill(String(minutes));
    await labor.getByRole('button', { name: 'Add Labor' }).click();
    await expect.poll(() => labor.isVisible()).toBe(false);
  }

  async function buildSale(page: Page): Promise<void> {
    await page.getByRole('link', { name: 'Cart' }).click();
    await page.waitForURL(/\/pos\/cart/);
    await expect.poll(visible(page, 'Your shopping cart is empty!'), { timeout: 10_000 }).toBe(true);

    await addPart(page, part.mpn);
    await expect
      .poll(
        () =>
          page
            .getByRole('cell', { name: new RegExp(part.name.slice(0, 20)) })
            .first()
            .isVisible(),
        { timeout: 10_000 },
      )
      .toBe(true);

    await page.getByRole('button', { name: 'Add a Custom Product' }).click();
    const custom = page.getByRole('dialog', { name: 'Add a Custom Product' });
    await custom.getByRole('button', { name: 'Add Product' }).click();
    await expect.poll(visible(page, 'Name is a required field.')).toBe(true);
    await custom.getByLabel('Name').fill('Shop towels');
    await custom.getByLabel('Price').fill('4.50');
    await custom.getByLabel('Quantity').fill('2');
    await custom.getByRole('button', { name: 'Add Product' }).click();
    await expect.poll(() => custom.isVisible()).toBe(false);

    await addLabor(page, 30);

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
    await expect
      .poll(visible(page, `Gift certificate ${code} has been applied.`), {
        timeout: 10_000,
        message: await pageText(page),
      })
      .toBe(true);
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
    await expect
      .poll(() => page.getByRole('link', { name: `View order #${order.order_id}` }).isVisible(), { timeout: 10_000 })
      .toBe(true);

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
    expect(await admin.getAttribute('aria-describedby').then((id) => page.locator(`#${id}`).innerText())).toMatch(
      /no separate admin app/,
    );
    await page.getByRole('button', { name: 'Void Order' }).click();
    await page.getByRole('dialog', { name: 'Void Order' }).getByRole('button', { name: 'Void Order' }).click();
    await expect.poll(visible(page, 'The order was voided.'), { message: await pageText(page) }).toBe(true);
    await expect
      .poll(() => page.getByRole('button', { name: 'Void Order' }).isDisabled(), { timeout: 10_000 })
      .toBe(true);
    await waitSynced(page);
    expect((await serverOrders(srv.server.url)).find((o) => o.id === order.id)?.order_status).toBe('Voided');
    await ctx.close();
  });

  it('counter tools: scanner from anywhere, 10+, labor tabs, PO number, New Customer, 44 px targets, toast links, order history, quote, abandon, cancel, last item', async () => {
    const { ctx, page } = await cashierDevice(browser, srv.server.url);
    const visited: string[] = [];
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) visited.push(new URL(f.url()).pathname);
    });
    await page.getByRole('link', { name: 'Cart' }).click();
    await page.waitForURL(/\/pos\/cart/);
    await expect.poll(visible(page, 'Your shopping cart is empty!'), { timeout: 10_000 }).toBe(true);
    const line = page.getByRole('cell', { name: new RegExp(part.name.slice(0, 20)) }).first();

    // A barcode scanner types while the focus is on the page, outside the search field.
    await page.getByRole('heading', { name: 'Cart' }).click();
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('BODY');
    // Keys dispatched in the page in one go, as fast as a scanner types (CDP round trips on a busy
    // machine can leave gaps above the 50 ms a scan allows between keys).
    await page.evaluate((code) => {
      for (const key of [...code, 'Enter'])
        document.body.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
    }, part.mpn);
    await expect.poll(() => line.isVisible(), { timeout: 10_000, message: await pageText(page) }).toBe(true);
    expect(await page.getByLabel('Add a part').inputValue()).toBe('');

    // Quantity "10+" switches the selector to a free input.
    const qty = page.getByLabel(`Quantity of ${part.name}`);
    await qty.selectOption({ label: '10+' });
    await expect.poll(() => qty.evaluate((el) => el.tagName)).toBe('INPUT');
    // The line first settles at 10 (the row re-renders with the new total), as a cashier sees it.
    const row = () => page.getByRole('row', { name: new RegExp(part.name.slice(0, 20)) }).innerText();
    await expect.poll(row, { timeout: 5_000 }).toContain(formatUSD(money(part.price).times(10)));
    await qty.fill('12');
    const twelve = formatUSD(money(part.price).times(12));
    await expect
      .poll(() => page.getByRole('row', { name: new RegExp(part.name.slice(0, 20)) }).innerText(), { timeout: 5_000 })
      .toContain(twelve);

    // Labor edit: two tabs, adjust time and adjust price.
    await addLabor(page, 30);
    await page.getByRole('button', { name: /^Edit labor / }).click();
    const edit = page.getByRole('dialog', { name: /^Edit labor/ });
    await edit.getByLabel('Time (minutes)').fill('0');
    expect(await edit.getByText('Time must be a positive number').isVisible()).toBe(true);
    await edit.getByLabel('Time (minutes)').fill('45');
    await edit.getByRole('button', { name: 'Update' }).click();
    await expect.poll(visible(page, 'The labor has been updated.')).toBe(true);
    await expect.poll(visible(page, /Labor · 45 min/)).toBe(true);
    await page.getByRole('button', { name: /^Edit labor / }).click();
    await edit.getByRole('tab', { name: 'Adjust price' }).click();
    await edit.getByLabel('Price per unit').fill('75.00');
    await edit.getByRole('button', { name: 'Update' }).click();
    await expect.poll(() => edit.isVisible()).toBe(false);
    await expect.poll(() => page.getByRole('button', { name: /^Edit labor / }).innerText()).toBe('$75.00');

    // PO number modal.
    await page.getByRole('button', { name: 'PO Number' }).click();
    const po = page.getByRole('dialog', { name: 'PO Number' });
    await po.getByRole('button', { name: 'Apply PO Number' }).click();
    await expect.poll(() => po.getByText('Please enter a PO Number').isVisible()).toBe(true);
    await po.getByLabel('PO Number').fill('PO-4410');
    await po.getByLabel('Apply to all products').check();
    await po.getByRole('button', { name: 'Apply PO Number' }).click();
    await expect.poll(visible(page, 'PO Number added successfully.')).toBe(true);
    await expect.poll(() => page.getByText('PO: PO-4410').count()).toBeGreaterThan(0);

    // New Customer follows the shop's customer_form setting (telephone required), then the banner.
    await page.getByRole('button', { name: 'Add Customer' }).click();
    await page
      .getByRole('dialog', { name: 'Search for a Customer' })
      .getByRole('button', { name: 'New Customer' })
      .click();
    const nc = page.getByRole('dialog', { name: 'New Customer' });
    await nc.getByLabel('First Name').fill('Dana');
    await nc.getByLabel('Last Name').fill('Okafor');
    await nc.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => nc.getByText('Required').isVisible()).toBe(true);
    await nc.getByLabel('Telephone').fill('555');
    await nc.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => nc.getByText('Invalid phone number format').isVisible()).toBe(true);
    await nc.getByLabel('Telephone').fill('(512) 555-0199');
    await nc.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => nc.isVisible()).toBe(false);
    const banner = page.getByLabel('Customer', { exact: true });
    const nameLink = banner.getByRole('link', { name: /Dana Okafor \(opens the customer in a new tab\)/ });
    await expect.poll(() => nameLink.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await nameLink.getAttribute('target')).toBe('_blank');
    expect(await nameLink.getAttribute('href')).toMatch(/^\/pos\/customer\/edit\?customer_id=[\w-]+$/);
    expect(await banner.getByTestId('banner-vehicle').innerText()).toBe('No vehicle selected');
    const [tab] = await Promise.all([ctx.waitForEvent('page'), nameLink.click()]);
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toBe('/pos/customer/edit');
    await tab.close();

    // Touch targets of the cart's buttons and controls, portrait and landscape 10-inch.
    for (const size of [
      { width: 768, height: 1024 },
      { width: 1024, height: 768 },
    ]) {
      await page.setViewportSize(size);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${size.width} px wide`).toBeLessThanOrEqual(0);
      const targets = page
        .locator('section[aria-labelledby="cart-title"]')
        .locator('button:visible, select:visible, input:visible, a:visible');
      const small: string[] = [];
      for (let i = 0; i < (await targets.count()); i++) {
        const t = targets.nth(i);
        const box = await t.boundingBox();
        if (!box || box.height < 44 || box.width < 44)
          small.push(`${await t.evaluate((el) => el.outerHTML.slice(0, 80))}: ${box?.width}x${box?.height}`);
      }
      expect(small, `${size.width}x${size.height}`).toEqual([]);
    }

    // Save: the toast's View Order link opens the detail; its Order History validates the notify fields.
    await page.getByRole('button', { name: 'Save Order' }).click();
    const toast = page.locator('li', { hasText: 'Order Saved!' });
    await expect.poll(() => toast.isVisible()).toBe(true);
    expect(await toast.getByRole('link', { name: 'All Orders' }).getAttribute('href')).toBe('/pos/order');
    await toast.getByRole('link', { name: 'View Order' }).click();
    await page.waitForURL(/\/pos\/order\/view\?order_id=/);
    await page.getByRole('button', { name: 'Order History' }).click();
    const hist = page.getByRole('dialog', { name: 'Order History' });
    expect(await hist.getByLabel('Notify by email').count()).toBe(0);
    await hist.getByLabel('Notify Customer').check();
    await hist.getByLabel('Notify by email').check();
    await hist.getByLabel('Email', { exact: true }).fill('not-an-email');
    await hist.getByLabel('Notify by text').check();
    await hist.getByLabel('Phone', { exact: true }).fill('12');
    await hist.getByRole('button', { name: 'Add History' }).click();
    await expect.poll(() => hist.getByText('Invalid email').isVisible()).toBe(true);
    expect(await hist.getByText('Invalid phone number format').isVisible()).toBe(true);
    expect(await hist.getByText("Customer doesn't constent to text messages").isVisible()).toBe(true);
    await hist.getByLabel('Email', { exact: true }).fill('');
    await hist.getByRole('button', { name: 'Add History' }).click();
    await expect.poll(() => hist.getByText('Required').isVisible()).toBe(true);
    await hist.getByLabel('Notify by text').uncheck();
    await hist.getByLabel('Email', { exact: true }).fill('dana@example.com');
    await hist.getByLabel('Comment').fill('Called about the filter');
    await hist.getByRole('button', { name: 'Add History' }).click();
    await expect.poll(visible(page, 'The order history was added.')).toBe(true);
    await expect.poll(visible(page, /Called about the filter/)).toBe(true);

    // Continue, then Quote: saved as a quote, the receipt says so.
    await page.getByRole('button', { name: 'Continue Order' }).click();
    await page.waitForURL(/\/pos\/cart/);
    await page.getByRole('button', { name: 'Quote' }).click();
    await page.waitForURL(/\/pos\/order\/receipt\?order_id=/);
    await expect
      .poll(() => page.getByRole('heading', { name: /^Quote - Order # / }).isVisible(), { timeout: 10_000 })
      .toBe(true);

    // Abandon a new sale (a draft with lines is voided), Cancel another, remove the last item of a third.
    const before = new Set((await serverOrders(srv.server.url)).map((o) => o.id));
    await page.getByRole('link', { name: 'Cart' }).click();
    await page.waitForURL(/\/pos\/cart/);
    for (const end of ['abandon', 'cancel', 'remove'] as const) {
      await addPart(page, part.mpn);
      await expect
        .poll(() => line.isVisible(), { timeout: 10_000, message: `${end}: ${await pageText(page)}` })
        .toBe(true);
      if (end === 'abandon') await page.getByRole('button', { name: 'Abandon' }).click();
      if (end === 'cancel') {
        await page.getByRole('button', { name: 'Cancel Order' }).click();
        await page.getByRole('dialog', { name: 'Cancel Order' }).getByRole('button', { name: 'Cancel Order' }).click();
        await expect.poll(visible(page, 'The order was cancelled.')).toBe(true);
      }
      if (end === 'remove') {
        visited.length = 0;
        await page.getByRole('button', { name: `Remove ${part.name}` }).click();
        await expect.poll(() => visited.includes('/checkout/cart'), { message: visited.join(', ') }).toBe(true);
        await page.waitForURL(/\/pos\/cart$/);
      }
      await expect.poll(visible(page, 'Your shopping cart is empty!'), { timeout: 10_000 }).toBe(true);
    }
    await waitSynced(page);
    const ended = (await serverOrders(srv.server.url)).filter((o) => !before.has(o.id));
    // Abandoned (lines, no money) and cancelled: both voided. The emptied draft is not listed.
    expect(ended.map((o) => o.order_status)).toEqual(['Voided', 'Voided']);
    await ctx.close();
  });

  it('offline: build, save, find under Saved, continue, void, all kept through a closed page; reaches the server exactly once', async () => {
    const known = new Set((await serverOrders(srv.server.url)).map((o) => o.id));
    const admin = new TestClient(srv.server.url);
    expect((await admin.login('admin', 'admin')).status).toBe(200);
    const shopCustomer: { firstname: string; lastname: string } = (await admin.get('/pos/customer/search?s=a')).body[0];
    const before = known.size;
    const { ctx, page } = await cashierDevice(browser, srv.server.url, { offlineReady: true });
    await cutNetwork(ctx, true);
    await expect.poll(visible(page, /^Offline$/), { timeout: 5_000 }).toBe(true);
    await buildSale(page);
    // Find a customer on the device and attach them, offline.
    await page.getByRole('button', { name: 'Add Customer' }).click();
    const search = page.getByRole('dialog', { name: 'Search for a Customer' });
    await search.getByLabel('Customer').fill(shopCustomer.lastname);
    const pick = search
      .getByRole('button', { name: `Select Customer ${shopCustomer.firstname} ${shopCustomer.lastname}` })
      .first();
    await expect.poll(() => pick.isVisible(), { timeout: 5_000, message: await pageText(page) }).toBe(true);
    await pick.click();
    await expect
      .poll(() =>
        page
          .getByRole('link', { name: new RegExp(`^${shopCustomer.firstname} ${shopCustomer.lastname} `) })
          .isVisible(),
      )
      .toBe(true);
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
    // Offline, the list is the device's own: the sale is in it, marked Pending sync.
    const pendingRows = again.locator('tbody tr').filter({ hasText: 'Pending sync' });
    await expect
      .poll(() => pendingRows.count(), { timeout: 15_000, message: 'pending row' })
      .toBe(1)
      .catch(async (e: unknown) => {
        throw new Error(`${String(e)}\n${await pageText(again)}`);
      });
    await expect.poll(visible(again, /\d+ changes? waiting/), { timeout: 10_000 }).toBe(true);

    // Under the Saved tab, still offline: listed as saved.
    await again.goto(`${srv.server.url}/pos/order?status=saved`);
    await expect
      .poll(async () => (await pendingRows.count()) === 1 && /saved/i.test((await pendingRows.textContent()) ?? ''), {
        timeout: 15_000,
      })
      .toBe(true);
    await pendingRows.getByRole('link', { name: /^View order / }).click();
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
    await expect
      .poll(() => again.getByRole('button', { name: 'Void Order' }).isDisabled(), { timeout: 10_000 })
      .toBe(true);
    expect(await again.getByRole('button', { name: 'Continue Order' }).count()).toBe(0);
    const early = (await serverOrders(srv.server.url)).filter((o) => !known.has(o.id));
    expect(early, 'nothing reaches the server while offline').toEqual([]);

    await cutNetwork(ctx, false);
    await waitSynced(again);
    const after = await serverOrders(srv.server.url);
    expect(after).toHaveLength(before + 1);
    const added = after.filter((o) => !known.has(o.id));
    expect(added).toHaveLength(1);
    const synced = added[0];
    expect(synced?.order_status).toBe('Voided');
    // The device shows the number the server gave it.
    await expect
      .poll(() => again.getByRole('heading', { name: `Order # ${synced?.order_id}` }).isVisible(), { timeout: 10_000 })
      .toBe(true);
    expect(`$${synced?.order_total}`).toBe(expected!.replace(/,/g, ''));
    await expect
      .poll(() => again.getByRole('heading', { name: /Pending sync/ }).isVisible(), { timeout: 10_000 })
      .toBe(false);
    await ctx.close();
  });

  it('a part scanned right after a reload, before the sync worker is connected, is added once it is', async () => {
    const { ctx, page } = await cashierDevice(browser, srv.server.url);
    await page.getByRole('link', { name: 'Cart' }).click();
    await page.waitForURL(/\/pos\/cart/);
    await expect.poll(visible(page, 'Your shopping cart is empty!'), { timeout: 10_000 }).toBe(true);
    // The worker script arrives 3 s late after the reload: the cart (read from IndexedDB on the page)
    // is on screen first, so the scan lands while the worker is not connected yet.
    await ctx.route(/\/assets\/worker-[^/]*\.js/, async (route) => {
      await new Promise((r) => setTimeout(r, 3_000));
      await route.fallback();
    });
    await page.reload();
    await addPart(page, part.mpn);
    await expect
      .poll(
        () =>
          page
            .getByRole('cell', { name: new RegExp(part.name.slice(0, 20)) })
            .first()
            .isVisible(),
        { timeout: 15_000 },
      )
      .toBe(true);
    expect(
      await page.getByRole('table', { name: 'Items in the cart' }).locator('tbody tr').count(),
      await pageText(page),
    ).toBe(1);
    await ctx.close();
  });
});

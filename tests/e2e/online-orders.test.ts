/**
 * Online orders (issue 23; docs/decisions/storefront.md "Online orders and fulfilment",
 * docs/decisions/pos.md "Online orders at the counter") in headless Chromium against the real
 * server and build. On a phone (390x844): a signed-in shopper checks out for pickup at the store
 * the locator chose (cookie locator_pickup_location) and for shipping (the flat rate added to the
 * total), then sees both in /account/order. On the counter's tablet (1024x768): the Online tab and
 * the pick list (online, and offline from the device cache); then on a phone (390x844, issue 23's
 * "Done when"): the pick list, Ready for pickup, the shopper's email in the outbox beside both
 * orders' confirmations, and the hand-over. Screenshots in $E2E_SHOTS (default /tmp) are looked at by hand.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { cashierDevice, pageText } from './support/pos';
import { startE2EServer, type E2EServer } from './support/server';
import { shot } from './support/shots';

const PHONE = { width: 390, height: 844 };
const orderShot = (page: Page, name: string) => shot(page, `online-orders-${name}`, { fullPage: true });

describe('online orders: checkout on a phone, fulfilment at the counter', () => {
  let srv: E2EServer;
  let browser: Browser;
  let productPath: string;
  let denver: { location_id: number; location_name: string };
  const placed: number[] = [];

  beforeAll(async () => {
    [srv, browser] = await Promise.all([startE2EServer(), launchBrowser()]);
    const url = srv.server.url;
    const list = (await (await fetch(`${url}/api/products/?limit=50`)).json()) as {
      products: {
        is_orderable: boolean;
        disable_pricing: boolean;
        requires_options: boolean;
        links: { view: string };
      }[];
    };
    const p = list.products.find((x) => x.is_orderable && !x.disable_pricing && !x.requires_options);
    productPath = p!.links.view;
    const stores = (await (await fetch(`${url}/index.php?route=product/product/getLocations`)).json()) as {
      locations: { location_id: number; location_name: string }[];
    };
    denver = stores.locations.find((s) => s.location_name.includes('Denver'))!;
  });
  afterAll(async () => {
    await browser?.close();
    await srv?.close();
  });

  async function shopperPhone(): Promise<Page> {
    const ctx = await browser.newContext({ viewport: PHONE, locale: 'en-US', serviceWorkers: 'block' });
    await ctx.addCookies([{ name: 'locator_pickup_location', value: String(denver.location_id), url: srv.server.url }]);
    const page = await ctx.newPage();
    await page.goto(`${srv.server.url}/account/login`);
    await page.getByLabel('Email').fill('shopper@example.com');
    await page.getByLabel('Password').fill('shopper');
    await page
      .getByRole('main')
      .getByRole('button', { name: /log ?in/i })
      .click();
    await page.waitForURL((u) => !u.pathname.startsWith('/account/login'));
    return page;
  }

  async function toCheckout(page: Page): Promise<void> {
    await page.goto(`${srv.server.url}${productPath}`);
    await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await page.getByRole('button', { name: 'Added!' }).waitFor();
    await page.goto(`${srv.server.url}/checkout/checkout`);
    await page.getByRole('button', { name: 'Confirm Order' }).waitFor();
  }

  async function pay(page: Page): Promise<number> {
    await page.getByLabel('Card Number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/39');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Confirm Order' }).click();
    await page
      .getByRole('heading', { name: 'Your order has been placed!' })
      .waitFor({ timeout: 30_000 })
      .catch(async (err: unknown) => {
        throw new Error(`order not placed: ${String(err)}\n--- page ---\n${await pageText(page)}`);
      });
    const id = Number(await page.getByTestId('order-id').textContent());
    placed.push(id);
    return id;
  }

  it('phone: pickup at the locator store, shipping with the flat rate, then the order history', async () => {
    const page = await shopperPhone();
    await toCheckout(page);
    const store = page.getByLabel('Pickup Store');
    await expect.poll(() => store.inputValue(), { message: await pageText(page) }).toBe(String(denver.location_id));
    await orderShot(page, 'phone-pickup');
    const pickupId = await pay(page);
    expect(pickupId).toBeGreaterThan(0);

    // The session read arriving after the cart's (a slow link): the form must still start from the
    // signed-in shopper's details, not blank ("Required" at Confirm Order; seen under load).
    await page.route('**/api/session', async (route) => {
      await new Promise((r) => setTimeout(r, 1_500));
      await route.continue();
    });
    await toCheckout(page);
    await page.unroute('**/api/session');
    expect(await page.getByLabel('E-Mail').first().inputValue()).toBe('shopper@example.com');
    const totalRow = page.getByRole('table', { name: 'Order totals' }).getByRole('row').last();
    const before = await totalRow.innerText();
    await page.getByRole('radio', { name: /Ship to me \(\$9\.95\)/ }).check();
    await page.getByRole('button', { name: 'Confirm Order' }).click();
    // The customer form's address rules: required fields are refused before any call.
    await page.getByRole('alert').first().waitFor();
    await page.getByLabel('Address 1').fill('12 Main Street');
    await page.getByLabel('City').fill('Austin');
    await page.getByLabel('Post Code').fill('78701');
    await page.getByLabel('Region / State').selectOption({ label: 'Texas' });
    await expect.poll(() => totalRow.innerText()).not.toBe(before);
    await page.getByText('Includes Flat Rate Shipping: $9.95').waitFor();
    await orderShot(page, 'phone-shipping');
    const shipId = await pay(page);

    await page.goto(`${srv.server.url}/account/order`);
    const list = page.getByRole('list', { name: 'Your orders' });
    await list.getByText(`Order # ${shipId}`).waitFor();
    await list.getByText(`Order # ${pickupId}`).waitFor();
    expect(await list.innerText()).toContain(`Pickup at ${denver.location_name}`);
    expect(await list.innerText()).toContain('Online — to pick');
    // One part each: the shipping line is not counted as an item, and no "1 item(s)".
    expect((await list.innerText()).match(/· 1 item ·/g)).toHaveLength(2);
    await orderShot(page, 'phone-history');
    await page.context().close();
  });

  it('counter: the Online tab and pick list on the tablet; on a phone the pick list, Ready, the outbox, the hand-over', async () => {
    const [pickupId, shipId] = placed as [number, number];
    // cashier2 works at the Denver store, where this order is picked up.
    const { ctx, page } = await cashierDevice(browser, srv.server.url, { user: 'cashier2' });
    await page.goto(`${srv.server.url}/pos/order?status=online`);
    await page.getByRole('tab', { name: /Online/ }).waitFor();
    await page.getByText(`#${pickupId}`).first().waitFor({ timeout: 20_000 });
    await orderShot(page, 'tablet-online-tab');
    await page.goto(`${srv.server.url}/pos/order/view?order_id=${pickupId}`);
    await page.getByRole('link', { name: 'Pick List' }).click();
    await page.getByRole('heading', { name: `Pick List - Order # ${pickupId}` }).waitFor();
    const items = page.getByRole('table', { name: 'Items to pick' });
    expect(await items.getByRole('row').count()).toBe(3);
    // One part: "1 item", never "item(s)".
    expect(await items.locator('tfoot').innerText()).toMatch(/^1\s+item · order total/);
    await page.getByRole('button', { name: 'Print Pick List' }).waitFor();
    await orderShot(page, 'tablet-pick-list');
    // Offline, the pick list opens from the device cache (the pulled order), printable, without the
    // steps; back online the steps return (docs/decisions/pos.md "The pick list offline").
    await ctx.setOffline(true);
    await page.getByRole('link', { name: 'View Order' }).click();
    await page.getByRole('link', { name: 'Pick List' }).click();
    await page.getByText("Offline: this is the device's copy of the pick list.").waitFor();
    await page.getByRole('heading', { name: `Pick List - Order # ${pickupId}` }).waitFor();
    expect(await items.getByRole('row').count()).toBe(3);
    const sheet = await page.locator('[aria-labelledby="pick-title"]').innerText();
    expect(sheet).toMatch(/Pickup at[\s\S]*Denver/i);
    expect(sheet).toContain('Online — to pick');
    await page.getByRole('button', { name: 'Print Pick List' }).waitFor();
    expect(await page.getByRole('button', { name: 'Ready for pickup' }).count()).toBe(0);
    await orderShot(page, 'tablet-pick-list-offline');
    // The rest on a phone: the pick list fits it and its steps are reachable.
    await page.setViewportSize(PHONE);
    await orderShot(page, 'phone-pick-list-offline');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    // Back online, the steps return on the same page.
    await ctx.setOffline(false);
    await page.getByRole('button', { name: 'Ready for pickup' }).click();
    await page.getByText('Marked ready for pickup. The customer has been notified.').first().waitFor();
    await page.getByRole('button', { name: 'Handed over' }).waitFor();
    await orderShot(page, 'phone-ready');

    await page.goto(`${srv.server.url}/pos/notifications`);
    const table = page.getByRole('table', { name: 'Messages' });
    await expect
      .poll(async () => (await table.innerText()).includes(`Ready for pickup - Order # ${pickupId}`), {
        timeout: 15_000,
        message: await pageText(page),
      })
      .toBe(true);
    // Both orders' confirmation emails, sent at checkout.
    for (const id of [pickupId, shipId])
      expect(await table.innerText()).toMatch(new RegExp(`Order confirmation from .+ - Order # ${id}\\b`));
    await orderShot(page, 'phone-outbox');

    await page.goto(`${srv.server.url}/pos/order/pick?order_id=${pickupId}`);
    await page.getByRole('button', { name: 'Handed over' }).click();
    await page.getByText('Order handed over and complete.').first().waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Handed over' }).count()).toBe(0);
    await orderShot(page, 'phone-complete');
    await ctx.close();
  });
});

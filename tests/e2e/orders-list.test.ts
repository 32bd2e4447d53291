import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ordersListReplySchema, type OrderRow } from '../../src/contracts/orders-list';
import { PROTOCOL_VERSION } from '../../src/contracts/protocol-version';
import { CONTINUE_ORDER_MESSAGE } from '../../src/domain/forms/continue-order';
import { TestClient } from '../support/http-client';
import { launchBrowser } from './support/browser';
import { closeWithEscape } from './support/pages';
import { cashierDevice, visible } from './support/pos';
import { startE2EServer, type E2EServer } from './support/server';

const COMPLETE_MESSAGE = 'This order is complete and can no longer be changed.';

/**
 * The /pos/order screen in headless Chromium on orders a cashier pushed through
 * /sync/push: tabs and counts, the Filter panel (customer, Clear Filters), the customer and item
 * popovers, Continue Order's selection rule, the Incomplete Transaction row, tablet widths.
 */
describe('POS orders list (headless Chromium)', () => {
  let srv: E2EServer;
  let browser: Browser;
  let ctx: BrowserContext | undefined;
  let page: Page;
  const rows: Record<'marta' | 'paid' | 'kiosk' | 'stuck', OrderRow> = {} as never;

  async function seedOrders(url: string): Promise<void> {
    const cashier = new TestClient(url);
    if ((await cashier.login('cashier', 'cashier')).status !== 200) throw new Error('cashier login failed');
    const [cust, marta, paid, kiosk, stuck] = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const line = (order: string, name: string, price: string, quantity: number) => ({
      name: 'cart.addCustomProduct',
      args: { order_ref: order, line_id: randomUUID(), name, price, quantity, tax_class_id: null },
    });
    const steps = [
      {
        name: 'customer.create',
        args: {
          id: cust,
          firstname: 'Marta',
          lastname: 'Quinlan',
          email: 'marta.quinlan@example.net',
          // Stored as typed, digits only: staff read it in the spec's mask (src/domain/phone.ts).
          telephone: '9998675309',
        },
      },
      { name: 'order.create', args: { id: marta, device_ref: 'E2-0001', customer_ref: cust } },
      line(marta, 'Brake pads', '20.00', 2),
      line(marta, 'Rotor', '35.00', 1),
      { name: 'order.save', args: { order_ref: marta } },
      { name: 'order.create', args: { id: paid, device_ref: 'E2-0002' } },
      line(paid, 'Wiper blades', '10.00', 1),
      {
        name: 'transaction.add',
        args: { order_ref: paid, id: randomUUID(), transaction_type: 'cash', amount: '10.00' },
      },
      { name: 'order.complete', args: { order_ref: paid } },
      { name: 'order.create', args: { id: kiosk, device_ref: 'E2-0003' } },
      line(kiosk, 'Oil filter', '8.00', 1),
      { name: 'order.submitKiosk', args: { order_ref: kiosk } },
      { name: 'order.create', args: { id: stuck, device_ref: 'E2-0004' } },
      line(stuck, 'Battery', '120.00', 1),
      { name: 'order.save', args: { order_ref: stuck } },
      {
        name: 'orderHistory.add',
        args: { order_ref: stuck, id: randomUUID(), order_status_id: 6, comment: 'Card reader timed out' },
      },
    ];
    // One minute apart, oldest first: the list shows them newest first.
    const base = Date.now() - steps.length * 60_000;
    const mutations = steps.map((m, i) => ({ id: i + 1, ...m, at: new Date(base + i * 60_000).toISOString() }));
    const r = await cashier.post('/sync/push', {
      clientId: randomUUID(),
      protocolVersion: PROTOCOL_VERSION,
      mutations,
    });
    const statuses = (r.body.results as { status: string }[]).map((x) => x.status);
    if (r.status !== 200 || statuses.some((s) => s !== 'applied'))
      throw new Error(`push failed: ${JSON.stringify(r.body)}`);
    const list = ordersListReplySchema.parse((await cashier.get('/api/order?from_pos=1')).body);
    const byId = (id: string) => list.orders.find((o) => o.id === id)!;
    Object.assign(rows, { marta: byId(marta), paid: byId(paid), kiosk: byId(kiosk), stuck: byId(stuck) });
  }

  beforeAll(async () => {
    [srv, browser] = await Promise.all([startE2EServer(), launchBrowser({ serviceWorkers: 'block' })]);
    await seedOrders(srv.server.url);
  });
  afterAll(async () => {
    await ctx?.close();
    await browser?.close();
    await srv?.close();
  });

  const table = () => page.getByRole('table', { name: 'Orders' });
  const bodyRows = () => table().locator('tbody tr');
  const select = (row: OrderRow) => page.getByRole('checkbox', { name: `Select order #${row.order_id}`, exact: true });
  const toast = (text: string) => page.getByText(text, { exact: true }).first();
  const toasts = (text: string) => page.getByText(text, { exact: true });

  /** One signed-in device for the whole file (expect.poll, which it waits with, needs a test). */
  async function signedIn(): Promise<Page> {
    if (!ctx) {
      ({ ctx, page } = await cashierDevice(browser, srv.server.url));
      await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: srv.server.url });
    }
    return page;
  }

  async function openList(query = ''): Promise<void> {
    await signedIn();
    await page.goto(`${srv.server.url}/pos/order${query}`);
    await expect.poll(() => table().isVisible(), { timeout: 15_000, message: 'orders table' }).toBe(true);
  }

  it('shows every tab with its count and lists the orders newest first', async () => {
    await openList();
    const tabs = { All: 4, Saved: 2, Kiosk: 1, 'Outstanding Balance': 3, Complete: 1 };
    for (const [tab, n] of Object.entries(tabs)) {
      expect(await page.getByRole('tab', { name: new RegExp(`^${tab}\\s*${n}$`) }).count(), tab).toBe(1);
    }
    expect(await bodyRows().count()).toBe(4);
    await page.getByRole('tab', { name: /^Kiosk/ }).click();
    await page.waitForURL(/status=kiosk/);
    await expect.poll(() => bodyRows().count()).toBe(1);
    expect(await bodyRows().first().textContent()).toContain(`#${rows.kiosk.order_id}`);
  });

  it('filters by customer, keeps the filter in the URL, and Clear Filters brings every order back', async () => {
    await openList();
    await page.getByRole('button', { name: /^Filter/ }).click();
    const panel = page.getByRole('search', { name: 'Filter orders' });
    await panel.getByLabel('Customer').fill('quinlan');
    await panel.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/filter_customer=quinlan/);
    await expect.poll(() => bodyRows().count()).toBe(1);
    expect(await bodyRows().first().textContent()).toContain('Marta Quinlan');
    expect(await page.getByRole('tab', { name: /^All\s*1$/ }).count()).toBe(1);
    // The statuses the server knows fill the Order Status filter.
    expect(
      await panel.getByLabel('Order Status').locator('option', { hasText: 'Incomplete Transaction' }).count(),
    ).toBe(1);

    await panel.getByRole('button', { name: 'Clear Filters' }).click();
    await expect.poll(() => page.url()).not.toContain('filter_customer');
    await expect.poll(() => bodyRows().count()).toBe(4);
    expect(await panel.getByLabel('Customer').inputValue()).toBe('');
  });

  it('opens the customer popover: Copy puts the email on the clipboard and says Copied; View Customer links to the customer', async () => {
    await openList();
    await page.getByRole('button', { name: 'Marta Quinlan' }).click();
    const popover = page.getByRole('dialog', { name: 'Customer Marta Quinlan' });
    await expect.poll(() => popover.isVisible()).toBe(true);
    expect(await popover.textContent()).toContain('(999) 867-5309');
    await popover.getByRole('button', { name: /^Copy/ }).click();
    await expect.poll(() => popover.getByRole('button', { name: 'Copied' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('marta.quinlan@example.net');
    // The label goes back after COPIED_LABEL_RESET_MS (2 s).
    await expect
      .poll(() => popover.getByRole('button', { name: /^Copy/ }).textContent(), { timeout: 5_000 })
      .toMatch(/^Copy/);
    const view = popover.getByRole('link', { name: 'View Customer' });
    expect(await view.getAttribute('href')).toBe(`/pos/customer/edit?customer_id=${rows.marta.customer_id}`);
    await closeWithEscape(page, popover);
  });

  it('opens the item popover with the order lines', async () => {
    await openList();
    await page.getByRole('button', { name: `3 items on order #${rows.marta.order_id}` }).click();
    const popover = page.getByRole('dialog', { name: `Items on order #${rows.marta.order_id}` });
    await expect.poll(() => popover.isVisible()).toBe(true);
    expect(await popover.getByRole('listitem').allTextContents()).toEqual(['2 × Brake pads', '1 × Rotor']);
    await closeWithEscape(page, popover);
  });

  it('marks the Incomplete Transaction row', async () => {
    await openList();
    const row = bodyRows().filter({ hasText: `#${rows.stuck.order_id}` });
    expect(await row.textContent()).toContain('Incomplete Transaction');
    const border = await row
      .locator('td')
      .first()
      .evaluate((td) => getComputedStyle(td).boxShadow);
    expect(border).toContain('rgb(180, 35, 24)');
  });

  it('Continue Order needs exactly one order that may still change, then opens it', async () => {
    await openList();
    const button = page.getByRole('button', { name: 'Continue Order' });
    await button.click();
    await expect.poll(() => toast(CONTINUE_ORDER_MESSAGE).isVisible()).toBe(true);
    await expect.poll(() => toasts(CONTINUE_ORDER_MESSAGE).count(), { timeout: 10_000 }).toBe(0);

    await select(rows.marta).check();
    await select(rows.stuck).check();
    await button.click();
    await expect.poll(() => toast(CONTINUE_ORDER_MESSAGE).isVisible()).toBe(true);
    await select(rows.marta).uncheck();
    await select(rows.stuck).uncheck();

    await select(rows.paid).check();
    await button.click();
    await expect.poll(() => toast(COMPLETE_MESSAGE).isVisible()).toBe(true);
    await select(rows.paid).uncheck();

    const visited: string[] = [];
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) visited.push(f.url());
    });
    await select(rows.marta).check();
    await button.click();
    await expect
      .poll(() => visited.some((u) => u.endsWith(`/pos/order/continue?order_id=${rows.marta.order_id}`)), {
        message: visited.join(', '),
      })
      .toBe(true);
  });

  it('fits a 10-inch tablet in portrait and landscape: no page-wide scroll, 44 px targets', async () => {
    for (const size of [
      { width: 768, height: 1024 },
      { width: 1024, height: 768 },
    ]) {
      await (await signedIn()).setViewportSize(size);
      await openList();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${size.width} px wide`).toBeLessThanOrEqual(0);
      for (const target of [
        page.getByRole('button', { name: 'Continue Order' }),
        page.getByRole('button', { name: /^Filter/ }),
        page.getByRole('button', { name: 'Marta Quinlan' }),
        page.getByRole('button', { name: `3 items on order #${rows.marta.order_id}` }),
        select(rows.marta).locator('xpath=..'),
      ]) {
        const box = await target.boundingBox();
        expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
      }
      await expect.poll(visible(page, 'Marta Quinlan')).toBe(true);
    }
  });
});

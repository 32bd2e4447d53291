import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../../src/contracts/protocol-version';
import { TestClient } from '../support/http-client';
import { cashierDevice, cutNetwork, pageText, visible } from './support/pos';
import { e2eWorld } from './support/world';

/**
 * /pos/customer, the customers list (docs/decisions/pos.md "Customers list"): search by name,
 * email and phone (with and without its formatting) over the device's customers, order count and
 * balance, paging, Assign to cart; and the same offline after a reload. Screenshots at 1024x768 and
 * 390x844 go to E2E_SHOTS=<dir> when set.
 */
describe('POS customers list (headless Chromium)', () => {
  const world = e2eWorld();
  const shots = process.env.E2E_SHOTS;

  /** Twelve "Zephyrine" customers (two pages of 10) and Marta, who has a saved $40 order. */
  async function seed(url: string): Promise<void> {
    const cashier = new TestClient(url);
    if ((await cashier.login('cashier', 'cashier')).status !== 200) throw new Error('cashier login failed');
    const marta = randomUUID();
    const order = randomUUID();
    const steps: { name: string; args: Record<string, unknown> }[] = [
      {
        name: 'customer.create',
        args: {
          id: marta,
          firstname: 'Marta',
          lastname: 'Quinlan',
          email: 'marta@example.net',
          telephone: '9998675309',
        },
      },
      { name: 'order.create', args: { id: order, customer_ref: marta } },
      {
        name: 'cart.addCustomProduct',
        args: {
          order_ref: order,
          line_id: randomUUID(),
          name: 'Brake pads',
          price: '40.00',
          quantity: 1,
          tax_class_id: null,
        },
      },
      { name: 'order.save', args: { order_ref: order } },
    ];
    for (let i = 1; i <= 12; i++)
      steps.push({
        name: 'customer.create',
        args: {
          id: randomUUID(),
          firstname: `Pat${String(i).padStart(2, '0')}`,
          lastname: 'Zephyrine',
          email: `pat${i}@zephyr.test`,
          telephone: `444555${String(1000 + i)}`,
        },
      });
    const mutations = steps.map((m, i) => ({ id: i + 1, ...m, at: new Date().toISOString() }));
    const r = await cashier.post('/sync/push', {
      clientId: randomUUID(),
      protocolVersion: PROTOCOL_VERSION,
      mutations,
    });
    const statuses = (r.body.results as { status: string }[]).map((x) => x.status);
    if (r.status !== 200 || statuses.some((s) => s !== 'applied')) throw new Error(`push: ${JSON.stringify(r.body)}`);
  }

  const rows = (page: Page) => page.getByRole('table', { name: 'Customers' }).locator('tbody tr');
  const search = async (page: Page, text: string) => {
    await page.getByRole('searchbox', { name: 'Search customers' }).fill(text);
    await expect.poll(() => new URL(page.url()).searchParams.get('s'), { message: await pageText(page) }).toBe(text);
  };
  const names = async (page: Page) => (await rows(page).locator('strong').allTextContents()).map((t) => t.trim());

  it('searches by name, email and phone, pages, shows orders and balance, assigns to the cart, online and offline', async () => {
    const { srv, browser } = world;
    await seed(srv.server.url);
    const { ctx, page } = await cashierDevice(browser, srv.server.url, { offlineReady: true });
    await page.goto(`${srv.server.url}/pos/customer`);
    await expect.poll(() => rows(page).count(), { timeout: 15_000, message: await pageText(page) }).toBe(10);

    // Name, then paging: 12 matches, 10 then 2, by name.
    await search(page, 'zephyrine');
    await expect
      .poll(() => names(page))
      .toEqual(Array.from({ length: 10 }, (_, i) => `Pat${String(i + 1).padStart(2, '0')} Zephyrine`));
    expect(await page.getByText('12 customers match "zephyrine"').count()).toBe(1);
    if (shots) await page.screenshot({ path: `${shots}/customers-1024.png`, fullPage: true });
    await page.getByRole('button', { name: 'Go to page 2', exact: true }).click();
    await expect.poll(() => names(page)).toEqual(['Pat11 Zephyrine', 'Pat12 Zephyrine']);

    // Email; phone with and without formatting; first and last name together.
    await search(page, 'pat7@zephyr');
    await expect.poll(() => names(page)).toEqual(['Pat07 Zephyrine']);
    await search(page, '(444) 555-1003');
    await expect.poll(() => names(page)).toEqual(['Pat03 Zephyrine']);
    await search(page, '4445551004');
    await expect.poll(() => names(page)).toEqual(['Pat04 Zephyrine']);
    await search(page, 'marta quinlan');
    await expect.poll(() => names(page)).toEqual(['Marta Quinlan']);
    const marta = rows(page).first();
    expect(await marta.textContent()).toContain('marta@example.net');
    expect(await marta.textContent()).toContain('Balance: $40.00');
    expect(await marta.locator('td').nth(4).innerText()).toBe('1');
    expect(await marta.getByRole('link', { name: 'Edit Marta Quinlan' }).getAttribute('href')).toMatch(
      /^\/pos\/customer\/edit\?customer_id=\d+$/,
    );
    await search(page, 'nobody-by-this-name');
    await expect.poll(visible(page, 'There are no results.')).toBe(true);

    // Assign to cart: the counter's sale gets the customer and the cart opens.
    await search(page, 'pat05');
    await expect.poll(() => names(page)).toEqual(['Pat05 Zephyrine']);
    await page.getByRole('button', { name: 'Assign Pat05 Zephyrine to cart' }).click();
    await page.waitForURL(/\/pos\/cart$/);
    await expect
      .poll(() => page.getByLabel('Customer', { exact: true }).first().textContent())
      .toContain('Pat05 Zephyrine');

    // Offline: a reload still lists and searches the device's customers; Assign to cart still works.
    await cutNetwork(ctx, true);
    await page.goto(`${srv.server.url}/pos/customer?s=zephyrine&page=2`).catch(() => undefined);
    await expect
      .poll(() => names(page), { timeout: 15_000, message: await pageText(page) })
      .toEqual(['Pat11 Zephyrine', 'Pat12 Zephyrine']);
    await search(page, '444-555-1009');
    await expect.poll(() => names(page)).toEqual(['Pat09 Zephyrine']);
    expect(await page.getByText('Something went wrong').count()).toBe(0);
    await page.setViewportSize({ width: 390, height: 844 });
    if (shots) await page.screenshot({ path: `${shots}/customers-390-offline.png`, fullPage: true });
    await page.setViewportSize({ width: 1024, height: 768 });
    await search(page, 'marta');
    await page.getByRole('button', { name: 'Assign Marta Quinlan to cart' }).click();
    await page.waitForURL(/\/pos\/cart$/);
    await expect
      .poll(() => page.getByLabel('Customer', { exact: true }).first().textContent())
      .toContain('Marta Quinlan');
    await ctx.close();
  });
});

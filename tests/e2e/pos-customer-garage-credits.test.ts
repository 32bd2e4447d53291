import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../../src/contracts/protocol-version';
import { CREDIT_ADDED } from '../../src/domain/forms/credit';
import { DELETE_VEHICLE_CONFIRM } from '../../src/domain/forms/vehicle';
import { TestClient } from '../support/http-client';
import { cashierDevice, cutNetwork, pageText, visible, waitSynced } from './support/pos';
import { e2eWorld } from './support/world';
import { shot } from './support/shots';

/**
 * The customer admin's Vehicles and Credits tabs (docs/decisions/pos.md "Customer vehicles and
 * credits"): online, a vehicle added with the fitment year/make/model selects and edited; offline,
 * a vehicle added and another deleted (with the spec's confirmation), store credit added (the
 * alert, the balance, the entry in the list); on reconnect the server has each change once.
 * Screenshots at 1024x768 and 390x844: /tmp/pd-garage-*.png, /tmp/pd-credits-*.png.
 */
describe('POS customer admin: Vehicles and Credits (headless Chromium)', () => {
  const world = e2eWorld();

  async function seed(url: string): Promise<string> {
    const till = new TestClient(url);
    if ((await till.login('cashier', 'cashier')).status !== 200) throw new Error('cashier login failed');
    const customer = randomUUID();
    const mutations = [
      { name: 'customer.create', args: { id: customer, firstname: 'Gail', lastname: 'Garage', email: 'gail@x.net' } },
      { name: 'vehicle.create', args: { id: randomUUID(), customer_ref: customer, title: 'Old wagon', vin: '' } },
      { name: 'credit.add', args: { id: randomUUID(), customer_ref: customer, description: 'Opening', amount: '20' } },
    ].map((m, i) => ({ ...m, id: i + 1, at: new Date().toISOString() }));
    const r = await till.post('/sync/push', { clientId: randomUUID(), protocolVersion: PROTOCOL_VERSION, mutations });
    if (r.status !== 200 || r.body.results.some((x: { status: string }) => x.status !== 'applied'))
      throw new Error(`push: ${JSON.stringify(r.body)}`);
    return customer;
  }

  async function shots(page: Page, name: string): Promise<void> {
    for (const [w, h] of [
      [1024, 768],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      await shot(page, `pd-${name}-${w}`, { fullPage: true });
    }
    await page.setViewportSize({ width: 1024, height: 768 });
  }

  /** Picks the first real option of a cascade select once its list has loaded. */
  async function pickFirst(page: Page, label: string): Promise<string> {
    const select = page.getByLabel(label);
    await expect.poll(() => select.locator('option').count(), { timeout: 15_000 }).toBeGreaterThan(1);
    await expect.poll(() => select.isEnabled()).toBe(true);
    const option = select.locator('option').nth(1);
    const value = (await option.getAttribute('value')) ?? '';
    await select.selectOption(value);
    return (await option.textContent()) ?? '';
  }

  it('garage and store credit, online then offline, reach the server once', async () => {
    const { srv, browser } = world;
    const customer = await seed(srv.server.url);
    const { ctx, page } = await cashierDevice(browser, srv.server.url, { offlineReady: true });
    await page.goto(`${srv.server.url}/pos/customer/edit?customer_id=${customer}&tab=vehicles`);
    const panel = page.getByRole('tabpanel');
    await expect.poll(visible(page, 'Old wagon'), { timeout: 15_000, message: await pageText(page) }).toBe(true);

    // Online: a vehicle from the fitment data, titled by its year/make/model.
    await page.getByRole('button', { name: 'Add Vehicle' }).click();
    const modal = page.getByRole('dialog', { name: 'Add Vehicle' });
    const year = await pickFirst(page, 'Select a Year');
    const make = await pickFirst(page, 'Select a Make');
    const model = await pickFirst(page, 'Select a Model');
    await modal.getByLabel('VIN').fill('short');
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect.poll(visible(page, 'VIN must be 17 characters')).toBe(true);
    await modal.getByLabel('VIN').fill('1ftfw1et5dfc10312');
    await shots(page, 'garage-modal');
    await modal.getByRole('button', { name: 'Save' }).click();
    const ymm = `${year} ${make} ${model}`;
    await expect.poll(() => panel.getByRole('cell', { name: ymm, exact: true }).count()).toBe(2);
    expect(await panel.getByRole('cell', { name: '1FTFW1ET5DFC10312' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: `Edit ${ymm}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Vehicle' });
    await edit.getByLabel('Notes').fill('Needs rear pads');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect.poll(visible(page, 'Needs rear pads')).toBe(true);
    await shots(page, 'garage-list');

    // Offline: add one, delete the old one (confirmation), all from the device store.
    await cutNetwork(ctx, true);
    await page.getByRole('button', { name: 'Add Vehicle' }).click();
    await modal.getByLabel('Title').fill('Shop truck');
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect.poll(visible(page, 'Shop truck')).toBe(true);
    await page.getByRole('button', { name: 'Delete Old wagon' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Vehicle' });
    expect(await confirm.textContent()).toContain(DELETE_VEHICLE_CONFIRM);
    await shots(page, 'garage-delete-offline');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => panel.getByText('Old wagon').count()).toBe(0);
    // Titles ascending, then descending on a click of the header.
    const titles = async () => (await panel.locator('tbody tr td:first-child').allTextContents()).map((s) => s.trim());
    expect(await titles()).toEqual([...(await titles())].sort((a, b) => a.localeCompare(b)));
    await panel.getByRole('button', { name: /Title/ }).click();
    expect(await titles()).toEqual([...(await titles())].sort((a, b) => b.localeCompare(a)));
    // A fresh load of the tab offline: the garage from the device store, the queued changes in it.
    await page.reload();
    await expect.poll(visible(page, 'Shop truck'), { timeout: 15_000, message: await pageText(page) }).toBe(true);
    expect(await panel.getByText('Old wagon').count()).toBe(0);

    // Credits offline: the balance, Add Credit's alert, the new entry.
    await page.getByRole('tab', { name: 'Credits' }).click();
    await expect.poll(visible(page, 'Opening')).toBe(true);
    expect(await page.getByRole('status').filter({ hasText: 'Balance' }).textContent()).toContain('$20.00');
    await page.getByRole('button', { name: 'Add Credit' }).click();
    const add = page.getByRole('dialog', { name: 'Add Credit' });
    await add.getByLabel('Description').fill('Core refund');
    await add.getByLabel('Amount').fill('15');
    await add.getByRole('button', { name: 'Add Credit' }).click();
    await expect.poll(() => add.getByRole('alert').textContent()).toBe(CREDIT_ADDED);
    await add.getByRole('button', { name: 'OK', exact: true }).click();
    await expect.poll(visible(page, 'Core refund')).toBe(true);
    expect(await page.getByRole('status').filter({ hasText: 'Balance' }).textContent()).toContain('$35.00');
    await shots(page, 'credits-offline');

    await cutNetwork(ctx, false);
    await waitSynced(page);
    const admin = new TestClient(srv.server.url);
    expect((await admin.login('admin', 'admin')).status).toBe(200);
    const garage = await admin.get(`/api/customer_vehicle?customerId=${customer}`);
    expect(garage.status).toBe(200);
    expect((garage.body.data as { title: string }[]).map((v) => v.title).sort()).toEqual([ymm, 'Shop truck'].sort());
    const credits = await admin.get(`/api/customer_credit?customer_id=${customer}`);
    expect(credits.body).toMatchObject({ balance: '35.00', total: 2 });
    await ctx.close();
  });
});

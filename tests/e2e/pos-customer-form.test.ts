import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TestClient } from '../support/http-client';
import { cashierDevice, cutNetwork, pageText, visible, waitSynced } from './support/pos';
import { shot } from './support/shots';
import { e2eWorld } from './support/world';

/**
 * The customer form (docs/decisions/pos.md "Customer form"): /pos/customer/add creates a customer
 * with an address and custom fields (every type the demo defines), the schema's messages show,
 * the add screen becomes the edit screen, an edit saves; then the same offline (a reload, create,
 * edit) and back online, the server holding every change. The New Customer modal of the cart sends
 * the address the shop requires. Screenshots at 1024x768 and 390x844 go to E2E_SHOTS=<dir> when set.
 */
describe('POS customer form (headless Chromium)', () => {
  const world = e2eWorld({
    settings: { customer_form: { require_email: false, require_telephone: false, require_address: true } },
  });
  const shots = process.env.E2E_SHOTS;

  const saved = (page: Page) => visible(page, 'Customer successfully saved!');

  /** The server's copy (admin GET /api/customer/get?customerId=). */
  async function serverCustomer(url: string, id: string) {
    const admin = new TestClient(url);
    if ((await admin.login('admin', 'admin')).status !== 200) throw new Error('admin login failed');
    const r = await admin.get(`/api/customer/get?customerId=${id}`);
    return r.status === 200 ? (r.body.customer as Record<string, any>) : null;
  }

  async function fillCustomer(page: Page, first: string, last: string): Promise<void> {
    await page.getByLabel('First Name').fill(first);
    await page.getByLabel('Last Name').fill(last);
    await page.getByLabel('E-Mail').fill(`${first.toLowerCase()}@example.net`);
    await page.getByLabel('Telephone').fill('(303) 555-0142');
    await page.getByLabel('Preferred Contact').selectOption({ label: 'E-Mail' });
    await page.getByRole('radio', { name: 'Fleet' }).check();
    await page.getByRole('checkbox', { name: 'Performance' }).check();
    await page.getByRole('checkbox', { name: 'Classic cars' }).check();
    await page.getByLabel('Referred By').fill('Radio ad');
    await page.getByLabel('Birthday').fill('1990-04-30');
    await page.getByLabel('Best Time to Call').fill('14:30');
    await page.getByLabel('Next Service Reminder').fill('2027-01-15T09:30');
  }

  async function fillAddress(page: Page): Promise<void> {
    await page.getByRole('button', { name: 'Add Address' }).click();
    await expect.poll(visible(page, 'Address 1')).toBe(true);
    await page.getByLabel('First Name').fill('Dana');
    await page.getByLabel('Last Name').fill('Driver');
    await page.getByLabel('Address 1', { exact: true }).fill('12 Main St');
    await page.getByLabel('City').fill('Denver');
    await page.getByLabel('Post Code').fill('80202');
    expect(await page.getByLabel('Country').inputValue()).toBe('223');
    await page.getByLabel('Region / State').selectOption({ label: 'Colorado' });
    await page.getByLabel('Delivery Instructions').fill('Side door');
  }

  const customerIdOf = (page: Page) => new URL(page.url()).searchParams.get('customer_id') ?? '';

  it('adds and edits a customer with an address and custom fields, online then offline', async () => {
    const { srv, browser } = world;
    const url = srv.server.url;
    const { ctx, page } = await cashierDevice(browser, url, { offlineReady: true });
    await page.goto(`${url}/pos/customer/add`);
    await expect.poll(visible(page, 'Add Customer'), { timeout: 15_000, message: await pageText(page) }).toBe(true);
    // No password before the customer exists; no Safe toggle in POS.
    expect(await page.getByLabel('Password').count()).toBe(0);
    expect(await page.getByLabel('Safe').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'New Transaction' }).isDisabled()).toBe(true);

    // The schema's messages: a missing name, a short one, a bad email.
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('alert').allTextContents()).toContain('Required');
    await page.getByLabel('First Name').fill('W');
    await page.getByLabel('E-Mail').fill('nope');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(visible(page, 'Minimum 2 characters')).toBe(true);
    await expect.poll(visible(page, 'Invalid email')).toBe(true);
    // Tax Exempt Number only when tax exempt.
    expect(await page.getByLabel('Tax Exempt Number').count()).toBe(0);
    await page.getByLabel('Tax Exempt', { exact: true }).check();
    await page.getByLabel('Tax Exempt Number').fill('EX-77');

    await fillCustomer(page, 'Wanda', 'Wrench');
    await fillAddress(page);
    // A missing region is shown on its address.
    await page.getByLabel('Region / State').selectOption('');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('alert').allTextContents()).toContain('Required');
    await page.getByLabel('Region / State').selectOption({ label: 'Colorado' });
    if (shots) await page.screenshot({ path: `${shots}/customer-form-address-1024.png`, fullPage: true });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(saved(page), { message: await pageText(page) }).toBe(true);
    await page.waitForURL(/\/pos\/customer\/edit\?customer_id=/);
    const wanda = customerIdOf(page);
    await expect.poll(visible(page, 'Wanda Wrench')).toBe(true);
    expect(await page.getByLabel('Password').count()).toBe(1);
    if (shots) await page.screenshot({ path: `${shots}/customer-form-1024.png`, fullPage: true });

    await waitSynced(page);
    const onServer = await serverCustomer(url, wanda);
    expect(onServer).toMatchObject({ firstname: 'Wanda', tax_exempt: true, tax_exempt_number: 'EX-77' });
    expect(Object.values(onServer?.account_custom_field ?? {})).toEqual(
      expect.arrayContaining(['Radio ad', '1990-04-30', '14:30', '2027-01-15 09:30']),
    );
    expect(onServer?.addresses).toHaveLength(1);
    expect(onServer?.addresses[0]).toMatchObject({ city: 'Denver', zone_id: 3606, default: true });
    expect(Object.values(onServer?.addresses[0].custom_field ?? {})).toEqual(['Side door']);

    // Edit: a new telephone.
    await page.getByLabel('Telephone').fill('303-555-0100');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(async () => (await serverCustomer(url, wanda))?.telephone, { timeout: 20_000 })
      .toBe('303-555-0100');
    // Add History opens the History tab.
    await page.getByRole('button', { name: 'Add History' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('tab')).toBe('history');

    // Offline: a reload of the add screen, create, edit; back online the server has both changes.
    await cutNetwork(ctx, true);
    await page.goto(`${url}/pos/customer/add`).catch(() => undefined);
    await expect.poll(visible(page, 'Add Customer'), { timeout: 15_000, message: await pageText(page) }).toBe(true);
    await fillCustomer(page, 'Otto', 'Offline');
    await fillAddress(page);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(saved(page), { message: await pageText(page) }).toBe(true);
    await page.waitForURL(/\/pos\/customer\/edit\?customer_id=/);
    const otto = customerIdOf(page);
    await page.getByLabel('Last Name').fill('Offliner');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(visible(page, 'Otto Offliner'), { message: await pageText(page) }).toBe(true);
    await page.setViewportSize({ width: 390, height: 844 });
    if (shots) await page.screenshot({ path: `${shots}/customer-form-390-offline.png`, fullPage: true });
    await page.getByRole('button', { name: 'Address 1', exact: true }).click();
    if (shots) await page.screenshot({ path: `${shots}/customer-form-address-390-offline.png`, fullPage: true });
    await page.setViewportSize({ width: 1024, height: 768 });
    expect(await serverCustomer(url, otto).catch(() => null)).toBeNull();
    // A fresh load of a synced customer's General tab offline: the device's copy with the edit.
    await page.goto(`${url}/pos/customer/edit?customer_id=${wanda}&tab=general`).catch(() => undefined);
    await expect
      .poll(() => page.getByLabel('First Name').inputValue(), { timeout: 15_000, message: await pageText(page) })
      .toBe('Wanda');
    expect(await page.getByLabel('Telephone').inputValue()).toContain('555-0100');

    await cutNetwork(ctx, false);
    await waitSynced(page, 45_000);
    const synced = await serverCustomer(url, otto);
    expect(synced).toMatchObject({ firstname: 'Otto', lastname: 'Offliner' });
    expect(synced?.addresses[0]).toMatchObject({ city: 'Denver', zone_id: 3606 });
    expect(Object.keys(synced?.account_custom_field ?? {})).toHaveLength(7);
    await ctx.close();
  });

  it('an admin defines a custom field in Settings and the customer form asks it', async () => {
    const { srv, browser } = world;
    const url = srv.server.url;
    const { ctx, page } = await cashierDevice(browser, url, { user: 'admin' });
    await page.goto(`${url}/pos/settings`);
    await page.getByRole('link', { name: 'Custom Fields' }).click();
    const table = page.getByRole('table', { name: 'Custom fields' });
    await expect.poll(() => table.isVisible(), { message: await pageText(page) }).toBe(true);
    await page.getByRole('button', { name: 'Add Custom Field' }).click();
    const modal = page.getByRole('dialog', { name: 'Add Custom Field' });
    await modal.getByLabel('Name').fill('Loyalty Tier');
    await modal.getByLabel('Type').selectOption('select');
    // A choice type needs its choices: the schema's message first.
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => modal.getByRole('alert').allTextContents()).toContain('Add at least one choice.');
    for (const [i, name] of ['Gold', 'Silver'].entries()) {
      await modal.getByRole('button', { name: 'Add Choice' }).click();
      await modal.getByLabel(`Choice ${i + 1}`, { exact: true }).fill(name);
    }
    for (const [w, h] of [
      [1024, 768],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      await shot(page, `pd-custom-field-modal-${w}`);
    }
    await page.setViewportSize({ width: 1024, height: 768 });
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect.poll(visible(page, 'Success: custom field saved.')).toBe(true);
    await expect.poll(() => table.getByRole('row', { name: /Loyalty Tier/ }).textContent()).toMatch(/SelectAccount/);
    for (const [w, h] of [
      [1024, 768],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      await shot(page, `pd-custom-fields-${w}`, { fullPage: true });
    }
    await page.setViewportSize({ width: 1024, height: 768 });
    // This tablet pulled the definition: the customer form offers it.
    await page.goto(`${url}/pos/customer/add`);
    await expect.poll(() => page.getByLabel('Loyalty Tier').count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByLabel('Loyalty Tier').locator('option').allTextContents()).toEqual(
      expect.arrayContaining(['Gold', 'Silver']),
    );
    // Disabled: the form stops asking.
    await page.goto(`${url}/pos/settings/custom-fields`);
    await page.getByRole('button', { name: 'Edit Loyalty Tier' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Loyalty Tier' });
    expect(await edit.getByLabel('Type').isDisabled()).toBe(true);
    await edit.getByRole('checkbox', { name: 'Enabled' }).uncheck();
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => table.getByRole('row', { name: /Loyalty Tier/ }).textContent()).toContain('Disabled');
    await page.goto(`${url}/pos/customer/add`);
    await expect.poll(visible(page, 'Add Customer')).toBe(true);
    await expect.poll(() => page.getByLabel('Loyalty Tier').count(), { timeout: 15_000 }).toBe(0);
    await ctx.close();
  });

  it("the cart's New Customer sends the address the shop requires", async () => {
    const { srv, browser } = world;
    const url = srv.server.url;
    const { ctx, page } = await cashierDevice(browser, url);
    await page.getByRole('link', { name: 'Cart' }).click();
    await page.waitForURL(/\/pos\/cart/);
    await page.getByRole('button', { name: 'Add Customer' }).click();
    await page.getByRole('button', { name: 'New Customer' }).click();
    const modal = page.getByRole('dialog', { name: 'New Customer' });
    await modal.getByLabel('First Name', { exact: true }).fill('Mona');
    await modal.getByLabel('Last Name', { exact: true }).fill('Modal');
    await modal.getByLabel('Address First Name').fill('Mona');
    await modal.getByLabel('Address Last Name').fill('Modal');
    await modal.getByLabel('Address 1', { exact: true }).fill('9 Elm St');
    await modal.getByLabel('City').fill('Boulder');
    await modal.getByLabel('Post Code').fill('80301');
    await modal.getByLabel('Country').selectOption('223');
    await modal.getByLabel('Region / State').selectOption({ label: 'Colorado' });
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect.poll(visible(page, 'Customer successfully saved!'), { message: await pageText(page) }).toBe(true);
    await waitSynced(page);
    const admin = new TestClient(url);
    await admin.login('admin', 'admin');
    const found = await admin.get('/pos/customer/search?s=Mona%20Modal');
    const id = (found.body as { id: string; lastname: string }[]).find((c) => c.lastname === 'Modal')?.id ?? '';
    const mona = await serverCustomer(url, id);
    expect(mona?.addresses).toEqual([
      expect.objectContaining({ address_1: '9 Elm St', city: 'Boulder', zone_id: 3606 }),
    ]);
    await ctx.close();
  });
});

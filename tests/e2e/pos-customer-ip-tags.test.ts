import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ipBanned } from '../../src/contracts/customer-ip';
import { NO_TAGS, TAG_CREATED, TAGS_SAVED } from '../../src/contracts/customer-tag';
import { TAGS_PENDING } from '../../src/pos/customer-admin/tabs/tags-tab';
import { TestClient } from '../support/http-client';
import { cashierDevice, cutNetwork, pageText, visible } from './support/pos';
import { e2eWorld } from './support/world';
import { shot } from './support/shots';

/**
 * The customer admin screen's IP Addresses and Tags tabs (docs/decisions/pos.md "Customer IP
 * addresses and tags") on the demo shopper: addresses in pages of 10 with asc/desc, a location on
 * demand (and "Failed to get location details." for a private address), ban with the row's own
 * loading, the total-accounts link to the customers list filtered by the address; no tags yet
 * (the shop's were removed before start) → "Create a tag"; offline, tick it and Save: shown at once
 * and pending, kept across an offline reload, on the server once back online (docs/decisions/pos.md
 * "Customer tags offline"). Offline the IP tab says the network is needed. Screenshots at 1024x768
 * and 390x844: /tmp/pd-iptags-*.png.
 */
describe('POS customer IP addresses and tags (headless Chromium)', () => {
  const world = e2eWorld({
    // The simulator, explicitly: the default adapter (dataset) answers at once, this one shows the loading.
    env: { GEOLOCATION: 'simulator', GEOLOCATION_LATENCY_MS: '20', GEOLOCATION_FAILURE_RATE: '0' },
    prepare: async ({ db }) => {
      await db.deleteFrom('customer_tags').execute();
      const me = await db
        .selectFrom('customers')
        .select('id')
        .where('email', '=', 'shopper@example.com')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('customer_ips')
        .values({ customer_ref: me.id, ip: '10.0.0.7', date_added: '2020-01-01T00:00:00Z' })
        .execute();
    },
  });

  const shots = async (page: Page, name: string) => {
    for (const [w, h] of [
      [1024, 768],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      await shot(page, `pd-iptags-${name}-${w}`, { fullPage: true });
    }
    await page.setViewportSize({ width: 1024, height: 768 });
  };
  const rows = (page: Page) => page.getByRole('table', { name: 'IP addresses' }).locator('tbody tr');
  const firstIp = async (page: Page) => (await rows(page).first().locator('td').first().innerText()).trim();

  it('lists, sorts, pages, locates and bans addresses; a tag created, ticked and saved offline reaches the server', async () => {
    const { srv, browser } = world;
    const admin = new TestClient(srv.server.url);
    expect((await admin.login('admin', 'admin')).status).toBe(200);
    const hit = await admin.get('/pos/customer/search?s=shopper@example.com', { 'x-requested-with': 'XMLHttpRequest' });
    const number = hit.body[0].customer_id as number;
    const { ctx, page } = await cashierDevice(browser, srv.server.url, { offlineReady: true });

    // IP Addresses: 13 addresses (12 demo + the private one), 10 on page 1, oldest first.
    await page.goto(`${srv.server.url}/pos/customer/edit?customer_id=${number}&tab=ip`);
    await expect.poll(() => rows(page).count(), { timeout: 15_000, message: await pageText(page) }).toBe(10);
    expect(await firstIp(page)).toBe('10.0.0.7');
    const first = rows(page).first();
    await first.getByRole('button', { name: 'Locate 10.0.0.7' }).click();
    await expect.poll(() => first.textContent()).toContain('Failed to get location details.');
    await page.getByRole('button', { name: 'Go to page 2', exact: true }).click();
    await expect.poll(() => rows(page).count()).toBe(3);
    // Date Added again: newest first (the IPv6 address), page 1.
    await page.getByRole('button', { name: /Date Added/ }).click();
    await expect.poll(() => firstIp(page)).toBe('2001:db8::25');
    expect(await rows(page).count()).toBe(10);
    const v6 = rows(page).first();
    await v6.getByRole('button', { name: 'Locate 2001:db8::25' }).click();
    await expect.poll(() => v6.textContent()).toContain('Austin, Texas, United States');
    await shots(page, 'ip');
    await v6.getByRole('button', { name: 'Ban 2001:db8::25' }).click();
    await expect.poll(visible(page, ipBanned('2001:db8::25'))).toBe(true);
    await expect.poll(() => v6.getByRole('button', { name: 'Unban 2001:db8::25' }).isEnabled()).toBe(true);
    expect(await v6.textContent()).toContain('Banned');
    const banned = await admin.get(`/api/customer_ip?customer_id=${number}&order=desc&limit=1`);
    expect(banned.body.results[0]).toMatchObject({ ip: '2001:db8::25', is_banned: true });

    // Total accounts: the customers list filtered by the shared address.
    await page.getByRole('button', { name: /^IP\b/ }).click();
    const shared = page.getByRole('link', { name: '2 accounts at 192.0.2.65' });
    await expect.poll(() => shared.isVisible(), { message: await pageText(page) }).toBe(true);
    await shared.click();
    await page.waitForURL(/\/pos\/customer\?filter_ip=192\.0\.2\.65$/);
    const accounts = page.getByRole('list', { name: 'Accounts seen at 192.0.2.65' }).getByRole('listitem');
    await expect.poll(() => accounts.count(), { message: await pageText(page) }).toBe(2);
    expect(await accounts.allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining('Sam Shopper')]));
    await shots(page, 'filter-ip');

    // Tags: none defined yet -> Create a tag (a server call: the tag reaches the device with its pull).
    await page.goto(`${srv.server.url}/pos/customer/edit?customer_id=${number}&tab=tags`);
    await expect.poll(visible(page, NO_TAGS), { timeout: 15_000, message: await pageText(page) }).toBe(true);
    await shots(page, 'tags-empty');
    await page.getByRole('link', { name: 'Create a tag' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a tag' });
    await dialog.getByLabel('Tag title').fill('Fleet account');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(visible(page, TAG_CREATED)).toBe(true);
    const fleet = () => page.getByRole('checkbox', { name: 'Fleet account' });
    await expect.poll(() => fleet().isVisible(), { timeout: 15_000, message: await pageText(page) }).toBe(true);
    expect(new URL(page.url()).searchParams.get('create_tag')).toBeNull();
    expect(await fleet().isChecked()).toBe(false);
    const pending = page.getByText(TAGS_PENDING, { exact: true });
    // The IP Addresses tab loaded while online (its rows stay for the offline check below).
    await page.getByRole('tab', { name: 'IP Addresses' }).click();
    await expect.poll(() => rows(page).count(), { message: await pageText(page) }).toBe(10);
    await page.getByRole('tab', { name: 'Tags' }).click();
    await expect.poll(() => fleet().isVisible()).toBe(true);

    // Offline: tick it and Save. Shown at once and "Pending sync" (customer.setTags in the outbox).
    await cutNetwork(ctx, true);
    await fleet().check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(visible(page, TAGS_SAVED)).toBe(true);
    await expect.poll(() => pending.isVisible(), { message: await pageText(page) }).toBe(true);
    expect(await fleet().isChecked()).toBe(true);
    await shots(page, 'tags-offline');

    // The IP Addresses tab offline: the rows stay, banning needs the network.
    await page.getByRole('tab', { name: 'IP Addresses' }).click();
    await expect
      .poll(visible(page, 'You are offline: banning, unbanning and locating addresses need the network.'), {
        message: await pageText(page),
      })
      .toBe(true);
    await expect.poll(() => rows(page).count()).toBe(10);
    expect(
      await rows(page)
        .first()
        .getByRole('button', { name: /^(Ban|Unban) / })
        .isDisabled(),
    ).toBe(true);
    await shots(page, 'ip-offline');
    await page.reload();
    await expect
      .poll(visible(page, 'IP addresses are kept on the server: connect to the network to see and ban them.'), {
        timeout: 15_000,
        message: await pageText(page),
      })
      .toBe(true);
    // Reloaded offline, the Tags tab reads the device: the tick and its pending state are kept.
    await page.getByRole('tab', { name: 'Tags' }).click();
    await expect.poll(() => fleet().isChecked(), { timeout: 15_000, message: await pageText(page) }).toBe(true);
    expect(await pending.isVisible()).toBe(true);
    expect((await admin.get(`/api/customer_tag/?customerId=${number}`)).body.assignedTags).toEqual([]);

    // Back online: the save reaches the server, and the pending state ends.
    await cutNetwork(ctx, false);
    await expect
      .poll(async () => (await admin.get(`/api/customer_tag/?customerId=${number}`)).body.assignedTags.length, {
        timeout: 20_000,
      })
      .toBe(1);
    const tags = await admin.get(`/api/customer_tag/?customerId=${number}`);
    expect(tags.body.customerTags[0].title).toBe('Fleet account');
    await expect.poll(() => pending.isVisible(), { timeout: 15_000 }).toBe(false);
    expect(await fleet().isChecked()).toBe(true);
    await shots(page, 'tags');
    await ctx.close();
  });
});

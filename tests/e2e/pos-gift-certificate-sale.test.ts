import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../../src/contracts/protocol-version';
import { GIFT_LIST_OFFLINE, GIFT_NOT_FOUND, GIFT_OFFLINE_NOTE } from '../../src/contracts/gift-certificate';
import { TestClient } from '../support/http-client';
import { seriousViolations } from './support/axe';
import { cashierDevice, cutNetwork, pageText, visible, waitSynced } from './support/pos';
import { e2eWorld } from './support/world';
import { shot } from './support/shots';

/**
 * Selling a gift certificate at the counter with the network cut (docs/decisions/pos.md "Gift
 * certificates at the counter"): the modal (amount, generated code, recipient), the cart line at
 * once, and the change synced after reconnecting (the server's side: tests/integration/pos/gift-certificate-sale.test.ts).
 * Then the staff lookup (docs/decisions/pos.md "Gift certificate lookup"): a certificate sold, issued
 * and partly spent is found from the POS navigation by code with its balance, recipient, selling
 * order and history; offline the list says it needs the network and the lookup shows the device's
 * copy. Screenshots: /tmp/pd-gift-*.png.
 */
describe('POS gift certificate sale (headless Chromium)', () => {
  const world = e2eWorld();

  it('sells a certificate offline; the change syncs', async () => {
    const { srv, browser } = world;
    const { ctx, page } = await cashierDevice(browser, srv.server.url, { offlineReady: true });
    await page.goto(`${srv.server.url}/pos/cart`);
    await expect.poll(visible(page, 'Gift Certificate'), { timeout: 15_000 }).toBe(true);
    await cutNetwork(ctx, true);
    await page.getByRole('button', { name: 'Gift Certificate', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'Gift Certificate' });
    await modal.getByRole('button', { name: 'Add Gift Certificate' }).click();
    await expect.poll(visible(page, 'Amount must be more than $0.00')).toBe(true);
    const code = await modal.getByLabel('Code').inputValue();
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    await modal.getByLabel('Amount').fill('25');
    await modal.getByLabel('Recipient name').fill('Robin Recipient');
    await modal.getByLabel('Recipient email').fill('robin@example.com');
    for (const [w, h] of [
      [1024, 768],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      await shot(page, `pd-gift-modal-${w}`);
    }
    await page.setViewportSize({ width: 1024, height: 768 });
    await modal.getByRole('button', { name: 'Add Gift Certificate' }).click();
    await expect.poll(visible(page, `Gift Certificate ${code}`), { message: await pageText(page) }).toBe(true);
    await shot(page, 'pd-gift-cart-1024', { fullPage: true });

    await cutNetwork(ctx, false);
    await waitSynced(page);
    // The cart is a draft (not in the orders list): its line is the sale's, as the push applied it.
    await expect.poll(visible(page, `Gift Certificate ${code}`)).toBe(true);
    await ctx.close();
  });

  /** Sells `code` for $40 to Robin, completes the sale, and spends $15 of it on another order (as a till would push). */
  async function soldAndSpent(url: string, code: string): Promise<void> {
    const till = new TestClient(url);
    if ((await till.login('cashier', 'cashier')).status !== 200) throw new Error('cashier login failed');
    const [sold, spend] = [randomUUID(), randomUUID()];
    const mutations = [
      { name: 'order.create', args: { id: sold } },
      {
        name: 'cart.addVoucher',
        args: { order_ref: sold, line_id: randomUUID(), code, amount: '40.00', to_name: 'Robin Recipient' },
      },
      { name: 'transaction.add', args: { order_ref: sold, id: randomUUID(), transaction_type: 'cash', amount: '40' } },
      { name: 'order.complete', args: { order_ref: sold } },
      { name: 'order.create', args: { id: spend } },
      {
        name: 'cart.addCustomProduct',
        args: {
          order_ref: spend,
          line_id: randomUUID(),
          name: 'Wipers',
          price: '30.00',
          quantity: 1,
          tax_class_id: null,
        },
      },
      {
        name: 'transaction.add',
        args: { order_ref: spend, id: randomUUID(), transaction_type: 'voucher', voucher_code: code, amount: '15' },
      },
    ].map((m, i) => ({ ...m, id: i + 1, at: new Date().toISOString() }));
    const r = await till.post('/sync/push', { clientId: randomUUID(), protocolVersion: PROTOCOL_VERSION, mutations });
    if (r.status !== 200 || r.body.results.some((x: { status: string }) => x.status !== 'applied'))
      throw new Error(`push: ${JSON.stringify(r.body)}`);
  }

  it('looks a certificate up from the POS navigation: balance and history online, the device copy offline', async () => {
    const { srv, browser } = world;
    const code = `LOOK-${randomUUID().slice(0, 4)}`.toUpperCase();
    await soldAndSpent(srv.server.url, code);
    const { ctx, page } = await cashierDevice(browser, srv.server.url, { offlineReady: true });
    await page.getByRole('navigation', { name: 'POS' }).getByRole('link', { name: 'Gift Certificates' }).click();
    const list = page.getByRole('region', { name: 'All gift certificates' });
    await expect.poll(() => list.getByRole('button', { name: `Show gift certificate ${code}` }).isVisible()).toBe(true);

    await page.getByLabel('Gift certificate code').fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Look Up' }).click();
    const detail = page.getByRole('region', { name: `Gift certificate ${code}` });
    await expect.poll(() => detail.textContent(), { message: await pageText(page) }).toContain('Robin Recipient');
    const text = (await detail.textContent()) ?? '';
    expect(text).toContain('Balance$25.00');
    expect(text).toContain('Amount issued$40.00');
    // Where it was sold: the order and its store (the certificate keeps its recipient itself).
    expect(text).toMatch(/Sold onOrder #\d+.*at Partsdesk Auto Parts/);
    const history = detail.getByRole('table', { name: `History of gift certificate ${code}` });
    expect(await history.getByRole('row').count()).toBe(3); // header, issued, redeemed
    expect(await history.getByRole('row').nth(2).textContent()).toMatch(/Redeemed−\$15\.00\$25\.00Order #\d+/);
    expect(await seriousViolations(page)).toEqual([]);
    for (const [w, h] of [
      [1024, 768],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      await shot(page, `pd-gift-lookup-${w}`, { fullPage: true });
    }
    await page.setViewportSize({ width: 1024, height: 768 });
    // An unknown code says so.
    await page.getByLabel('Gift certificate code').fill('NO-SUCH-CODE');
    await page.getByRole('button', { name: 'Look Up' }).click();
    await expect.poll(visible(page, GIFT_NOT_FOUND)).toBe(true);

    // Offline: the list needs the network; the lookup answers from the device's copy.
    await cutNetwork(ctx, true);
    await expect.poll(visible(page, GIFT_LIST_OFFLINE)).toBe(true);
    await page.getByLabel('Gift certificate code').fill(code);
    await page.getByRole('button', { name: 'Look Up' }).click();
    await expect.poll(visible(page, GIFT_OFFLINE_NOTE), { message: await pageText(page) }).toBe(true);
    expect(await detail.textContent()).toContain('Balance$25.00');
    expect(await detail.textContent()).toContain('RecipientRobin Recipient');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'pd-gift-lookup-390-offline', { fullPage: true });
    await cutNetwork(ctx, false);
    await ctx.close();
  });
});

import { describe, expect, it } from 'vitest';
import { cashierDevice, cutNetwork, pageText, visible, waitSynced } from './support/pos';
import { e2eWorld } from './support/world';

/**
 * Selling a gift certificate at the counter with the network cut (docs/decisions/pos.md "Gift
 * certificates at the counter"): the modal (amount, generated code, recipient), the cart line at
 * once, and the change synced after reconnecting (the server's side: tests/integration/pos/gift-certificate-sale.test.ts). Screenshots: /tmp/pd-gift-*.png.
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
      await page.screenshot({ path: `/tmp/pd-gift-modal-${w}.png` });
    }
    await page.setViewportSize({ width: 1024, height: 768 });
    await modal.getByRole('button', { name: 'Add Gift Certificate' }).click();
    await expect.poll(visible(page, `Gift Certificate ${code}`), { message: await pageText(page) }).toBe(true);
    await page.screenshot({ path: '/tmp/pd-gift-cart-1024.png', fullPage: true });

    await cutNetwork(ctx, false);
    await waitSynced(page);
    // The cart is a draft (not in the orders list): its line is the sale's, as the push applied it.
    await expect.poll(visible(page, `Gift Certificate ${code}`)).toBe(true);
    await ctx.close();
  });
});

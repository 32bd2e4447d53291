import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PO_NUMBER_ADDED, PO_NUMBER_REQUIRED_MESSAGE } from '../../src/domain/forms/po-number';
import { TestClient } from '../support/http-client';
import { launchBrowser, newContext } from './support/browser';
import { addPart, cashierDevice, pageText, serverOrders, visible, waitSynced } from './support/pos';
import { startE2EServer, type E2EServer } from './support/server';
import { partsOf, startFakeSmtp, type FakeSmtp } from '../integration/checkout/support/fake-smtp';

/**
 * The checkout under a shop's own settings: PO numbers required (Complete is refused with
 * the spec's message until the product has one; the checkout's PO Number form adds it), and online
 * payments on (the customer gets a link, pays on their phone, the till sees the payment).
 */
const SETTINGS = {
  po_numbers: { enabled: true, required: true },
  payment_types: { card: true, online: true, cash: true, voucher: true, check: true, store_credit: true },
};

describe('POS checkout with PO numbers and online payments (headless Chromium)', () => {
  let srv: E2EServer;
  // The link's token reaches only the customer (the outbox view masks it): read it from the mail.
  let smtp: FakeSmtp;
  let browser: Browser;
  let part: { mpn: string; name: string };

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    [srv, browser] = await Promise.all([
      startE2EServer({ settings: SETTINGS, env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}?starttls=off` } }),
      launchBrowser({ serviceWorkers: 'block' }),
    ]);
    // A cheap, priced, orderable part a scan adds at once (one that requires options asks for them first).
    const r = await new TestClient(srv.server.url).get('/api/products/?limit=24&sort=price&order=asc');
    part = r.body.products.filter(
      (p: { requires_options: boolean; is_orderable: boolean; price: string | null }) =>
        !p.requires_options && p.is_orderable && p.price !== null,
    )[1];
  });
  afterAll(async () => {
    await browser?.close();
    await srv?.close();
    await smtp?.close();
  });

  async function toCheckout(page: Page): Promise<void> {
    await page.getByRole('link', { name: 'Cart' }).click();
    await page.waitForURL(/\/pos\/cart/);
    await addPart(page, part.mpn);
    await expect.poll(() => page.getByTestId('cart-total').isVisible(), { timeout: 10_000 }).toBe(true);
    await page.getByRole('button', { name: 'Save and Checkout' }).click();
    await page.waitForURL(/\/pos\/checkout/);
  }

  it('refuses Complete without a PO number, takes one on the checkout, then completes', async () => {
    const { ctx, page } = await cashierDevice(browser, srv.server.url);
    await toCheckout(page);

    const panel = page.getByRole('region', { name: 'Purchase Orders' });
    await expect
      .poll(() => panel.getByText('No PO Number').isVisible(), { timeout: 10_000, message: await pageText(page) })
      .toBe(true);
    await page.getByRole('button', { name: 'Cash', exact: true }).click();
    await page.getByRole('dialog', { name: 'Cash Payment' }).getByRole('button', { name: 'Add Cash Payment' }).click();
    await expect.poll(visible(page, 'Paid In Full')).toBe(true);

    await page.getByRole('button', { name: 'Complete' }).click();
    await expect.poll(visible(page, PO_NUMBER_REQUIRED_MESSAGE)).toBe(true);
    expect(page.url()).toMatch(/\/pos\/checkout/);

    await panel.getByRole('button', { name: 'PO Number' }).click();
    const dialog = page.getByRole('dialog', { name: 'PO Number' });
    await dialog.getByLabel('PO Number').fill('PO-7781');
    await dialog.getByRole('button', { name: 'Apply PO Number' }).click();
    await expect.poll(visible(page, PO_NUMBER_ADDED)).toBe(true);
    await expect.poll(() => panel.getByText('PO: PO-7781').isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Complete' }).click();
    await page.waitForURL(/\/pos\/order\/receipt/);
    await waitSynced(page);
    const done = await serverOrders(srv.server.url, 'complete');
    expect(done).toHaveLength(1);
    await ctx.close();
  });

  it('sends a payment link; the customer pays it on a phone and the checkout shows the online payment', async () => {
    const { ctx, page } = await cashierDevice(browser, srv.server.url);
    await toCheckout(page);
    await page.getByRole('button', { name: 'Online', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Online Payment' });
    await dialog.getByLabel('Email', { exact: true }).check();
    await dialog.getByLabel('Email address').fill('payer@example.com');
    await dialog.getByRole('button', { name: 'Send Payment Link' }).click();
    await expect
      .poll(visible(page, 'Payment link sent to payer@example.com'), { timeout: 15_000, message: await pageText(page) })
      .toBe(true);

    const admin = new TestClient(srv.server.url);
    await admin.login('admin', 'admin');
    const sent = (await admin.get('/api/notifications')).body.notifications.find(
      (n: { kind: string; to: string }) => n.kind === 'payment_link' && n.to === 'payer@example.com',
    );
    expect(sent.body).toMatch(/token=[\w-]{4}…/);
    const mail = smtp.received.find((m) => m.to.includes('payer@example.com'))!;
    const link = /\/checkout\/pay\?token=[\w-]+/.exec(partsOf(mail.data).text)?.[0];
    expect(link).toBeTruthy();

    const phone = await (await newContext(browser, { width: 390, height: 844 })).newPage();
    await phone.goto(`${srv.server.url}${link}`);
    await expect
      .poll(() => phone.getByRole('heading', { level: 1, name: /^Pay / }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    await phone.getByLabel('Card Number').fill('4000 0000 0000 0002');
    await phone.getByLabel('Expiry (MM/YY)').fill('12/39');
    await phone.getByLabel('CVC').fill('123');
    await phone.getByRole('button', { name: /^Pay / }).click();
    await expect.poll(visible(phone, 'Card declined')).toBe(true);
    await phone.getByLabel('Card Number').fill('4242 4242 4242 4242');
    await phone.getByRole('button', { name: /^Pay / }).click();
    await expect.poll(visible(phone, 'Thank you: your payment was received.'), { timeout: 15_000 }).toBe(true);
    expect(await phone.getByTestId('pay-balance').textContent()).toBe('$0.00');

    // The open modal keeps syncing: the payment arrives through the pull.
    await expect.poll(visible(page, 'The online payment was received.'), { timeout: 20_000 }).toBe(true);
    await expect.poll(visible(page, 'Paid In Full')).toBe(true);
    await ctx.close();
  });
});

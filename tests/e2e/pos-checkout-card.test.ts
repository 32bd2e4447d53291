import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../../src/contracts/protocol-version';
import { TestClient } from '../support/http-client';
import { launchBrowser } from './support/browser';
import { submitStaffLogin } from './support/pages';
import { addPart, cashierDevice, visible, waitSynced } from './support/pos';
import { startE2EServer, type E2EServer } from './support/server';

/**
 * Checkout and receipt in headless Chromium, what pos-checkout.test.ts does not cover: the card
 * terminal's decline ("Payment Failed!" for 8 s), Cancel Transaction, an event stream dropped
 * mid-payment (status asked, the charge sent once), Void/Return of a card payment, a voucher paid
 * offline and reconciled, a failed send, the invoice and the receipt printed on an 80 mm roll.
 * The simulated terminal answers by the cents: .13 declines, .99 never answers
 * (docs/decisions/payments.md "The terminal simulator").
 */
describe('POS checkout: card, voucher, receipt (headless Chromium)', () => {
  let srv: E2EServer;
  let browser: Browser;
  let dear: string;

  beforeAll(async () => {
    [srv, browser] = await Promise.all([startE2EServer(), launchBrowser()]);
    // A priced, orderable part a scan adds at once (one that requires options asks for them first).
    const r = await new TestClient(srv.server.url).get('/api/products/?limit=24&sort=price&order=desc');
    dear = r.body.products.find(
      (p: { requires_options: boolean; is_orderable: boolean; price: string | null }) =>
        !p.requires_options && p.is_orderable && p.price !== null,
    ).mpn;
  });
  afterAll(async () => {
    await browser?.close();
    await srv?.close();
  });

  const money = async (page: Page, id: string) =>
    ((await page.getByTestId(id).textContent()) ?? '').replace(/[$,]/g, '');

  async function toCheckout(page: Page): Promise<void> {
    await page.getByRole('link', { name: 'Cart' }).click();
    await page.waitForURL(/\/pos\/cart/);
    await addPart(page, dear);
    await expect.poll(() => page.getByTestId('cart-total').isVisible(), { timeout: 10_000 }).toBe(true);
    await page.getByRole('button', { name: 'Save and Checkout' }).click();
    await page.waitForURL(/\/pos\/checkout/);
    await expect
      .poll(() => page.getByRole('heading', { name: /^Check Out - Order # / }).isVisible(), { timeout: 10_000 })
      .toBe(true);
  }

  async function charge(page: Page, amount: string): Promise<void> {
    await page.getByRole('button', { name: 'Card', exact: true }).click();
    const card = page.getByRole('dialog', { name: 'Card Payment' });
    await card.getByLabel('Amount').fill(amount);
    await card.getByLabel('Department').selectOption({ label: 'Retail Counter' });
    await card.getByLabel('Device').selectOption({ label: 'Counter terminal 1' });
    await card.getByLabel('Card Type').selectOption({ label: 'Credit' });
    await card.getByRole('button', { name: 'Charge Card' }).click();
  }

  it('card: decline toast for 8 s, Cancel Transaction, a dropped stream, then Void/Return', async () => {
    // Service workers blocked: the event stream must reach page.route (a worker would fetch it itself).
    const ctx = await browser.newContext({
      viewport: { width: 1024, height: 768 },
      locale: 'en-US',
      serviceWorkers: 'block',
    });
    const page = await ctx.newPage();
    await page.goto(`${srv.server.url}/pos/login`);
    await submitStaffLogin(page, 'cashier', 'cashier');
    await page.waitForURL(/\/pos\/order/);
    await waitSynced(page);
    await toCheckout(page);

    await charge(page, '1.13');
    await expect.poll(visible(page, 'Card declined'), { timeout: 10_000 }).toBe(true);
    const shown = Date.now();
    expect(await page.getByText('Payment Failed!').first().isVisible()).toBe(true);
    await page.waitForTimeout(5_000);
    expect(await page.getByText('Card declined').first().isVisible(), 'still shown after the 3 s default').toBe(true);
    await expect.poll(visible(page, 'Card declined'), { timeout: 6_000 }).toBe(false);
    expect(Date.now() - shown).toBeGreaterThan(7_000);
    await page
      .getByRole('dialog', { name: 'Card Payment' })
      .getByRole('button', { name: 'Cancel', exact: true })
      .click();

    await charge(page, '1.99');
    await expect.poll(visible(page, 'The customer is choosing the payment method...'), { timeout: 10_000 }).toBe(true);
    // Said once: the spinner's label is the dialog's one line (it used to repeat it underneath).
    const waiting = page.getByRole('dialog', { name: 'Waiting for the customer' });
    expect(await waiting.getByText('The customer is choosing the payment method...').count()).toBe(1);
    await page.getByRole('button', { name: 'Cancel Transaction' }).click();
    await expect.poll(visible(page, 'The payment was cancelled.'), { timeout: 10_000 }).toBe(true);
    await page
      .getByRole('dialog', { name: 'Card Payment' })
      .getByRole('button', { name: 'Cancel', exact: true })
      .click();

    // The first event stream is cut: the dialog asks for the status and listens again; one charge.
    let streams = 0;
    let starts = 0;
    page.on(
      'request',
      (r) => void (r.method() === 'POST' && r.url().endsWith('/pos/checkout/cardPayment') && starts++),
    );
    await page.route('**/pos/checkout/cardPayment/events**', (route) =>
      streams++ === 0 ? route.abort('connectionreset') : route.continue(),
    );
    await charge(page, '2.00');
    await expect.poll(visible(page, 'The transaction was approved.'), { timeout: 15_000 }).toBe(true);
    expect(streams).toBeGreaterThanOrEqual(2);
    expect(starts).toBe(1);
    await expect.poll(() => money(page, 'amount-paid'), { timeout: 15_000 }).toBe('2.00');

    // The payment is named by the card's brand and last 4 (docs/decisions/pos.md "Receipt and invoice").
    await page.getByRole('button', { name: /^Void\/Return Card .+ \*\*\*\*\d{4} 2\.00$/ }).click();
    await expect.poll(visible(page, 'The payment was voided.'), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => money(page, 'amount-paid'), { timeout: 15_000 }).toBe('0.00');
    await ctx.close();
  });

  it('voucher: paid offline from the device cache, reconciled on reconnect', async () => {
    // A gift certificate sold and completed on the server.
    const staff = new TestClient(srv.server.url);
    await staff.login('cashier2', 'cashier2');
    const code = `E2E-${randomUUID().slice(0, 6)}`;
    const sale = randomUUID();
    let n = 1;
    const clientId = randomUUID();
    const push = (name: string, args: object) =>
      staff.post('/sync/push', {
        clientId,
        protocolVersion: PROTOCOL_VERSION,
        mutations: [{ id: n++, name, args, at: new Date().toISOString() }],
      });
    await push('order.create', { id: sale });
    await push('cart.addVoucher', {
      order_ref: sale,
      line_id: randomUUID(),
      code,
      amount: '7.00',
      description: 'Gift Certificate',
    });
    expect((await staff.post(`/pos/checkout/complete?orderId=${sale}`, {})).status).toBe(200);

    const { ctx, page } = await cashierDevice(browser, srv.server.url, { offlineReady: true });
    await ctx.setOffline(true);
    await expect.poll(visible(page, /^Offline$/), { timeout: 5_000 }).toBe(true);
    await toCheckout(page);
    await page.getByRole('button', { name: 'Voucher', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'Voucher Payment' });
    await modal.getByLabel('Voucher Code').fill('NO-SUCH-CODE');
    await expect.poll(visible(page, 'Something went wrong!')).toBe(true);
    await modal.getByLabel('Voucher Code').fill(code.toLowerCase());
    await expect.poll(visible(page, 'Voucher balance $7.00')).toBe(true);
    await modal.getByLabel('Amount').fill('8');
    await modal.getByRole('button', { name: 'Add Voucher Payment' }).click();
    await expect.poll(visible(page, 'Max amount allowed: $7.00')).toBe(true);
    await modal.getByLabel('Amount').fill('7');
    await modal.getByRole('button', { name: 'Add Voucher Payment' }).click();
    await expect.poll(() => modal.isVisible()).toBe(false);
    await expect.poll(() => money(page, 'amount-paid')).toBe('7.00');

    await ctx.setOffline(false);
    await waitSynced(page);
    const left = await staff.get(`/pos/checkout/getVoucher?voucherCode=${code}`);
    expect(left.body.voucher.amount).toBe('0.00');
    await ctx.close();
  });

  it('receipt: Book Appointment needs a customer, a failed send, the invoice, printed on an 80 mm roll', async () => {
    const { ctx, page } = await cashierDevice(browser, srv.server.url);
    await toCheckout(page);
    await page.getByRole('button', { name: 'Cash', exact: true }).click();
    await page.getByRole('dialog', { name: 'Cash Payment' }).getByRole('button', { name: 'Add Cash Payment' }).click();
    await expect.poll(visible(page, 'Paid In Full')).toBe(true);
    const total = await money(page, 'order-total');
    await page.getByRole('button', { name: 'Complete' }).click();
    await page.waitForURL(/\/pos\/order\/receipt/);
    await expect.poll(visible(page, 'Payment Processed'), { timeout: 10_000 }).toBe(true);

    expect(await page.getByRole('button', { name: 'Book Appointment' }).isDisabled()).toBe(true);
    expect(await page.getByText('Customer is required').first().isVisible()).toBe(true);

    await page.route('**/pos/order/send**', (route) =>
      route.fulfill({
        status: 502,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'send_failed', message: 'SMTP down' }),
      }),
    );
    await page.getByRole('button', { name: 'Email/Text' }).click();
    await page.getByLabel('Email', { exact: true }).check();
    await page.getByLabel('Email address').fill('buyer@example.com');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(visible(page, 'Failed to send to notification')).toBe(true);

    // An 80 mm roll is about 302 CSS px wide: the receipt fits it, the screen-only parts are gone.
    await page.setViewportSize({ width: 302, height: 900 });
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('link', { name: 'Done' }).isVisible()).toBe(false);
    expect(await page.getByRole('heading', { name: 'Send or Print Receipt/Invoice' }).isVisible()).toBe(false);
    const box = await page.getByRole('article').boundingBox();
    expect(box!.width).toBeLessThanOrEqual(302);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(302);
    expect(await money(page, 'receipt-total')).toBe(total);
    await page.emulateMedia({ media: 'screen' });

    const number = new URL(page.url()).searchParams.get('order_id');
    await page.goto(`${srv.server.url}/pos/order/invoice?order_id=${number}`);
    await expect.poll(() => page.getByRole('heading', { name: 'Invoice' }).isVisible(), { timeout: 10_000 }).toBe(true);
    await expect
      .poll(visible(page, `$${Number(total).toLocaleString('en-US', { minimumFractionDigits: 2 })}`))
      .toBe(true);
    await ctx.close();
  });
});

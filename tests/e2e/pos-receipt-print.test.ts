import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../support/http-client';
import { launchBrowser } from './support/browser';
import { addPart, cashierDevice, cutNetwork, pageText, visible, waitSynced } from './support/pos';
import { BROWSER_ENGINES, startE2EServer, type E2EServer } from './support/server';
import { shot } from './support/shots';

/**
 * The printed receipt and invoice name the shop (issue 19; docs/decisions/pos.md "Receipt and
 * invoice"): cashier2 works at the Denver store, so their sale's receipt names Denver (the order's
 * store, not the default one), with the order number and device reference, cashier, customer, the
 * totals, the card's brand and last 4 and the footer from the settings; printed to PDF, the
 * receipt is 80 mm wide and the invoice Letter, and no toast or update prompt is printed. The text
 * is read from the page rendered for print (emulateMedia print + innerText, which leaves out what
 * print CSS hides): no PDF text extractor is installed, so the PDF itself is checked for its page
 * size (MediaBox). Printed again offline, the receipt still names the shop. A voided order that
 * was paid shows "Refund due $X" with the Void that settles it, never "Paid In Full".
 */
describe.each(BROWSER_ENGINES)('POS receipt and invoice (headless Chromium, %s)', (engine) => {
  let srv: E2EServer;
  let browser: Browser;
  let mpn: string;

  beforeAll(async () => {
    [srv, browser] = await Promise.all([startE2EServer({ engine }), launchBrowser()]);
    const r = await new TestClient(srv.server.url).get('/api/products/?limit=24&sort=price&order=asc');
    mpn = r.body.products.filter(
      (p: { requires_options: boolean; is_orderable: boolean; price: string | null }) =>
        !p.requires_options && p.is_orderable && p.price !== null,
    )[3].mpn;
  });
  afterAll(async () => {
    await browser?.close();
    await srv?.close();
  });

  const money = async (page: Page, id: string) =>
    ((await page.getByTestId(id).first().textContent()) ?? '').replace(/[$,]/g, '');

  /** A sale of one part at checkout; returns its Order Total. */
  async function toCheckout(page: Page): Promise<string> {
    await page.getByRole('link', { name: 'Cart' }).click();
    await page.waitForURL(/\/pos\/cart/);
    await addPart(page, mpn);
    await expect.poll(() => page.getByTestId('cart-total').isVisible(), { timeout: 10_000 }).toBe(true);
    await page.getByRole('button', { name: 'Save and Checkout' }).click();
    await page.waitForURL(/\/pos\/checkout/);
    await expect.poll(() => page.getByRole('heading', { name: /^Check Out - Order # / }).isVisible()).toBe(true);
    return money(page, 'order-total');
  }

  async function payCash(page: Page, amount?: string): Promise<void> {
    await page.getByRole('button', { name: 'Cash', exact: true }).click();
    const cash = page.getByRole('dialog', { name: 'Cash Payment' });
    if (amount) await cash.getByLabel('Amount').fill(amount);
    await cash.getByRole('button', { name: 'Add Cash Payment' }).click();
    await expect.poll(() => cash.isVisible()).toBe(false);
  }

  /** What the page prints: its text as rendered for print media (hidden controls left out). */
  async function printedText(page: Page): Promise<string> {
    await page.emulateMedia({ media: 'print' });
    const text = await page.locator('body').innerText();
    const prompt = await page.evaluate(() => {
      const el = document.querySelector('[data-testid="update-region"]');
      return el === null ? 'missing' : getComputedStyle(el).display;
    });
    // Back to no emulation (not 'screen': page.pdf() would then print with screen media).
    await page.emulateMedia({ media: null });
    expect(prompt, 'the update prompt is not printed').toBe('none');
    return text;
  }

  /**
   * Whether `text` shows on paper: some element holding it has a box bigger than a pixel when
   * printed (Radix's screen-reader announcement of a toast is a clipped 1 px span, never seen).
   */
  async function onPaper(page: Page, text: string): Promise<boolean> {
    await page.emulateMedia({ media: 'print' });
    const shown = await page.evaluate(
      (t) =>
        [...document.querySelectorAll('body *')].some((e) => {
          if (e.children.length > 0 || !(e.textContent ?? '').includes(t)) return false;
          const r = e.getBoundingClientRect();
          return r.width > 1 && r.height > 1;
        }),
      text,
    );
    await page.emulateMedia({ media: null });
    return shown;
  }

  /** The PDF's page size in points, from its first page's MediaBox. */
  async function pdfPageSize(page: Page, file: string): Promise<{ width: number; height: number }> {
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: false });
    // Kept for a person to look at, like the screenshots (./support/shots.ts), only when E2E_SHOTS names a directory.
    if (process.env.E2E_SHOTS) {
      fs.mkdirSync(process.env.E2E_SHOTS, { recursive: true });
      fs.writeFileSync(path.join(process.env.E2E_SHOTS, `${engine}-${file}`), pdf);
    }
    const box = /\/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]/.exec(pdf.toString('latin1'));
    if (!box) throw new Error('no MediaBox in the PDF');
    return { width: Number(box[3]) - Number(box[1]), height: Number(box[4]) - Number(box[2]) };
  }

  async function shoot(page: Page, name: string): Promise<void> {
    for (const [w, h] of [
      [1024, 768],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      await shot(page, `${name}-${w}x${h}`, { fullPage: true });
    }
    await page.setViewportSize({ width: 1024, height: 768 });
  }

  /** The page as printed, at the paper's width in CSS px (80 mm roll: 302; Letter: 816), to look at. */
  async function shootPrint(page: Page, name: string, width: number): Promise<void> {
    await page.setViewportSize({ width, height: 800 });
    await page.emulateMedia({ media: 'print' });
    await shot(page, `${name}-print`, { fullPage: true });
    await page.emulateMedia({ media: null });
    await page.setViewportSize({ width: 1024, height: 768 });
  }

  const DENVER = ['Partsdesk Auto Parts', 'Partsdesk Auto Parts - Denver', '2875 W Alameda Ave', 'Denver, CO 80219'];
  const FOOTER = 'Thank you for your business! Parts returns within 30 days with this receipt.';

  function expectShopAndOrder(text: string, orderId: string, total: string): void {
    for (const s of [...DENVER, '(303) 555-0177', FOOTER]) expect(text).toContain(s);
    expect(text).not.toContain('Austin');
    expect(text).toMatch(new RegExp(`Order #\\s+${orderId}\\b`));
    expect(text).toMatch(/Ref\s+[A-Z]\w*-\d{4}/);
    expect(text).toMatch(/Date\s+\S+/);
    expect(text).toMatch(/Cashier\s+Jordan Blake/);
    expect(text).toMatch(/Customer\s+Walk-in customer/);
    for (const row of ['Parts', 'Surcharge', 'Labor', 'Tax', 'Order Total', 'Amount Paid', 'Balance Due'])
      expect(text).toMatch(new RegExp(`^${row}\\s+\\$`, 'm'));
    expect(text).toContain(`$${Number(total).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
    // The card payment by its brand and last 4, and the cash one.
    expect(text).toMatch(/Card \w+ \*\*\*\*\d{4}[^\n]*\s+\$/);
    expect(text).toMatch(/^Cash( · [^\n]*)?\s+\$/m);
    expect(text).toContain('Payment Processed');
  }

  it('prints a receipt (80 mm) and an invoice (Letter) that name the shop, online and offline', async () => {
    const { ctx, page } = await cashierDevice(browser, srv.server.url, { user: 'cashier2', offlineReady: true });
    const total = await toCheckout(page);
    // Cash first, so the card takes an ordinary amount (the simulated terminal treats some cents specially).
    const totalCents = Number(total.replace('.', ''));
    const cashPart = [5, 6, 7].find((c) => ![13, 77, 98, 99].includes((totalCents - c * 100) % 100)) ?? 5;
    await payCash(page, `${cashPart}.00`);
    await page.getByRole('button', { name: 'Card', exact: true }).click();
    const card = page.getByRole('dialog', { name: 'Card Payment' });
    await card.getByLabel('Department').selectOption({ label: 'Retail Counter' });
    await card.getByLabel('Device').selectOption({ label: 'Counter terminal 1' });
    await card.getByLabel('Card Type').selectOption({ label: 'Credit' });
    await card.getByRole('button', { name: 'Charge Card' }).click();
    await expect
      .poll(visible(page, 'The transaction was approved.'), { timeout: 15_000 })
      .toBe(true)
      .catch(async (e: unknown) => {
        throw new Error(`${String(e)}\n${await pageText(page)}`);
      });
    await expect.poll(visible(page, 'Paid In Full'), { timeout: 15_000 }).toBe(true);
    await page.getByRole('button', { name: 'Complete' }).click();
    await page.waitForURL(/\/pos\/order\/receipt/);
    await waitSynced(page);
    // The server's number and the card's label have come back with the pull.
    await expect.poll(() => page.getByRole('heading', { name: /^Receipt - Order # \d+$/ }).isVisible()).toBe(true);
    await expect.poll(visible(page, /Card \w+ \*\*\*\*\d{4}/)).toBe(true);
    const orderId = (await page.getByRole('heading', { name: /^Receipt - Order #/ }).innerText()).replace(/\D/g, '');

    const receipt = await printedText(page);
    expectShopAndOrder(receipt, orderId, total);
    for (const control of ['Back to Check Out', 'Done', 'Send or Print', 'Book Appointment'])
      expect(receipt).not.toContain(control);
    const roll = await pdfPageSize(page, 'receipt.pdf');
    expect(roll.width).toBeCloseTo((80 / 25.4) * 72, 0); // 80 mm = 226.8 pt
    await shoot(page, 'receipt');
    await shootPrint(page, 'receipt', 302);

    const inv = await ctx.newPage();
    await inv.goto(`${srv.server.url}/pos/order/invoice?order_id=${orderId}`);
    await expect.poll(() => inv.getByRole('heading', { name: `Invoice - Order # ${orderId}` }).isVisible()).toBe(true);
    await expect.poll(() => inv.getByTestId('store-header').innerText()).toContain('Denver');
    const invoice = await printedText(inv);
    expectShopAndOrder(invoice, orderId, total);
    expect(invoice).not.toContain('Print\n');
    const letter = await pdfPageSize(inv, 'invoice.pdf');
    expect(letter).toEqual({ width: 612, height: 792 });
    await shoot(inv, 'invoice');
    await shootPrint(inv, 'invoice', 816);
    await inv.close();

    // Offline: the receipt opens from the device's cache and still names the shop.
    await cutNetwork(ctx, true);
    await page.reload();
    await expect.poll(() => page.getByTestId('store-header').innerText(), { timeout: 15_000 }).toContain('Denver');
    const offline = await printedText(page);
    expectShopAndOrder(offline, orderId, total);
    await shoot(page, 'receipt-offline');
    await cutNetwork(ctx, false);
    await ctx.close();
  });

  it('a voided order that was paid shows the refund due and the Void that settles it', async () => {
    const { ctx, page } = await cashierDevice(browser, srv.server.url);
    const total = await toCheckout(page);
    await payCash(page);
    await expect.poll(visible(page, 'Paid In Full')).toBe(true);
    await page.getByRole('button', { name: 'Complete' }).click();
    await page.waitForURL(/\/pos\/order\/receipt/);
    const ref = new URL(page.url()).searchParams.get('order_id') ?? '';
    await page.goto(`${srv.server.url}/pos/order/view?order_id=${ref}`);
    await page.getByRole('button', { name: 'Void Order' }).click();
    await page.getByRole('dialog', { name: 'Void Order' }).getByRole('button', { name: 'Void Order' }).click();
    await expect.poll(visible(page, 'The order was voided.')).toBe(true);
    // A toast on screen is not printed.
    expect(await onPaper(page, 'The order was voided.')).toBe(false);

    const due = `Refund due $${total}`;
    await expect.poll(() => page.getByTestId('refund-due').innerText()).toBe(due);
    expect(await page.getByTestId('payment-status').innerText()).toBe(due);
    expect(await onPaper(page, due)).toBe(true);
    expect(await page.getByText('Paid In Full').count()).toBe(0);
    expect(await page.getByText('Outstanding Balance').count()).toBe(0);
    await shoot(page, 'voided-refund-due');

    // The receipt says the same.
    await page.goto(`${srv.server.url}/pos/order/receipt?order_id=${ref}`);
    await expect.poll(() => page.getByTestId('payment-status').innerText()).toBe(due);
    expect(await page.getByText('Payment Processed').count()).toBe(0);

    // Voiding the cash payment gives it back: nothing is owed, and nothing shows as outstanding.
    await page.goto(`${srv.server.url}/pos/order/view?order_id=${ref}`);
    await page.getByRole('button', { name: /^Void Cash / }).click();
    await expect.poll(() => page.getByTestId('refund-due').innerText()).toBe('Order voided: nothing is owed');
    expect(await page.getByTestId('payment-status').innerText()).toBe('Order voided: nothing is owed');
    expect(await page.getByText('Outstanding Balance').count()).toBe(0);
    expect(await money(page, 'amount-paid')).toBe('0.00');
    await shoot(page, 'voided-settled');
    await waitSynced(page);
    await ctx.close();
  });
});

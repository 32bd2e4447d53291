import { createHash, X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../support/http-client';
import { freePort } from '../support/process';
import { launchBrowser, newContext } from './support/browser';
import { submitStaffLogin } from './support/pages';
import { addPart, cashierDevice, cutNetwork, pageText, serverOrders, visible, waitSynced } from './support/pos';
import { startE2EServer, type E2EServer } from './support/server';

/**
 * HTTPS on the shop network as a tablet meets it (docs/operations.md "HTTPS on the shop network"):
 * the server makes its shop CA and certificate on first start; Chromium opens the app by a shop
 * host name that is not localhost (partsdesk.test, mapped to 127.0.0.1 by --host-resolver-rules:
 * every packet stays on loopback) and trusts the served certificate by its key
 * (--ignore-certificate-errors-spki-list: the verification then passes, so unlike a bypassed error
 * the origin is a secure context and the service worker registers; no NSS tool is needed in CI). Over https the service worker
 * takes control and a cash sale made offline reaches the server once; over plain http the same
 * host shows the insecure-origin notice and still signs a cashier in (no crash without
 * crypto.randomUUID, Web Locks or a service worker).
 */
const HOST = 'partsdesk.test';

/** base64 SHA-256 of the certificate's SubjectPublicKeyInfo: Chromium's SPKI pin format. */
const spkiHash = (pem: string): string =>
  createHash('sha256')
    .update(new X509Certificate(pem).publicKey.export({ type: 'spki', format: 'der' }))
    .digest('base64');

describe('HTTPS on the shop network (headless Chromium)', () => {
  let srv: E2EServer;
  let browser: Browser;
  let httpsPort: number;
  let caPem: string;
  let mpn: string;

  beforeAll(async () => {
    httpsPort = await freePort();
    srv = await startE2EServer({ env: { TLS: 'auto', HTTPS_PORT: String(httpsPort), TLS_HOSTS: HOST } });
    caPem = fs.readFileSync(path.join(srv.db.dataDir, 'tls', 'ca.crt'), 'utf8');
    // Chromium matches the keys of the chain the server presents (the server certificate alone).
    const leafPem = fs.readFileSync(path.join(srv.db.dataDir, 'tls', 'server.crt'), 'utf8');
    browser = await launchBrowser({
      args: [
        `--host-resolver-rules=MAP ${HOST} 127.0.0.1`,
        `--ignore-certificate-errors-spki-list=${spkiHash(leafPem)},${spkiHash(caPem)}`,
      ],
      hosts: { [HOST]: '127.0.0.1' },
    });
    const r = await new TestClient(srv.server.url).get('/api/products/?limit=24&sort=price&order=asc');
    mpn = r.body.products.filter(
      (p: { requires_options: boolean; is_orderable: boolean; price: string | null }) =>
        !p.requires_options && p.is_orderable && p.price !== null,
    )[2].mpn;
  });
  afterAll(async () => {
    await browser?.close();
    await srv?.close();
  });

  it('the server made a shop CA and a certificate for the shop host name', () => {
    const leaf = new X509Certificate(fs.readFileSync(path.join(srv.db.dataDir, 'tls', 'server.crt')));
    expect(leaf.checkIssued(new X509Certificate(caPem))).toBe(true);
    expect(leaf.subjectAltName).toContain(`DNS:${HOST}`);
    expect(leaf.subjectAltName).toContain('IP Address:127.0.0.1');
    expect(srv.server.stdout()).toContain('new shop certificate authority');
  });

  it(`over https://${HOST} the service worker takes control and an offline cash sale reaches the server once`, async () => {
    const origin = `https://${HOST}:${httpsPort}`;
    const known = new Set((await serverOrders(srv.server.url, 'complete')).map((o) => o.id));
    const { ctx, page } = await cashierDevice(browser, origin, { offlineReady: true });
    expect(await page.evaluate(() => window.isSecureContext)).toBe(true);
    expect(new URL(page.url()).origin).toBe(origin);
    expect(await page.getByTestId('insecure-origin').count()).toBe(0);

    await cutNetwork(ctx, true);
    await expect.poll(visible(page, /^Offline$/), { timeout: 5_000 }).toBe(true);
    const total = await sellInCash(page);
    await expect.poll(visible(page, /\d+ changes? waiting/)).toBe(true);
    expect((await serverOrders(srv.server.url, 'complete')).filter((o) => !known.has(o.id))).toEqual([]);

    await cutNetwork(ctx, false);
    await waitSynced(page);
    const added = (await serverOrders(srv.server.url, 'complete')).filter((o) => !known.has(o.id));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ order_total: total, paid_amount: total, order_status: 'Complete' });
    await ctx.close();
  });

  it(`over http://${HOST} the app says the address is not secure, names the https one, and still works online`, async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await page.goto(`http://${HOST}:${srv.server.port}/pos/login`);
    expect(await page.evaluate(() => window.isSecureContext)).toBe(false);
    const notice = page.getByTestId('insecure-origin');
    const expected = `This address is not secure, so the POS cannot work offline. Open https://${HOST}:${httpsPort}/ instead.`;
    await expect
      .poll(async () => (await notice.textContent().catch(() => '')) ?? '', { timeout: 10_000 })
      .toContain(expected);
    expect(await notice.getByRole('link', { name: `https://${HOST}:${httpsPort}/` }).getAttribute('href')).toBe(
      `https://${HOST}:${httpsPort}/`,
    );
    expect(await page.evaluate(() => 'serviceWorker' in navigator)).toBe(false);

    await submitStaffLogin(page, 'cashier', 'cashier');
    await page.waitForURL(/\/pos\/order/);
    await waitSynced(page);
    await expect.poll(() => notice.isVisible()).toBe(true);

    // The set-up page, over plain http: per platform, the download and the QR code of the https address.
    await page.goto(`http://${HOST}:${srv.server.port}/setup/device`);
    for (const text of ['iPad', 'Android', 'Windows', 'ChromeOS', `https://${HOST}:${httpsPort}/`])
      expect(await page.getByText(text).first().isVisible(), await pageText(page)).toBe(true);
    expect(await page.getByRole('img', { name: `QR code of https://${HOST}:${httpsPort}/` }).isVisible()).toBe(true);
    const der = await fetch(`${srv.server.url}/setup/shop-ca.crt`);
    expect(der.headers.get('content-type')).toBe('application/x-x509-ca-cert');
    expect(Buffer.from(await der.arrayBuffer()).equals(new X509Certificate(caPem).raw)).toBe(true);
    await ctx.close();
  });

  async function sellInCash(page: Page): Promise<string> {
    await page.getByRole('link', { name: 'Cart' }).click();
    await page.waitForURL(/\/pos\/cart/);
    await addPart(page, mpn);
    await expect.poll(() => page.getByTestId('cart-total').isVisible(), { timeout: 10_000 }).toBe(true);
    await page.getByRole('button', { name: 'Save and Checkout' }).click();
    await page.waitForURL(/\/pos\/checkout/);
    const total = ((await page.getByTestId('order-total').textContent()) ?? '').replace(/[$,]/g, '');
    await page.getByRole('button', { name: 'Cash', exact: true }).click();
    await page.getByRole('dialog', { name: 'Cash Payment' }).getByRole('button', { name: 'Add Cash Payment' }).click();
    await expect.poll(visible(page, 'Paid In Full'), { message: await pageText(page) }).toBe(true);
    await page.getByRole('button', { name: 'Complete' }).click();
    await page.waitForURL(/\/pos\/order\/receipt/);
    await expect.poll(visible(page, 'Payment Processed'), { timeout: 10_000 }).toBe(true);
    return total;
  }
});

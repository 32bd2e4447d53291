import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../support/http-client';
import { Device } from '../integration/checkout/support/checkout-server';
import { startFakeSmtp, type FakeSmtp } from '../integration/checkout/support/fake-smtp';
import { seriousViolations } from './support/axe';
import { launchBrowser } from './support/browser';
import { cashierDevice, pageText, visible } from './support/pos';
import { startE2EServer, type E2EServer } from './support/server';
import { shot } from './support/shots';

/**
 * The outbox screen (/pos/notifications, docs/decisions/notifications.md): the real server mails
 * through a loopback SMTP server that is down at first. A receipt sent meanwhile waits to retry, a
 * refused one has failed; the cashier sees both with their attempts and reasons, the mail server
 * comes back, Resend delivers the waiting one exactly once. 1024x768, axe clean.
 */
describe('POS outbox screen (headless Chromium)', () => {
  let smtp: FakeSmtp;
  let srv: E2EServer;
  let browser: Browser;

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    await smtp.stop();
    // NOTIFY_POLL_MS=0: no background retry, so only Resend sends the waiting message here.
    [srv, browser] = await Promise.all([
      startE2EServer({
        env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Shop <shop@example.com>', NOTIFY_POLL_MS: '0' },
      }),
      launchBrowser({ serviceWorkers: 'block' }),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await srv?.close();
    await smtp?.close();
  });

  it('lists waiting and failed messages; Resend delivers once the mail server is back', async () => {
    const api = new TestClient(srv.server.url);
    await api.login('cashier', 'cashier');
    const o = await new Device(api).order(['12.00']);
    const waiting = await api.post(`/pos/order/send?order_id=${o.id}`, {
      notifyByEmail: true,
      email: 'later@example.com',
    });
    expect(waiting.body).toMatchObject({ queued: ['email'] });
    await smtp.start();
    const refused = await api.post(`/pos/order/send?order_id=${o.id}`, {
      notifyByEmail: true,
      email: 'gone@reject.test',
    });
    expect(refused.status).toBe(502);

    const { ctx, page } = await cashierDevice(browser, srv.server.url);
    await page.getByRole('link', { name: 'Outbox' }).click();
    await page.waitForURL(/\/pos\/notifications/);
    const table = page.getByRole('table', { name: 'Messages' });
    await expect
      .poll(() => table.getByText('later@example.com').isVisible(), { timeout: 10_000, message: await pageText(page) })
      .toBe(true);
    const laterRow = table.getByRole('row').filter({ hasText: 'later@example.com' });
    const goneRow = table.getByRole('row').filter({ hasText: 'gone@reject.test' });
    expect(await laterRow.getByText('Waiting to retry').isVisible()).toBe(true);
    expect(await goneRow.getByText('Failed').isVisible()).toBe(true);
    expect(await goneRow.innerText()).toMatch(/550/);
    expect(await page.getByText(`Email via smtp://127.0.0.1:${smtp.port}, texts via outbox.`).isVisible()).toBe(true);
    await shot(page, 'pd-outbox-before');
    expect(await seriousViolations(page)).toEqual([]);

    await laterRow.getByRole('button', { name: 'Resend to later@example.com' }).click();
    await expect.poll(visible(page, 'The message was sent.')).toBe(true);
    await expect.poll(() => laterRow.getByText('Sent', { exact: true }).isVisible()).toBe(true);
    expect(await laterRow.getByRole('button').count()).toBe(0);
    expect(smtp.received.filter((m) => m.to.includes('later@example.com'))).toHaveLength(1);

    await page.getByLabel('Status').selectOption('failed');
    await expect.poll(() => table.getByText('later@example.com').count()).toBe(0);
    expect(await table.getByText('gone@reject.test').isVisible()).toBe(true);
    await shot(page, 'pd-outbox-after');
    await ctx.close();
  });
});

/**
 * Contact Us through the durable outbox (docs/decisions/storefront.md "Contact Us",
 * docs/decisions/notifications.md "Durable sending"), against a real SMTP server on loopback: with
 * the mail server down or answering "try later" the shopper is told the message is queued (200), the
 * row waits `queued` and the outbox's retries deliver it once the server is back; nothing is mailed
 * twice, also by a later sender; a message the server takes at once is "sent".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboxSms } from '../../../server/adapters/notify/outbox';
import { SmtpMailer } from '../../../server/adapters/notify/smtp';
import { CONTACT_QUEUED, CONTACT_SENT } from '../../../server/services/catalog/product-contact-service';
import { NotificationSender } from '../../../server/services/notifications/notification-sender';
import { testEngines } from '../../support/engines';
import { TestClient } from '../../support/http-client';
import { partsOf, startFakeSmtp, type FakeSmtp } from '../checkout/support/fake-smtp';
import { solveCaptcha } from '../../support/captcha';
import { startProductServer, type ProductServer } from './support';

const R = (route: string) => `/index.php?route=${route}`;
const HOUR = 3_600_000;

describe.each(testEngines())('Contact Us through the outbox on %s', (engine) => {
  let smtp: FakeSmtp;
  let mailer: SmtpMailer;
  let server: ProductServer;
  let guest: TestClient;
  let productId: number;
  let store: { location_id: number; email_address: string };

  /** A sender "later": its clock is ahead, so every retry delay has passed. */
  const later = (hours: number) =>
    new NotificationSender(server.db, {
      mailer,
      sms: new OutboxSms(),
      clock: () => new Date(Date.now() + hours * HOUR),
      pollMs: 0,
    });
  const send = async (message: string) => {
    const { payload } = await solveCaptcha(server.url);
    expect((await guest.post(R('product/product/validateCaptcha'), { captchaInput: payload })).status).toBe(200);
    return guest.post(R('product/product/productContactEmail'), {
      pcName: 'Pat Lee',
      pcEmail: 'pat@example.com',
      pcPhone: '(512) 555-0188',
      pcLocation: String(store.location_id),
      pcMessage: message,
      product_id: productId,
      captchaInput: payload,
    });
  };
  const rowOf = (message: string) =>
    server.db
      .selectFrom('notifications')
      .select(['id', 'status', 'attempts', 'kind', 'recipient'])
      .where('body', 'like', `%${message}%`)
      .execute();
  const received = (message: string) => smtp.received.filter((m) => partsOf(m.data).text.includes(message));

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    mailer = new SmtpMailer({
      url: `smtp://127.0.0.1:${smtp.port}`,
      from: 'Shop <shop@example.com>',
      timeoutMs: 5_000,
    });
    server = await startProductServer(engine, { mailer });
    guest = new TestClient(server.url);
    productId = (await guest.get('/api/products/?limit=1')).body.products[0].product_id;
    store = (await guest.get(R('product/product/getLocations'))).body.locations[0];
  });
  afterAll(async () => {
    await server?.close();
    mailer?.close();
    await smtp?.close();
  });

  it('mail server down, then "try later", then back: queued for the shopper, delivered once by the retries', async () => {
    await smtp.stop();
    const down = await send('Sent while the mail server is down');
    expect(down.status).toBe(200);
    expect(down.body).toEqual({ success: CONTACT_QUEUED, queued: true });
    expect(await rowOf('Sent while the mail server is down')).toMatchObject([
      { status: 'queued', attempts: 1, kind: 'product_contact', recipient: store.email_address },
    ]);

    await smtp.start();
    smtp.tempFail(true);
    const tryLater = await send('Sent while the mail server says try later');
    expect(tryLater.body).toEqual({ success: CONTACT_QUEUED, queued: true });
    expect((await later(1).runDue()).map((o) => o.result)).toEqual(['retry', 'retry']);

    smtp.tempFail(false);
    expect((await later(2).runDue()).map((o) => o.result)).toEqual(['sent', 'sent']);
    for (const m of ['Sent while the mail server is down', 'Sent while the mail server says try later']) {
      const [row] = await rowOf(m);
      expect(row).toMatchObject({ status: 'sent' });
      const mails = received(m);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.to).toContain(store.email_address);
      expect(mails[0]!.messageId).toBe(`<${row!.id}@partsdesk.local>`);
    }
    // A later sender (another process, a day on) finds nothing left to send.
    expect(await later(24).runDue()).toEqual([]);
    expect(received('Sent while the mail server is down')).toHaveLength(1);
  });

  it('the mail server up: sent at once, and never again', async () => {
    const r = await send('Sent with the mail server up');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ success: CONTACT_SENT });
    expect(await rowOf('Sent with the mail server up')).toMatchObject([{ status: 'sent', attempts: 1 }]);
    expect(received('Sent with the mail server up')).toHaveLength(1);
    expect(await later(24).runDue()).toEqual([]);
    expect(received('Sent with the mail server up')).toHaveLength(1);
  });
});

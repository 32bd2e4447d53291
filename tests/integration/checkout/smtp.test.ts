/**
 * The SMTP adapter (nodemailer) against a real SMTP server on loopback (smtp-server): plain with
 * AUTH, STARTTLS, implicit TLS, refusals and how they are classified (permanent or temporary);
 * and the receipt call going out through it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboxSms } from '../../../server/adapters/notify/outbox';
import { SmtpMailer } from '../../../server/adapters/notify/smtp';
import { DeliveryError } from '../../../server/adapters/notify/types';
import { testEngines } from '../../support/engines';
import { partsOf, selfSigned, startFakeSmtp, type FakeSmtp } from './support/fake-smtp';
import { Device, signedIn, startCheckoutServer, type CheckoutServer } from './support/checkout-server';

const message = {
  id: '0190f3c2-0000-7000-8000-000000000001',
  to: 'pat@example.com',
  subject: 'Your receipt — Order # 7',
  text: 'Thanks!\n.leading dot line\nTotal $5.00',
  html: '<p>Thanks!</p>',
};
const cert = selfSigned();

async function refusal(p: Promise<unknown>): Promise<DeliveryError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DeliveryError);
  return err as DeliveryError;
}

describe('SMTP adapter (nodemailer)', () => {
  it('delivers text + HTML over a plain connection with AUTH (insecure=1: local test server only); no header injection; Message-ID from the outbox row', async () => {
    const smtp = await startFakeSmtp({ user: 'shop', pass: 'p@ss' });
    const mailer = new SmtpMailer({
      url: `smtp://shop:p%40ss@127.0.0.1:${smtp.port}?insecure=1`,
      from: 'Shop <shop@example.com>',
    });
    try {
      const injected = await refusal(mailer.send({ ...message, to: 'pat@example.com\r\nBcc: evil@example.com' }));
      expect(injected.permanent).toBe(true);
      await mailer.send(message);
      expect(smtp.received).toHaveLength(1);
      const got = smtp.received[0]!;
      expect(got).toMatchObject({
        from: 'shop@example.com',
        secure: false,
        user: 'shop',
        messageId: `<${message.id}@partsdesk.local>`,
      });
      expect(got.to).not.toContain('evil@example.com');
      expect(got.data).not.toMatch(/^Bcc:/m);
      expect(got.data).toMatch(/^Subject: =\?UTF-8\?/m);
      expect(partsOf(got.data)).toMatchObject({ text: message.text, html: message.html });
    } finally {
      mailer.close();
      await smtp.close();
    }
  });

  it('refuses to send a password in clear text; a bad login and a down server are temporary, a refused recipient permanent', async () => {
    const smtp = await startFakeSmtp({ user: 'shop', pass: 'right' });
    try {
      const clear = await refusal(
        new SmtpMailer({ url: `smtp://shop:right@127.0.0.1:${smtp.port}`, from: 'shop@example.com', pool: false }).send(
          message,
        ),
      );
      expect(clear.permanent).toBe(false);
      const login = await refusal(
        new SmtpMailer({
          url: `smtp://shop:wrong@127.0.0.1:${smtp.port}?insecure=1`,
          from: 'shop@example.com',
          pool: false,
        }).send(message),
      );
      expect(login.message).toMatch(/535/);
      expect(login.permanent).toBe(false);
      const rcpt = await refusal(
        new SmtpMailer({ url: `smtp://127.0.0.1:${smtp.port}`, from: 'shop@example.com', pool: false }).send({
          ...message,
          to: 'x@reject.test',
        }),
      );
      expect(rcpt.message).toMatch(/550/);
      expect(rcpt.permanent).toBe(true);
      smtp.tempFail(true);
      const later = await refusal(
        new SmtpMailer({ url: `smtp://127.0.0.1:${smtp.port}`, from: 'shop@example.com', pool: false }).send(message),
      );
      expect(later.message).toMatch(/451/);
      expect(later.permanent).toBe(false);
      expect(smtp.received).toHaveLength(0);
      const down = await refusal(
        new SmtpMailer({ url: 'smtp://127.0.0.1:1', from: 'a@b.c', timeoutMs: 2000, pool: false }).send(message),
      );
      expect(down.permanent).toBe(false);
    } finally {
      await smtp.close();
    }
  });

  it('reuses one pooled connection for several messages', async () => {
    const smtp = await startFakeSmtp();
    const mailer = new SmtpMailer({ url: `smtp://127.0.0.1:${smtp.port}`, from: 'shop@example.com' });
    try {
      for (let i = 0; i < 3; i++) await mailer.send({ ...message, id: undefined });
      expect(smtp.received).toHaveLength(3);
      expect(smtp.connections).toBe(1);
    } finally {
      mailer.close();
      await smtp.close();
    }
  });

  it.skipIf(!cert)(
    'upgrades with STARTTLS and logs in over TLS; an untrusted certificate is refused unless insecure=1',
    async () => {
      const smtp = await startFakeSmtp({ tls: cert!, user: 'shop', pass: 'secret' });
      try {
        await new SmtpMailer({
          url: `smtp://shop:secret@127.0.0.1:${smtp.port}`,
          from: 'shop@example.com',
          tls: { ca: cert!.cert },
          pool: false,
        }).send(message);
        expect(smtp.received[0]).toMatchObject({ secure: true, user: 'shop', to: ['pat@example.com'] });
        await refusal(
          new SmtpMailer({ url: `smtp://127.0.0.1:${smtp.port}`, from: 'shop@example.com', pool: false }).send(message),
        );
        await new SmtpMailer({
          url: `smtp://127.0.0.1:${smtp.port}?insecure=1`,
          from: 'shop@example.com',
          pool: false,
        }).send(message);
        expect(smtp.received).toHaveLength(2);
      } finally {
        await smtp.close();
      }
    },
  );

  it.skipIf(!cert)('speaks TLS from the first byte with smtps://', async () => {
    const smtp = await startFakeSmtp({ tls: { ...cert!, implicit: true } });
    try {
      await new SmtpMailer({
        url: `smtps://127.0.0.1:${smtp.port}`,
        from: 'shop@example.com',
        tls: { ca: cert!.cert },
        pool: false,
      }).send(message);
      expect(smtp.received[0]).toMatchObject({ secure: true });
    } finally {
      await smtp.close();
    }
  });
});

describe.each(testEngines())('receipts through SMTP on %s', (engine) => {
  let smtp: FakeSmtp;
  let server: CheckoutServer;
  let mailer: SmtpMailer;

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    mailer = new SmtpMailer({ url: `smtp://127.0.0.1:${smtp.port}`, from: 'Shop <shop@example.com>' });
    server = await startCheckoutServer(engine, { mailer, sms: new OutboxSms() });
  });
  afterAll(async () => {
    await server?.close();
    mailer?.close();
    await smtp?.close();
  });

  it('POST /pos/order/send hands the receipt to the mail server; a refusal is 502', async () => {
    const cashier = await signedIn(server.url, 'cashier');
    const o = await new Device(cashier).order(['14.50']);
    const ok = await cashier.post(`/pos/order/send?order_id=${o.id}`, {
      notifyByEmail: true,
      email: 'pat@example.com',
    });
    expect(ok.status).toBe(200);
    const mail = smtp.received.at(-1)!;
    expect(mail.to).toEqual(['pat@example.com']);
    expect(partsOf(mail.data).text).toContain('$14.50');
    const bad = await cashier.post(`/pos/order/send?order_id=${o.id}`, {
      notifyByEmail: true,
      email: 'pat@reject.test',
    });
    expect(bad.status).toBe(502);
    expect(bad.body.message).toBe('Failed to send to notification');
    const row = await server.db
      .selectFrom('notifications')
      .select(['status', 'error'])
      .where('recipient', '=', 'pat@reject.test')
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('failed');
    expect(row.error).toMatch(/550/);
  });
});

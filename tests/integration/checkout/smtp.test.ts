/**
 * The SMTP adapter (node:net / node:tls only) against a real SMTP conversation: plain with AUTH,
 * STARTTLS, implicit TLS, refusals; and the receipt call going out through it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboxSms } from '../../../server/adapters/notify/outbox';
import { SmtpMailer } from '../../../server/adapters/notify/smtp';
import { buildMessage, dotStuff } from '../../../server/adapters/notify/smtp-message';
import { testEngines } from '../../support/engines';
import { partsOf, selfSigned, startFakeSmtp, type FakeSmtp } from './support/fake-smtp';
import { Device, signedIn, startCheckoutServer, type CheckoutServer } from './support/checkout-server';

const message = { to: 'pat@example.com', subject: 'Your receipt — Order # 7', text: 'Thanks!\n.leading dot line\nTotal $5.00', html: '<p>Thanks!</p>' };
const cert = selfSigned();

describe('SMTP adapter', () => {
  it('builds a MIME message: encoded subject, both parts, no header injection; dot-stuffs DATA', () => {
    const raw = buildMessage('Shop <shop@example.com>', { ...message, to: 'pat@example.com\r\nBcc: evil@example.com' }, new Date('2026-11-22T10:00:00Z'));
    expect(raw).toContain('To: pat@example.com Bcc: evil@example.com\r\n');
    expect(raw).not.toMatch(/^Bcc:/m);
    expect(raw).toContain('Subject: =?UTF-8?B?');
    expect(partsOf(raw)).toMatchObject({ text: message.text, html: message.html });
    expect(dotStuff('a\n.b\r\n..c')).toBe('a\r\n..b\r\n...c\r\n.\r\n');
  });

  it('delivers over a plain connection with AUTH PLAIN (insecure=1: local test server only)', async () => {
    const smtp = await startFakeSmtp({ user: 'shop', pass: 'p@ss' });
    try {
      await new SmtpMailer({ url: `smtp://shop:p%40ss@127.0.0.1:${smtp.port}?insecure=1`, from: 'Shop <shop@example.com>' }).send(message);
      expect(smtp.received).toHaveLength(1);
      const got = smtp.received[0]!;
      expect(got).toMatchObject({ from: 'shop@example.com', to: ['pat@example.com'], secure: false, user: 'shop' });
      expect(partsOf(got.data).text).toBe(message.text);
    } finally {
      await smtp.close();
    }
  });

  it('refuses to send a password in clear text, and reports a refused recipient or bad login', async () => {
    const smtp = await startFakeSmtp({ user: 'shop', pass: 'right' });
    try {
      await expect(new SmtpMailer({ url: `smtp://shop:right@127.0.0.1:${smtp.port}`, from: 'shop@example.com' }).send(message)).rejects.toThrow(/without TLS/);
      await expect(new SmtpMailer({ url: `smtp://shop:wrong@127.0.0.1:${smtp.port}?insecure=1`, from: 'shop@example.com' }).send(message)).rejects.toThrow(/535/);
      await expect(new SmtpMailer({ url: `smtp://127.0.0.1:${smtp.port}`, from: 'shop@example.com' }).send({ ...message, to: 'x@reject.test' })).rejects.toThrow(/RCPT: 550/);
      expect(smtp.received).toHaveLength(0);
      await expect(new SmtpMailer({ url: 'smtp://127.0.0.1:1', from: 'a@b.c', timeoutMs: 2000 }).send(message)).rejects.toThrow();
    } finally {
      await smtp.close();
    }
  });

  it.skipIf(!cert)('upgrades with STARTTLS and logs in with AUTH LOGIN over TLS', async () => {
    const smtp = await startFakeSmtp({ tls: cert!, user: 'shop', pass: 'secret' });
    try {
      await new SmtpMailer({ url: `smtp://shop:secret@127.0.0.1:${smtp.port}`, from: 'shop@example.com', tls: { ca: cert!.cert } }).send(message);
      expect(smtp.received[0]).toMatchObject({ secure: true, user: 'shop', to: ['pat@example.com'] });
      // An untrusted certificate is refused unless insecure=1.
      await expect(new SmtpMailer({ url: `smtp://127.0.0.1:${smtp.port}`, from: 'shop@example.com' }).send(message)).rejects.toThrow();
    } finally {
      await smtp.close();
    }
  });

  it.skipIf(!cert)('speaks TLS from the first byte with smtps://', async () => {
    const smtp = await startFakeSmtp({ tls: { ...cert!, implicit: true } });
    try {
      await new SmtpMailer({ url: `smtps://127.0.0.1:${smtp.port}`, from: 'shop@example.com', tls: { ca: cert!.cert } }).send(message);
      expect(smtp.received[0]).toMatchObject({ secure: true });
    } finally {
      await smtp.close();
    }
  });
});

describe.each(testEngines())('receipts through SMTP on %s', (engine) => {
  let smtp: FakeSmtp;
  let server: CheckoutServer;

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    server = await startCheckoutServer(engine, { mailer: new SmtpMailer({ url: `smtp://127.0.0.1:${smtp.port}`, from: 'Shop <shop@example.com>' }), sms: new OutboxSms() });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('POST /pos/order/send hands the receipt to the mail server; a refusal is 502', async () => {
    const cashier = await signedIn(server.url, 'cashier');
    const o = await new Device(cashier).order(['14.50']);
    const ok = await cashier.post(`/pos/order/send?order_id=${o.id}`, { notifyByEmail: true, email: 'pat@example.com' });
    expect(ok.status).toBe(200);
    const mail = smtp.received.at(-1)!;
    expect(mail.to).toEqual(['pat@example.com']);
    expect(partsOf(mail.data).text).toContain('$14.50');
    const bad = await cashier.post(`/pos/order/send?order_id=${o.id}`, { notifyByEmail: true, email: 'pat@reject.test' });
    expect(bad.status).toBe(502);
    expect(bad.body.message).toBe('Failed to send to notification');
    const row = await server.db.selectFrom('notifications').select(['status', 'error']).where('recipient', '=', 'pat@reject.test').executeTakeFirstOrThrow();
    expect(row.status).toBe('failed');
    expect(row.error).toMatch(/550/);
  });
});

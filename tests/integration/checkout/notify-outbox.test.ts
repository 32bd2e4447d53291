/**
 * Durable sending (docs/decisions/notifications.md "Durable sending"): a message is a row written
 * with the change that causes it and delivered by the retrying sender. Against a real SMTP server
 * on loopback that goes down, answers "try later", and comes back: nothing is lost, nothing is
 * sent twice - across a restart of the sender, with two senders at once, after a sender died
 * between claim and settle. Order history with Notify Customer queues in its own transaction,
 * posted or pushed from a device; texting consent is the customer record's.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboxSms } from '../../../server/adapters/notify/outbox';
import { SmtpMailer } from '../../../server/adapters/notify/smtp';
import { NotificationSender } from '../../../server/services/notifications/notification-sender';
import { testEngines } from '../../support/engines';
import type { TestClient } from '../../support/http-client';
import { startFakeSmtp, type FakeSmtp } from './support/fake-smtp';
import { Device, signedIn, startCheckoutServer, type CheckoutServer } from './support/checkout-server';

const HOUR = 3_600_000;

describe.each(testEngines())('the notification outbox on %s', (engine) => {
  let smtp: FakeSmtp;
  let mailer: SmtpMailer;
  let server: CheckoutServer;
  let cashier: TestClient;
  let device: Device;
  /** A sender "later": its clock is ahead, so every retry delay has passed. */
  const later = (hours = 1, extra: Partial<ConstructorParameters<typeof NotificationSender>[1]> = {}) =>
    new NotificationSender(server.db, {
      mailer,
      sms: new OutboxSms(),
      clock: () => new Date(Date.now() + hours * HOUR),
      pollMs: 0,
      ...extra,
    });
  const rowsOf = (orderRef: string) =>
    server.db
      .selectFrom('notifications')
      .select(['id', 'status', 'attempts', 'error', 'kind', 'channel', 'recipient'])
      .where('order_ref', '=', orderRef)
      .orderBy('created_at')
      .execute();
  const receivedFor = (to: string) => smtp.received.filter((m) => m.to.includes(to));

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    mailer = new SmtpMailer({
      url: `smtp://127.0.0.1:${smtp.port}`,
      from: 'Shop <shop@example.com>',
      timeoutMs: 5_000,
    });
    server = await startCheckoutServer(engine, { mailer, sms: new OutboxSms() });
    cashier = await signedIn(server.url, 'cashier');
    device = new Device(cashier);
  });
  afterAll(async () => {
    await server?.close();
    mailer?.close();
    await smtp?.close();
  });

  it('mail server down, then "try later", then back: each receipt is delivered exactly once, also after a sender restart', async () => {
    const orders = [await device.order(['11.00']), await device.order(['12.00']), await device.order(['13.00'])];
    await smtp.stop();
    for (const [i, o] of orders.entries()) {
      const r = await cashier.post(`/pos/order/send?order_id=${o.id}`, {
        notifyByEmail: true,
        email: `down${i}@example.com`,
      });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ sent: [], queued: ['email'] });
      expect(r.body.success).toMatch(/^Receipt queued/);
      expect(await rowsOf(o.id)).toMatchObject([{ status: 'queued', attempts: 1, kind: 'receipt' }]);
    }
    // Not due yet: the first retry waits its delay.
    expect(await later(0).runDue()).toEqual([]);

    await smtp.start();
    smtp.tempFail(true);
    const first = later(1);
    const tempFailed = await first.runDue();
    expect(tempFailed.map((o) => o.result)).toEqual(['retry', 'retry', 'retry']);
    expect(tempFailed[0]!.error).toMatch(/451/);

    smtp.tempFail(false);
    // Each retry waits its own delay: not due again an instant later, due an hour after.
    expect(await first.runDue()).toEqual([]);
    await first.stop();
    const delivered = await later(2).runDue();
    expect(delivered.map((o) => o.result)).toEqual(['sent', 'sent', 'sent']);
    for (const [i, o] of orders.entries()) {
      const [row] = await rowsOf(o.id);
      expect(row).toMatchObject({ status: 'sent', attempts: 3, error: null });
      const mails = receivedFor(`down${i}@example.com`);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.messageId).toBe(`<${row!.id}@partsdesk.local>`);
    }

    // A new process (no memory of the first) finds nothing to send, a day later too.
    expect(await later(24).runDue()).toEqual([]);
    for (const i of [0, 1, 2]) expect(receivedFor(`down${i}@example.com`)).toHaveLength(1);
  });

  it('two senders at once never send the same message; a claim left by a dead sender is sent once after its lease', async () => {
    await smtp.stop();
    const o = await device.order(['20.00']);
    for (let i = 0; i < 8; i++)
      expect(
        (await cashier.post(`/pos/order/send?order_id=${o.id}`, { notifyByEmail: true, email: `race${i}@example.com` }))
          .status,
      ).toBe(200);
    await smtp.start();
    const [a, b] = await Promise.all([later(1).runDue(3), later(1).runDue(3)]);
    const c = await later(1).runDue();
    const ids = [...a, ...b, ...c].filter((x) => x.result === 'sent').map((x) => x.id);
    expect(ids).toHaveLength(8);
    expect(new Set(ids).size).toBe(8);
    for (let i = 0; i < 8; i++) expect(receivedFor(`race${i}@example.com`)).toHaveLength(1);

    // A sender claimed a row and died before it could send: the row waits out its lease, then goes once.
    await smtp.stop();
    expect(
      (await cashier.post(`/pos/order/send?order_id=${o.id}`, { notifyByEmail: true, email: 'dead@example.com' }))
        .status,
    ).toBe(200);
    await smtp.start();
    const row = (await rowsOf(o.id)).find((r) => r.recipient === 'dead@example.com')!;
    await server.db
      .updateTable('notifications')
      .set({ status: 'sending', attempts: 2, locked_until: new Date(Date.now() + 60_000) })
      .where('id', '=', row.id)
      .execute();
    expect(await later(0).runDue()).toEqual([]);
    expect((await later(1).runDue()).map((x) => [x.id, x.result])).toEqual([[row.id, 'sent']]);
    expect(receivedFor('dead@example.com')).toHaveLength(1);
  });

  it('a refused recipient is failed at once (502 "Failed to send to notification"); temporary failures give up after the last retry; staff resend', async () => {
    const admin = await signedIn(server.url, 'admin');
    const o = await device.order(['5.00']);
    const refused = await cashier.post(`/pos/order/send?order_id=${o.id}`, {
      notifyByEmail: true,
      email: 'gone@reject.test',
    });
    expect(refused.status).toBe(502);
    expect(refused.body.message).toBe('Failed to send to notification');
    expect(await rowsOf(o.id)).toMatchObject([{ status: 'failed', attempts: 1 }]);

    await smtp.stop();
    expect(
      (await cashier.post(`/pos/order/send?order_id=${o.id}`, { notifyByEmail: true, email: 'late@example.com' }))
        .status,
    ).toBe(200);
    const late = (await rowsOf(o.id)).find((r) => r.recipient === 'late@example.com')!;
    // With one retry allowed, the second temporary failure is final.
    expect((await later(1, { backoffMs: [1_000] }).runDue()).find((x) => x.id === late.id)?.result).toBe('failed');
    const listed = await admin.get(`/api/notifications?status=failed&order_ref=${o.id}`);
    expect(listed.status).toBe(200);
    expect(listed.body.notifications.map((n: { to: string }) => n.to).sort()).toEqual([
      'gone@reject.test',
      'late@example.com',
    ]);
    expect(listed.body.notifications[0]).toMatchObject({ attempts: expect.any(Number), next_attempt_at: null });
    expect(listed.body.adapters).toEqual({ email: `smtp://127.0.0.1:${smtp.port}`, sms: 'outbox' });

    // Resend while the server is still down: queued again with a fresh round, not lost.
    const again = await cashier.post('/api/notifications/resend', { id: late.id });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({
      success: 'The message could not be handed over yet; it is retried automatically.',
      status: 'queued',
    });
    await smtp.start();
    const now = await cashier.post('/api/notifications/resend', { id: late.id });
    expect(now.body).toEqual({ success: 'The message was sent.', status: 'sent' });
    expect(receivedFor('late@example.com')).toHaveLength(1);
    expect((await cashier.post('/api/notifications/resend', { id: late.id })).status).toBe(409);
    expect((await cashier.post('/api/notifications/resend', { id: randomUUID() })).status).toBe(404);
    expect((await cashier.post('/api/notifications/resend', { id: 'nope' })).status).toBe(400);
    expect(
      (await (await signedIn(server.url, 'installer')).post('/api/notifications/resend', { id: late.id })).status,
    ).toBe(403);
  });

  it('order history with Notify Customer: queued with the entry (posted or pushed), delivered, consent from the customer record', async () => {
    const customer = await device.customer(server.db, '0');
    const o = await device.order(['30.00'], { customer });
    const posted = await cashier.post(`/pos/order/history?order_id=${o.id}`, {
      orderStatusId: 2,
      comment: 'Your parts are in.',
      notifyCustomer: true,
      notifyByEmail: true,
      email: 'hist@example.com',
    });
    expect(posted.status).toBe(200);
    expect(posted.body).toEqual({ success: 'The order history was added.' });
    const mail = receivedFor('hist@example.com');
    expect(mail).toHaveLength(1);
    expect(mail[0]!.data).toMatch(/Subject: Order # \d+ update from/);
    expect(await rowsOf(o.id)).toMatchObject([{ kind: 'order_history', status: 'sent', channel: 'email' }]);

    // The device claims consent; the customer record has none: refused without the override.
    const claimed = await cashier.post(`/pos/order/history?order_id=${o.id}`, {
      orderStatusId: 2,
      notifyCustomer: true,
      notifyByText: true,
      phone: '(512) 555-0142',
      textingAlerts: true,
    });
    expect(claimed.status).toBeGreaterThanOrEqual(400);
    expect(claimed.status).toBeLessThan(500);
    expect(claimed.body.message).toBe("Customer doesn't constent to text messages");
    await server.db.updateTable('customers').set({ texting_alerts: true }).where('id', '=', customer).execute();
    expect(
      (
        await cashier.post(`/pos/order/history?order_id=${o.id}`, {
          orderStatusId: 2,
          notifyCustomer: true,
          notifyByText: true,
          phone: '(512) 555-0142',
          textingAlerts: true,
        })
      ).status,
    ).toBe(200);

    // Pushed from a device's outbox while the mail server is down: queued with the entry, sent later, once.
    await smtp.stop();
    const entry = randomUUID();
    const args = {
      order_ref: o.id,
      id: entry,
      order_status_id: 3,
      comment: 'Ready for pickup',
      notify_customer: true,
      notify_by_email: true,
      notify_by_text: false,
      texting_alerts: false,
      override_text_permission: false,
      email: 'pushed@example.com',
      phone: '',
    };
    await device.apply('orderHistory.add', args);
    const queued = await server.db
      .selectFrom('notifications')
      .select(['status', 'kind'])
      .where('source_ref', '=', entry)
      .execute();
    expect(queued).toEqual([{ status: 'queued', kind: 'order_history' }]);
    await smtp.start();
    expect((await later(0).runDue()).map((x) => x.result)).toEqual(['sent']);
    expect(receivedFor('pushed@example.com')).toHaveLength(1);
    // The same push again (a device retrying) queues nothing new.
    await device.push('orderHistory.add', args);
    expect(
      await server.db.selectFrom('notifications').select('id').where('source_ref', '=', entry).execute(),
    ).toHaveLength(1);
  });
});

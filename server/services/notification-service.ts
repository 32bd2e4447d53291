/**
 * Sending receipts and payment links (pos-back-office.md §7 POST /pos/order/send and
 * /pos/order/sendPaymentURL), and the outbox admins read.
 *
 * Every message is first written to `notifications` as `queued` in a committed transaction (for a
 * payment link, together with the link itself); only then are the senders called, and each row is
 * marked `sent` or `failed` with the reason. Any failure answers 502 "Failed to send to
 * notification" (the spec's wording); the rows that did go out stay `sent`.
 */
import { maskTokens } from '../http/redact';
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { NotificationsReply, SendReply } from '../../src/contracts/checkout-notifications';
import type { OrderRefParam } from '../../src/contracts/checkout-transactions';
import { NOTIFICATION_SEND_FAILED, type NotificationForm } from '../../src/domain/forms/notification';
import { paymentAvailability } from '../../src/domain/payments';
import { money, ZERO } from '../../src/domain/money';
import { NO_BALANCE_DUE, typeDisabledMessage } from '../../src/domain/mutations/transactions';
import type { Mailer, SmsSender } from '../adapters/notify/types';
import type { PaymentsDB } from '../db/schema-payments';
import { HttpError } from '../http/errors';
import type { Actor } from '../sync/appliers/types';
import type { CheckoutMutations } from './checkout-mutations';
import { buildInvoice } from './checkout-invoice';
import { renderPaymentLink, renderReceipt, type Rendered } from './notification-render';

export const CHOOSE_CHANNEL = 'Select email or text to send it.';
/** How long a payment link works. */
export const PAYMENT_LINK_DAYS = 7;

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

interface Queued {
  id: string;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body: string;
  html: string | null;
}

export class NotificationService {
  constructor(
    private readonly mutations: CheckoutMutations,
    private readonly mailer: Mailer,
    private readonly sms: SmsSender,
  ) {}

  private get db(): Kysely<PaymentsDB> {
    return this.mutations.reader;
  }

  async sendReceipt(ref: OrderRefParam, form: NotificationForm, actor: Actor): Promise<SendReply> {
    requireChannel(form);
    const settings = await this.mutations.settings();
    const queued = await this.db.transaction().execute(async (trx) => {
      const inv = await buildInvoice(trx, ref, settings);
      return this.queue(trx, form, renderReceipt(inv), 'receipt', inv.order.id, actor);
    });
    return this.deliver(queued, 'Receipt sent.');
  }

  /** A new link each time (earlier ones keep working until they expire); the token is never stored. */
  async sendPaymentLink(ref: OrderRefParam, form: NotificationForm, actor: Actor, baseUrl: string): Promise<SendReply> {
    requireChannel(form);
    const settings = await this.mutations.settings();
    const token = randomBytes(32).toString('base64url');
    const now = this.mutations.clock();
    const expiresAt = new Date(now.getTime() + PAYMENT_LINK_DAYS * 86_400_000);
    const queued = await this.db.transaction().execute(async (trx) => {
      const inv = await buildInvoice(trx, ref, settings);
      if (inv.order.status === 'voided') throw new HttpError(409, 'order_already_voided', 'This order has been voided.');
      const due = money(inv.balanceDue);
      const online = paymentAvailability(settings, due, ZERO).types.find((t) => t.type === 'online');
      if (!online) throw new HttpError(422, 'payment_type_disabled', typeDisabledMessage('Online'));
      if (due.lte(ZERO)) throw new HttpError(409, 'no_balance_due', NO_BALANCE_DUE);
      await trx.insertInto('payment_links').values({ order_ref: inv.order.id, token_hash: hashToken(token), actor_id: actor.id, expires_at: expiresAt }).execute();
      const url = `${baseUrl.replace(/\/$/, '')}/checkout/pay?token=${token}`;
      return this.queue(trx, form, renderPaymentLink(inv, url, expiresAt), 'payment_link', inv.order.id, actor);
    });
    return this.deliver(queued, 'Payment link sent.');
  }

  async list(page: number, limit: number): Promise<NotificationsReply> {
    const rows = await this.db.selectFrom('notifications').selectAll().orderBy('created_at', 'desc').orderBy('id').limit(limit).offset((page - 1) * limit).execute();
    const count = await this.db.selectFrom('notifications').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    return {
      notifications: rows.map((r) => ({
        id: r.id,
        channel: r.channel,
        kind: r.kind,
        to: r.recipient,
        subject: r.subject,
        // The link's token is the customer's to use: masked here (server/http/redact.ts).
        body: maskTokens(r.body),
        html: r.html === null ? null : maskTokens(r.html),
        status: r.status,
        error: r.error,
        order_ref: r.order_ref,
        created_at: r.created_at.toISOString(),
        sent_at: r.sent_at ? r.sent_at.toISOString() : null,
      })),
      total_items: Number(count.n),
      page,
      limit,
    };
  }

  private async queue(trx: Kysely<PaymentsDB>, form: NotificationForm, msg: Rendered, kind: 'receipt' | 'payment_link', orderRef: string, actor: Actor): Promise<Queued[]> {
    const rows = [
      ...(form.notifyByEmail ? [{ channel: 'email' as const, recipient: form.email, subject: msg.subject, body: msg.text, html: msg.html }] : []),
      ...(form.notifyByText ? [{ channel: 'sms' as const, recipient: form.phone, subject: '', body: msg.sms, html: null }] : []),
    ];
    return trx
      .insertInto('notifications')
      .values(rows.map((r) => ({ ...r, kind, status: 'queued' as const, order_ref: orderRef, actor_id: actor.id })))
      .returning(['id', 'channel', 'recipient', 'subject', 'body', 'html'])
      .execute();
  }

  private async deliver(queued: Queued[], success: string): Promise<SendReply> {
    let failed = false;
    for (const q of queued) {
      let error: string | null = null;
      try {
        if (q.channel === 'email') await this.mailer.send({ to: q.recipient, subject: q.subject, text: q.body, html: q.html ?? '' });
        else await this.sms.send({ to: q.recipient, text: q.body });
      } catch (err) {
        error = err instanceof Error ? err.message.slice(0, 500) : 'delivery failed';
        failed = true;
      }
      await this.db
        .updateTable('notifications')
        .set(error === null ? { status: 'sent', sent_at: this.mutations.clock() } : { status: 'failed', error })
        .where('id', '=', q.id)
        .execute();
    }
    if (failed) throw new HttpError(502, 'notification_failed', NOTIFICATION_SEND_FAILED);
    return { success, sent: queued.map((q) => q.channel) };
  }
}

function requireChannel(form: NotificationForm): void {
  if (!form.notifyByEmail && !form.notifyByText) throw new HttpError(400, 'invalid_input', CHOOSE_CHANNEL, { notifyByEmail: [CHOOSE_CHANNEL] });
}

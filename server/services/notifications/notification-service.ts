/**
 * Sending receipts and payment links (pos-back-office.md §7 POST /pos/order/send and
 * /pos/order/sendPaymentURL), and the outbox staff read and resend from.
 *
 * Every message is first written to `notifications` as `queued` in a committed transaction (for a
 * payment link, together with the link itself); then the retrying sender (notification-sender.ts)
 * tries it at once. A refusal (permanent) answers 502 "Failed to send to notification" (the spec's
 * wording; the rows that did go out stay `sent`); a message that could not be handed over yet
 * (mail server down) stays queued, is retried in the background, and the reply says so.
 */
import { maskTokens } from './mask-tokens';
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  ALREADY_SENT,
  NOTIFICATION_REQUEUED,
  NOTIFICATION_RESENT,
  type NotificationsReply,
  type SendReply,
} from '../../../src/contracts/checkout-notifications';
import type { OrderRefParam } from '../../../src/contracts/checkout-transactions';
import {
  CHOOSE_CHANNEL,
  NOTIFICATION_SEND_FAILED,
  TEXT_CONSENT_MESSAGE,
  type NotificationForm,
} from '../../../src/domain/forms/notification';
import { paymentAvailability } from '../../../src/domain/payments';
import { money, ZERO } from '../../../src/domain/money';
import { NO_BALANCE_DUE, typeDisabledMessage } from '../../../src/domain/mutations/transactions';
import type { DB, NotificationStatus } from '../../db/schema';
import { textConsent } from '../../commands/appliers/history';
import { ServiceError } from '../../errors';
import type { Actor } from '../../commands/actor';
import type { CommandRunner } from '../../commands/runner';
import { buildInvoice } from '../checkout/checkout-invoice';
import { renderPaymentLink, renderReceipt, type Rendered } from './notification-render';
import { queueNotifications } from './notification-queue';
import type { NotificationSender, Outcome } from './notification-sender';

/** How long a payment link works. */
export const PAYMENT_LINK_DAYS = 7;

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export class NotificationService {
  constructor(
    private readonly mutations: CommandRunner,
    readonly sender: NotificationSender,
  ) {}

  private get db(): Kysely<DB> {
    return this.mutations.reader;
  }

  async sendReceipt(ref: OrderRefParam, form: NotificationForm, actor: Actor): Promise<SendReply> {
    requireChannel(form);
    const settings = await this.mutations.settings();
    const queued = await this.db.transaction().execute(async (trx) => {
      const inv = await buildInvoice(trx, ref, settings);
      await requireConsent(trx, form, inv.order.id);
      return this.queue(trx, form, renderReceipt(inv), 'receipt', inv.order.id, actor);
    });
    return this.deliver(queued, 'Receipt sent.', 'Receipt');
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
      await requireConsent(trx, form, inv.order.id);
      if (inv.order.status === 'voided')
        throw new ServiceError('conflict', 'order_already_voided', 'This order has been voided.');
      const due = money(inv.balanceDue);
      const online = paymentAvailability(settings, due, ZERO).types.find((t) => t.type === 'online');
      if (!online) throw new ServiceError('refused', 'payment_type_disabled', typeDisabledMessage('Online'));
      if (due.lte(ZERO)) throw new ServiceError('conflict', 'no_balance_due', NO_BALANCE_DUE);
      await trx
        .insertInto('payment_links')
        .values({ order_ref: inv.order.id, token_hash: hashToken(token), actor_id: actor.id, expires_at: expiresAt })
        .execute();
      const url = `${baseUrl.replace(/\/$/, '')}/checkout/pay?token=${token}`;
      return this.queue(trx, form, renderPaymentLink(inv, url, expiresAt), 'payment_link', inv.order.id, actor);
    });
    return this.deliver(queued, 'Payment link sent.', 'Payment link');
  }

  async list(q: {
    page: number;
    limit: number;
    status?: NotificationStatus | undefined;
    order_ref?: string | undefined;
  }): Promise<NotificationsReply> {
    let base = this.db.selectFrom('notifications');
    if (q.status) base = base.where('status', '=', q.status);
    if (q.order_ref) base = base.where('order_ref', '=', q.order_ref);
    const rows = await base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .execute();
    const count = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
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
        attempts: r.attempts,
        next_attempt_at: r.status === 'queued' ? r.next_attempt_at.toISOString() : null,
      })),
      adapters: this.sender.adapters,
      total_items: Number(count.n),
      page: q.page,
      limit: q.limit,
    };
  }

  /**
   * Staff's Resend on the outbox screen: a failed or waiting message is queued again (with a fresh
   * round of attempts) and tried now. A sent message is not sent again from here (the receipt
   * screen sends a new copy); one being sent right now is left to its sender.
   */
  async resend(id: string): Promise<{ success: string; status: NotificationStatus }> {
    const row = await this.db.transaction().execute(async (trx) => {
      const r = await trx
        .selectFrom('notifications')
        .select(['id', 'status'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!r) throw new ServiceError('not_found', 'not_found', 'Unknown notification');
      if (r.status === 'sent') throw new ServiceError('conflict', 'already_sent', ALREADY_SENT);
      if (r.status === 'sending')
        throw new ServiceError('conflict', 'sending', 'This message is being sent right now.');
      await trx
        .updateTable('notifications')
        .set({ status: 'queued', attempts: 0, next_attempt_at: this.mutations.clock(), error: null })
        .where('id', '=', id)
        .execute();
      return r;
    });
    const [outcome] = await this.sender.deliver([row.id]);
    if (!outcome) return { success: NOTIFICATION_REQUEUED, status: 'queued' };
    if (outcome.result === 'failed')
      throw new ServiceError('upstream_failed', 'notification_failed', NOTIFICATION_SEND_FAILED);
    return outcome.result === 'sent'
      ? { success: NOTIFICATION_RESENT, status: 'sent' }
      : { success: NOTIFICATION_REQUEUED, status: 'queued' };
  }

  private async queue(
    trx: Kysely<DB>,
    form: NotificationForm,
    msg: Rendered,
    kind: 'receipt' | 'payment_link',
    orderRef: string,
    actor: Actor,
  ): Promise<string[]> {
    const rows = await queueNotifications(trx, { form, msg, kind, orderRef, actorId: actor.id });
    return rows.map((r) => r.id);
  }

  private async deliver(queued: readonly string[], success: string, what: string): Promise<SendReply> {
    return replyFor(await this.sender.deliver(queued), success, what);
  }
}

/** The reply to a staff call that sent messages: 502 on a refusal, `queued` for the ones retried later. */
export function replyFor(outcomes: readonly Outcome[], success: string, what: string): SendReply {
  if (outcomes.some((o) => o.result === 'failed'))
    throw new ServiceError('upstream_failed', 'notification_failed', NOTIFICATION_SEND_FAILED);
  const sent = outcomes.filter((o) => o.result === 'sent').map((o) => o.channel);
  const queued = outcomes.filter((o) => o.result === 'retry').map((o) => o.channel);
  if (queued.length === 0) return { success, sent };
  return {
    success: `${what} queued: it goes out as soon as the ${queued.includes('email') ? 'mail server' : 'text provider'} answers.`,
    sent,
    queued,
  };
}

/** Texting consent is the customer record's (§5), not the form's: without it the override must be ticked. */
async function requireConsent(trx: Kysely<DB>, form: NotificationForm, orderRef: string): Promise<void> {
  if (!form.notifyByText || form.overrideTextPermission) return;
  if (await textConsent(trx, orderRef)) return;
  throw new ServiceError('invalid', 'invalid_input', TEXT_CONSENT_MESSAGE, {
    overrideTextPermission: [TEXT_CONSENT_MESSAGE],
  });
}

function requireChannel(form: NotificationForm): void {
  if (!form.notifyByEmail && !form.notifyByText)
    throw new ServiceError('invalid', 'invalid_input', CHOOSE_CHANNEL, { notifyByEmail: [CHOOSE_CHANNEL] });
}

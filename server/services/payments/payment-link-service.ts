/**
 * The customer's side of a payment link (GET and POST /api/pay/link, public): what is owed, and
 * paying it online. The "processor" is simulated: only published test card numbers are accepted
 * (4000 0000 0000 0002 declines), and of the card nothing is kept but its brand and last 4 digits
 * (`payment_attempts`, kind `online`). The payment itself is the domain's `transaction.add` of
 * type `online`, run as the payment-link system actor: the same caps and availability as at the
 * counter (online must be enabled; the amount may not exceed the balance due).
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { PayLinkPaid, PayLinkReply, payLinkRequestSchema } from '../../../src/contracts/payment-link';
import { CARD_EXPIRY_MESSAGE, CARD_NUMBER_MESSAGE } from '../../../src/contracts/payment-link';
import { moneyString, toWire } from '../../../src/domain/money';
import { lineTotal } from '../../../src/domain/totals';
import { runMutation } from '../../../src/domain/mutations/registry';
import { ServiceError } from '../../errors';
import { PAYMENT_LINK_ACTOR } from '../../commands/actor';
import { CommandRefused } from '../../commands/refusals';
import type { CommandRunner, CommandTx } from '../../commands/runner';
import { loadCheckoutOrder, totalsOf } from '../checkout/checkout-orders';
import { ID_USED_ELSEWHERE } from '../checkout/checkout-service';
import { hashToken } from '../notifications/notification-service';
import { CARD_DECLINED, TEST_CARDS } from '../../adapters/online-payment/storefront-gateway';
import { cardPaymentLabel } from '../../../src/domain/receipt';

type PayInput = z.output<typeof payLinkRequestSchema>;

export const LINK_INVALID = 'This payment link is invalid or has expired.';
function expired(expiry: string, now: Date): boolean {
  const [mm = '0', yy = '0'] = expiry.split('/');
  const endOfMonth = Date.UTC(2000 + Number(yy), Number(mm), 1);
  return endOfMonth <= now.getTime();
}

export class PaymentLinkService {
  constructor(private readonly mutations: CommandRunner) {}

  async view(token: string): Promise<PayLinkReply> {
    const db = this.mutations.reader;
    const link = await this.link(db, token);
    const o = await loadCheckoutOrder(db, link.order_ref);
    const t = totalsOf(o, await this.mutations.settings());
    const name = await db.selectFrom('settings').select('value').where('key', '=', 'store_name').executeTakeFirst();
    return {
      orderId: o.order.order_id,
      storeName: typeof name?.value === 'string' ? name.value : 'Partsdesk',
      orderTotal: toWire(t.orderTotal),
      amountPaid: toWire(t.amountPaid),
      balanceDue: toWire(t.balanceDue),
      paidInFull: t.paidInFull,
      lines: o.order.lines.map((l) => ({ name: l.name, quantity: l.quantity, total: toWire(lineTotal(l)) })),
      expiresAt: link.expires_at.toISOString(),
    };
  }

  async pay(input: PayInput): Promise<PayLinkPaid> {
    const card = TEST_CARDS[input.card.number];
    if (!card)
      throw new ServiceError('invalid', 'invalid_input', CARD_NUMBER_MESSAGE, { 'card.number': [CARD_NUMBER_MESSAGE] });
    if (expired(input.card.expiry, this.mutations.clock()))
      throw new ServiceError('invalid', 'invalid_input', CARD_EXPIRY_MESSAGE, { 'card.expiry': [CARD_EXPIRY_MESSAGE] });
    const id = input.id ?? randomUUID();
    const last4 = input.card.number.slice(-4);
    const result = await this.mutations.transaction(async (tx) => {
      const link = await this.link(tx.trx, input.token, tx.now);
      const o = await loadCheckoutOrder(tx.trx, link.order_ref, true);
      const replay = o.transactions.find((t) => t.id === id);
      if (replay) return { amount: replay.amount, declined: false };
      // The id is the customer's browser's: one naming another order's payment (or card attempt) is
      // refused, never applied to it (a paid order lost its payment to a link this way).
      const taken = await tx.trx
        .selectFrom('transactions')
        .select('order_ref')
        .where('id', '=', id)
        .union(tx.trx.selectFrom('payment_attempts').select('order_ref').where('id', '=', id))
        .execute();
      if (taken.some((t) => t.order_ref !== o.order.id))
        throw new ServiceError('conflict', 'conflict', ID_USED_ELSEWHERE);
      if (taken.length > 0)
        throw new ServiceError(
          'conflict',
          'conflict',
          'This payment was already tried. Reload the page and pay again.',
        );
      const amount =
        input.amount === undefined ? toWire(totalsOf(o, await tx.settings()).balanceDue) : moneyString(input.amount);
      const args = {
        order_ref: o.order.id,
        id,
        transaction_type: 'online',
        amount,
        label: cardPaymentLabel('Online', card.brand, last4),
      };
      // The shop's rules first (enabled, more than $0.00, not above the balance), then the processor.
      const state = { order: o.order, transactions: o.transactions, ...(o.customer ? { customer: o.customer } : {}) };
      const dry = runMutation('transaction.add', state, args, {
        now: tx.now.toISOString(),
        actor: PAYMENT_LINK_ACTOR,
        settings: await tx.settings(),
      });
      if (!dry.ok) throw new CommandRefused(dry);
      const attempt = {
        id,
        kind: 'online' as const,
        order_ref: o.order.id,
        amount,
        card_type: card.brand.endsWith('Debit') ? ('debit' as const) : ('credit' as const),
        device: 'payment-link',
        brand: card.brand,
        last4,
        actor_id: PAYMENT_LINK_ACTOR.id,
        finished_at: tx.now,
      };
      if (card.decline) {
        await tx.trx
          .insertInto('payment_attempts')
          .values({ ...attempt, status: 'declined', message: card.decline })
          .execute();
        return { amount, declined: true };
      }
      await this.mutations.run(tx, 'transaction.add', args, { as: PAYMENT_LINK_ACTOR });
      await tx.trx
        .insertInto('payment_attempts')
        .values({ ...attempt, status: 'approved', transaction_ref: id, message: 'Paid through a payment link.' })
        .execute();
      return { amount, declined: false };
    });
    if (result.declined) throw new ServiceError('declined', 'card_declined', CARD_DECLINED);
    const after = await this.view(input.token);
    return {
      success: 'Thank you: your payment was received.',
      payment: { id, amount: result.amount, brand: card.brand, last4 },
      balanceDue: after.balanceDue,
      paidInFull: after.paidInFull,
    };
  }

  private async link(db: CommandTx['trx'], token: string, now = this.mutations.clock()) {
    const link = await db
      .selectFrom('payment_links')
      .select(['order_ref', 'expires_at'])
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirst();
    if (!link || link.expires_at.getTime() <= now.getTime())
      throw new ServiceError('not_found', 'not_found', LINK_INVALID);
    return link;
  }
}

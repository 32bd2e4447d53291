/**
 * What the server does with a terminal's answer to a charge. Each outcome is applied in ONE SQL
 * transaction that locks the attempt row first, so an answer delivered twice, or an approval that
 * arrives after the attempt was given up, is recognised and never applied twice:
 * - approved + attempt pending: the card transaction is added through the domain mutator
 *   (`transaction.addTerminal`, id = attempt id, surcharge per settings) and the attempt marked approved,
 *   together. If the domain refuses now (the balance was paid meanwhile) or the surcharge it
 *   computes differs from what was charged, the charge is reversed at the terminal (`reversed`).
 * - approved + attempt already final (timed out, cancelled): the money was taken for nothing;
 *   it is reversed the same way.
 * - declined / cancelled / timed out: the attempt is finished with its message.
 * Events for the POS are published only after the transaction has committed.
 */
import { randomUUID } from 'node:crypto';
import type { CardEventData } from '../../../src/contracts/payment-card';
import type { AttemptStatus } from '../../db/schema';
import { cardPaymentLabel } from '../../../src/domain/receipt';
import type { ApprovedCard, Terminal } from '../../adapters/terminal/types';
import type { Actor } from '../../commands/actor';
import { loadCheckoutOrder, transactionsReply, type ReversalLabel } from '../checkout/checkout-orders';
import { terminalFlowActor } from '../../commands/actor';
import type { CommandRunner } from '../../commands/runner';
import { chargedTotal, finishAttempt, getAttempt, type AttemptRow } from './payment-attempts';
import type { PaymentEvents } from './payment-events';

export const APPROVED_MESSAGE = 'The transaction was approved.';
export const CANCELLED_MESSAGE = 'The payment was cancelled.';
export const TIMED_OUT_MESSAGE = 'The terminal did not answer in time. Nothing was charged.';
export const UNREACHABLE_MESSAGE = 'The terminal could not be reached. Nothing was charged.';
export const reversedMessage = (why: string): string => `${why} The card charge was reversed.`;

export type FinalStatus = Exclude<AttemptStatus, 'pending' | 'approved' | 'reversed'>;

type Approval =
  | { kind: 'approved' }
  | { kind: 'duplicate' }
  | { kind: 'reverse'; why: string; attempt: AttemptRow; publish: boolean };

class SurchargeChanged extends Error {}

export interface OutcomeDeps {
  mutations: CommandRunner;
  terminal: Terminal;
  events: PaymentEvents;
  reversal: ReversalLabel;
  log: (msg: string, err?: unknown) => void;
}

/** Payments recorded for an async terminal answer are made in the name of who started them. */
const actorOf = (a: AttemptRow): Actor => terminalFlowActor(a.actor_id);

export class CardOutcomes {
  constructor(private readonly d: OutcomeDeps) {}

  async approve(attemptId: string, card: ApprovedCard): Promise<void> {
    const { mutations } = this.d;
    let outcome: Approval;
    try {
      outcome = await mutations.transaction(async (tx): Promise<Approval> => {
        const a = await getAttempt(tx.trx, attemptId, true);
        if (!a || a.kind !== 'charge') return { kind: 'duplicate' };
        if (a.status === 'approved' || a.status === 'reversed') return { kind: 'duplicate' };
        if (a.status !== 'pending')
          return {
            kind: 'reverse',
            why: `The terminal approved the payment after it was ${a.status.replace('_', ' ')}.`,
            attempt: a,
            publish: false,
          };
        const args = {
          order_ref: a.order_ref,
          id: a.id,
          amount: a.amount,
          card_type: a.card_type,
          label: cardPaymentLabel('Card', card.brand, card.last4),
        };
        const refused = await mutations.attempt(tx, 'transaction.addTerminal', args, actorOf(a));
        if (refused)
          return {
            kind: 'reverse',
            why: `The payment could not be applied: ${refused.message}`,
            attempt: a,
            publish: true,
          };
        const t = await tx.trx
          .selectFrom('transactions')
          .select(['amount', 'surcharge', 'surcharge_tax'])
          .where('id', '=', a.id)
          .executeTakeFirstOrThrow();
        if (chargedTotal(t) !== chargedTotal(a)) throw new SurchargeChanged();
        await finishAttempt(tx.trx, a.id, 'approved', tx.now, {
          brand: card.brand,
          last4: card.last4,
          auth_code: card.authCode,
          terminal_ref: card.terminalRef,
          transaction_ref: a.id,
          message: APPROVED_MESSAGE,
        });
        return { kind: 'approved' };
      });
    } catch (err) {
      if (!(err instanceof SurchargeChanged)) throw err;
      const a = await getAttempt(mutations.reader, attemptId);
      if (!a) return;
      outcome = {
        kind: 'reverse',
        why: 'The card surcharge settings changed while the card was being charged.',
        attempt: a,
        publish: true,
      };
    }
    if (outcome.kind === 'approved') return this.publish(attemptId, 'approved', APPROVED_MESSAGE);
    if (outcome.kind === 'reverse') await this.reverse(outcome.attempt, card, outcome.why, outcome.publish);
  }

  /** Finish a pending attempt with a final status; false when it was no longer pending. */
  async finish(attemptId: string, status: FinalStatus, message: string): Promise<boolean> {
    const changed = await this.d.mutations.transaction(async (tx) => {
      const a = await getAttempt(tx.trx, attemptId, true);
      if (!a || a.status !== 'pending') return false;
      await finishAttempt(tx.trx, attemptId, status, tx.now, { message });
      return true;
    });
    if (changed) this.publish(attemptId, status, message);
    return changed;
  }

  /**
   * Give back money the terminal took that no transaction records: a refund attempt is recorded
   * first (like every terminal call), then the terminal refunds, then both rows are finished.
   */
  private async reverse(charge: AttemptRow, card: ApprovedCard, why: string, publish: boolean): Promise<void> {
    const { mutations, terminal } = this.d;
    const refundId = randomUUID();
    const message = reversedMessage(why);
    await mutations.transaction(async (tx) => {
      const a = await getAttempt(tx.trx, charge.id, true);
      if (!a || a.status === 'reversed' || a.status === 'approved') return;
      await finishAttempt(tx.trx, a.id, 'reversed', tx.now, {
        brand: card.brand,
        last4: card.last4,
        auth_code: card.authCode,
        terminal_ref: card.terminalRef,
        message,
      });
      await tx.trx
        .insertInto('payment_attempts')
        .values({
          id: refundId,
          kind: 'refund',
          order_ref: a.order_ref,
          transaction_ref: null,
          amount: chargedTotal(a),
          card_type: a.card_type,
          device: a.device,
          status: 'pending',
          actor_id: a.actor_id,
          message: why,
        })
        .execute();
    });
    let result: Awaited<ReturnType<Terminal['refund']>>;
    try {
      result = await terminal.refund({
        attemptId: refundId,
        originalRef: card.terminalRef,
        amount: chargedTotal(charge),
        deviceId: charge.device,
      });
    } catch (err) {
      result = { ok: false, message: err instanceof Error ? err.message : 'The terminal could not be reached.' };
    }
    await mutations.transaction(async (tx) => {
      const r = await getAttempt(tx.trx, refundId, true);
      if (!r || r.status !== 'pending') return;
      if (result.ok)
        await finishAttempt(tx.trx, refundId, 'approved', tx.now, {
          terminal_ref: result.terminalRef,
          message: `${result.kind} of ${card.terminalRef}`,
        });
      else await finishAttempt(tx.trx, refundId, 'declined', tx.now, { message: result.message });
    });
    if (!result.ok)
      this.d.log(
        `card charge ${charge.id} (${card.terminalRef}) could not be reversed: ${result.message}; refund it on the terminal`,
      );
    if (publish)
      this.publish(
        charge.id,
        'reversed',
        result.ok ? message : `${why} The charge could NOT be reversed (${result.message}): refund it on the terminal.`,
      );
  }

  /** Publish the final event of an attempt (approved carries the transaction and checkout state). */
  publish(attemptId: string, status: AttemptStatus, message: string): void {
    void this.eventData(attemptId, status, message)
      .then((data) => {
        const name =
          status === 'approved'
            ? 'approved'
            : status === 'reversed'
              ? 'declined'
              : status === 'pending'
                ? 'choosing'
                : status;
        this.d.events.publish(attemptId, { name, data });
      })
      .catch((err: unknown) => this.d.log(`card attempt ${attemptId}: event not published`, err));
  }

  async eventData(attemptId: string, status: AttemptStatus, message: string): Promise<CardEventData> {
    const data: CardEventData = { attemptId, status, message };
    if (status !== 'approved') return data;
    const db = this.d.mutations.reader;
    const a = await getAttempt(db, attemptId);
    if (!a) return data;
    const settings = await this.d.mutations.settings();
    const reply = await transactionsReply(db, await loadCheckoutOrder(db, a.order_ref), settings, this.d.reversal);
    const transaction = reply.transactions.find((t) => t.id === attemptId);
    return { ...data, ...(transaction ? { transaction } : {}), checkout: reply.checkout };
  }
}

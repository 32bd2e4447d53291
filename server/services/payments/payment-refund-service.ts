/**
 * The void/return url of a terminal card payment (GET /pos/checkout/voidOrReturn): the card is
 * refunded at the terminal (a void while the batch is open, a return after), then the payment is
 * voided through the domain mutator (`transaction.voidAtTerminal`, the only void a terminal card
 * payment accepts).
 *
 * Order of events, each step committed before the next side effect:
 * 1. under the order lock: the domain's void is run dry (already void -> refused), a refund
 *    attempt is recorded `pending`;
 * 2. the terminal refunds (outside any transaction);
 * 3. the refund attempt is finished and, when approved, the payment is voided, together.
 * A crash between 2 and 3 leaves a pending refund attempt: a retry answers 409 until an operator
 * checks the terminal (the refund may or may not have happened), instead of refunding twice.
 */
import { randomUUID } from 'node:crypto';
import type { VoidOrReturnReply } from '../../../src/contracts/payment-card';
import { runMutation } from '../../../src/domain/mutations/registry';
import type { RefundResult, Terminal } from '../../adapters/terminal/types';
import { ServiceError, notFound } from '../../errors';
import type { Actor } from '../../commands/actor';
import { loadCheckoutOrder } from '../checkout/checkout-orders';
import { terminalFlowActor } from '../../commands/actor';
import { CommandRefused } from '../../commands/refusals';
import type { CommandRunner } from '../../commands/runner';
import type { CheckoutService } from '../checkout/checkout-service';
import { chargedTotal, finishAttempt, getAttempt, type AttemptRow } from './payment-attempts';

export const NOT_A_CARD = 'Only card payments are voided or returned at the terminal.';
export const NOT_ON_TERMINAL =
  'This card payment was not taken on a terminal here: refund it on the card machine, then void it.';
export const REFUND_IN_PROGRESS =
  'A refund of this payment is already in progress. Check the terminal before trying again.';
export const refundDeclined = (why: string): string => `The terminal refused the refund: ${why}`;
/** A refund attempt made by a return (server/services/pos/return-service.ts) names it in its message. */
export const RETURN_REFUND_PREFIX = 'Customer return ';
export const PARTLY_RETURNED =
  'Part of this card payment was refunded by a return: refund the rest on the card machine, then void it.';

export class RefundService {
  constructor(
    private readonly mutations: CommandRunner,
    private readonly terminal: Terminal,
    private readonly checkout: CheckoutService,
  ) {}

  async voidOrReturn(ref: string | number, actor: Actor): Promise<VoidOrReturnReply> {
    const { mutations } = this;
    const prep = await mutations.transaction(async (tx) => {
      const q = tx.trx.selectFrom('transactions').select(['id', 'order_ref', 'transaction_type']);
      const t = await (
        typeof ref === 'number' ? q.where('transaction_id', '=', ref) : q.where('id', '=', ref)
      ).executeTakeFirst();
      if (!t) throw notFound('The transaction could not be found.');
      if (t.transaction_type !== 'card') throw new ServiceError('invalid', 'invalid_input', NOT_A_CARD);
      const o = await loadCheckoutOrder(tx.trx, t.order_ref, true);
      const attempts = await tx.trx
        .selectFrom('payment_attempts')
        .selectAll()
        .where('transaction_ref', '=', t.id)
        .execute();
      const charge = attempts.find((a) => a.kind === 'charge' && a.status === 'approved');
      if (!charge?.terminal_ref) throw new ServiceError('conflict', 'not_on_terminal', NOT_ON_TERMINAL);
      const state = { order: o.order, transactions: o.transactions, ...(o.customer ? { customer: o.customer } : {}) };
      const dry = runMutation(
        'transaction.voidAtTerminal',
        state,
        { order_ref: t.order_ref, transaction_ref: t.id },
        { now: tx.now.toISOString(), actor, settings: await tx.settings() },
      );
      if (!dry.ok) throw new CommandRefused(dry);
      if (attempts.some((a) => a.kind === 'refund' && a.status === 'pending'))
        throw new ServiceError('conflict', 'refund_in_progress', REFUND_IN_PROGRESS);
      // A return's partial refund is not this payment's void/return (docs/decisions/pos.md "Returns").
      const byReturn = (a: AttemptRow) => a.message.startsWith(RETURN_REFUND_PREFIX);
      if (attempts.some((a) => a.kind === 'refund' && a.status === 'approved' && byReturn(a)))
        throw new ServiceError('conflict', 'partly_returned', PARTLY_RETURNED);
      const refunded = attempts.find((a) => a.kind === 'refund' && a.status === 'approved' && !byReturn(a));
      if (refunded) return { t, charge, refund: refunded, done: true };
      const refund = await tx.trx
        .insertInto('payment_attempts')
        .values({
          id: randomUUID(),
          kind: 'refund',
          order_ref: t.order_ref,
          transaction_ref: t.id,
          amount: chargedTotal(charge),
          card_type: charge.card_type,
          device: charge.device,
          status: 'pending',
          actor_id: actor.id,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return { t, charge, refund, done: false };
    });
    const result = prep.done ? this.recorded(prep.refund) : await this.refund(prep.refund, prep.charge);
    await mutations.transaction(async (tx) => {
      const r = await getAttempt(tx.trx, prep.refund.id, true);
      if (r?.status === 'pending') {
        if (result.ok)
          await finishAttempt(tx.trx, r.id, 'approved', tx.now, {
            terminal_ref: result.terminalRef,
            message: `${result.kind} of ${prep.charge.terminal_ref ?? ''}`,
          });
        else await finishAttempt(tx.trx, r.id, 'declined', tx.now, { message: result.message });
      }
      if (!result.ok) return;
      // The terminal's refund is the server's own record, as a terminal's approval is.
      const refused = await mutations.attempt(
        tx,
        'transaction.voidAtTerminal',
        { order_ref: prep.t.order_ref, transaction_ref: prep.t.id },
        terminalFlowActor(actor.id),
      );
      if (refused && refused.code !== 'transaction_already_void') throw new CommandRefused(refused);
    });
    if (!result.ok) throw new ServiceError('conflict', 'refund_declined', refundDeclined(result.message));
    const r = await this.checkout.getTransactions(prep.t.order_ref);
    const transaction = r.transactions.find((x) => x.id === prep.t.id);
    if (!transaction) throw notFound('The transaction could not be found.');
    return {
      success: result.kind === 'Void' ? 'The payment was voided.' : 'The payment was returned.',
      action: result.kind,
      transaction,
      checkout: r.checkout,
    };
  }

  private async refund(refund: AttemptRow, charge: AttemptRow): Promise<RefundResult> {
    try {
      return await this.terminal.refund({
        attemptId: refund.id,
        originalRef: charge.terminal_ref ?? '',
        amount: refund.amount,
        deviceId: charge.device,
      });
    } catch (err) {
      // Unknown whether it happened: leave the attempt pending (a retry is refused until checked).
      throw new ServiceError(
        'upstream_failed',
        'terminal_unreachable',
        `The terminal could not be reached: ${err instanceof Error ? err.message : 'no answer'}. Check it before trying again.`,
      );
    }
  }

  /** A refund already approved (its void was not recorded): finish the void without refunding again. */
  private recorded(refund: AttemptRow): RefundResult {
    const kind = refund.message.startsWith('Return') ? 'Return' : 'Void';
    return { ok: true, kind, terminalRef: refund.terminal_ref ?? '' };
  }
}

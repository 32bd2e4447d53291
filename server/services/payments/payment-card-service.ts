/**
 * Card payments on a smart terminal (pos-back-office.md §4 "Smart terminal card flow").
 *
 * start: the domain mutator is run dry on the locked order (the same `transaction.addTerminal` that will
 * record the payment: availability, the balance cap, the card surcharge), then the attempt is
 * committed as `pending` and only then is the terminal asked to charge amount + surcharge + tax.
 * The POS follows the attempt's events (SSE); the terminal's answer is applied by CardOutcomes.
 * No answer within the timeout: the terminal is asked for the attempt's status (never charged
 * again); still pending there: it is cancelled at the terminal and the attempt is timed out.
 * A retried start with the same attemptId answers the existing attempt and charges nothing.
 */
import type { z } from 'zod';
import type { CardAttempt, cardPaymentRequestSchema } from '../../../src/contracts/payment-card';
import { CARD_DEPARTMENT_MESSAGE, CARD_DEVICE_MESSAGE } from '../../../src/domain/payments';
import { runMutation } from '../../../src/domain/mutations/registry';
import type { Terminal, TerminalEvent, TerminalStatus } from '../../adapters/terminal/types';
import { ServiceError, notFound } from '../../errors';
import type { Actor } from '../../commands/actor';
import { loadCheckoutOrder, resolveOrderRef } from '../checkout/checkout-orders';
import { CommandConflict, CommandRefused } from '../../commands/refusals';
import type { CommandRunner } from '../../commands/runner';
import {
  attemptConflict,
  attemptToWire,
  chargedTotal,
  getAttempt,
  pendingCharges,
  type AttemptRow,
} from './payment-attempts';
import { CANCELLED_MESSAGE, TIMED_OUT_MESSAGE, UNREACHABLE_MESSAGE, type CardOutcomes } from './payment-card-outcome';

type CardPaymentInput = z.output<typeof cardPaymentRequestSchema>;

export const REFUND_VIA_VOID = 'Refund a card payment with Void/Return on its transaction.';
export const ATTEMPT_NOT_FOUND = 'The payment attempt could not be found.';
export const UNANSWERED_MESSAGE =
  'The terminal could not be asked about this payment. Check the terminal before charging again.';
/** How long a timed-out attempt is still listened to (a late approval is then reversed). */
const LINGER_MS = 10 * 60_000;

export interface CardPaymentDeps {
  mutations: CommandRunner;
  terminal: Terminal;
  outcomes: CardOutcomes;
  timeoutMs: number;
  log: (msg: string, err?: unknown) => void;
}

export class CardPaymentService {
  private readonly watching = new Map<string, { unsubscribe: () => void; timer: NodeJS.Timeout }>();

  constructor(private readonly d: CardPaymentDeps) {}

  async start(input: CardPaymentInput, actor: Actor): Promise<{ attempt: CardAttempt; created: boolean }> {
    if (input.action === 'Refund')
      throw new ServiceError('invalid', 'invalid_input', REFUND_VIA_VOID, { action: [REFUND_VIA_VOID] });
    const { terminal, mutations } = this.d;
    const departments = await terminal.departments();
    if (!departments.some((d) => d.id === input.department)) throw field('department', CARD_DEPARTMENT_MESSAGE);
    const device = (await terminal.devices()).find((d) => d.id === input.device);
    if (!device || device.departmentId !== input.department) throw field('device', CARD_DEVICE_MESSAGE);
    let result: { row: AttemptRow; created: boolean };
    try {
      result = await mutations.transaction(async (tx) => {
        const orderRef = await resolveOrderRef(tx.trx, input.orderId);
        const o = await loadCheckoutOrder(tx.trx, orderRef, true);
        // Read under the order lock, so a retried start racing the first one sees its row.
        const existing = await getAttempt(tx.trx, input.attemptId);
        if (existing) return { row: existing, created: false };
        const args = { order_ref: orderRef, id: input.attemptId, amount: input.amount, card_type: input.cardType };
        const state = { order: o.order, transactions: o.transactions, ...(o.customer ? { customer: o.customer } : {}) };
        const dry = runMutation('transaction.addTerminal', state, args, {
          now: tx.now.toISOString(),
          actor: { id: actor.id, role: actor.role },
          settings: await tx.settings(),
        });
        if (!dry.ok) throw new CommandRefused(dry);
        const t = dry.changes.transactions?.[0];
        if (!t) throw new Error('transaction.addTerminal returned no transaction');
        const row = await tx.trx
          .insertInto('payment_attempts')
          .values({
            id: input.attemptId,
            kind: 'charge',
            order_ref: orderRef,
            transaction_ref: null,
            amount: t.amount,
            surcharge: t.surcharge,
            surcharge_tax: t.surcharge_tax,
            card_type: input.cardType,
            department: input.department,
            device: input.device,
            status: 'pending',
            actor_id: actor.id,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        return { row, created: true };
      });
    } catch (err) {
      // The runner answers an integrity violation 409 `conflict`; the attempt's own constraints say more.
      const dbError = err instanceof CommandConflict ? err.dbError : err;
      const conflict = attemptConflict(dbError);
      if (conflict) throw conflict;
      const raced =
        (dbError as { code?: string }).code === '23505'
          ? await getAttempt(mutations.reader, input.attemptId)
          : undefined;
      if (!raced) throw err;
      result = { row: raced, created: false };
    }
    if (result.row.kind !== 'charge')
      throw new ServiceError('conflict', 'conflict', 'This attempt id belongs to another payment.');
    if (result.created) this.begin(result.row);
    return { attempt: attemptToWire(result.row), created: result.created };
  }

  async get(attemptId: string): Promise<CardAttempt> {
    const a = await getAttempt(this.d.mutations.reader, attemptId);
    if (!a || a.kind !== 'charge') throw notFound(ATTEMPT_NOT_FOUND);
    return attemptToWire(a);
  }

  /** GET cancelSmartTerminal: cancel at the terminal, then finish the attempt as cancelled. */
  async cancel(deviceId: string, attemptId: string): Promise<CardAttempt> {
    const a = await getAttempt(this.d.mutations.reader, attemptId);
    if (!a || a.kind !== 'charge') throw notFound(ATTEMPT_NOT_FOUND);
    if (a.device !== deviceId)
      throw new ServiceError('invalid', 'invalid_input', 'This payment is on another terminal.');
    if (a.status === 'pending') {
      const r = await this.d.terminal.cancel(attemptId);
      if (r.cancelled) await this.d.outcomes.finish(attemptId, 'cancelled', CANCELLED_MESSAGE);
      else await this.apply(attemptId, r.status);
      this.unwatch(attemptId);
    }
    const now = await this.get(attemptId);
    if (now.status !== 'cancelled')
      throw new ServiceError(
        'conflict',
        'not_cancellable',
        `The payment was already ${now.status.replace('_', ' ')}; it cannot be cancelled.`,
      );
    return now;
  }

  /**
   * At start: every attempt still pending is settled by asking the terminal once its timeout has
   * run, as its own process would have. Not before: with several server processes the attempt may
   * be another live process's, whose customer is at the reader now (docs/operations.md "Running
   * several processes"); asking early would cancel a payment in progress.
   */
  async recover(now = Date.now()): Promise<void> {
    for (const a of await pendingCharges(this.d.mutations.reader)) {
      const left = new Date(a.created_at).getTime() + this.d.timeoutMs - now;
      this.watch(a.id, left > 0 ? left : this.d.timeoutMs);
      if (left <= 0) await this.settle(a.id);
    }
  }

  close(): void {
    for (const id of [...this.watching.keys()]) this.unwatch(id);
  }

  /** Ask the terminal to charge; the call answers without waiting for it (the outcome is an event). */
  private begin(a: AttemptRow): void {
    this.d.outcomes.publish(a.id, 'pending', 'The customer is choosing the payment method.');
    this.watch(a.id);
    this.d.terminal
      .charge({
        attemptId: a.id,
        amount: chargedTotal(a),
        cardType: a.card_type ?? 'credit',
        deviceId: a.device,
        departmentId: a.department,
      })
      .catch(async (err: unknown) => {
        this.d.log(`terminal charge ${a.id} failed to start`, err);
        await this.settle(a.id, UNREACHABLE_MESSAGE);
      })
      .catch((err: unknown) => this.d.log(`card attempt ${a.id}: not settled`, err));
  }

  private watch(attemptId: string, settleInMs = this.d.timeoutMs): void {
    if (this.watching.has(attemptId)) return;
    const unsubscribe = this.d.terminal.subscribe(attemptId, (e) => this.onEvent(attemptId, e));
    const timer = setTimeout(
      () =>
        void this.settle(attemptId).catch((err: unknown) =>
          this.d.log(`card attempt ${attemptId}: status query failed`, err),
        ),
      settleInMs,
    );
    timer.unref();
    this.watching.set(attemptId, { unsubscribe, timer });
  }

  private unwatch(attemptId: string): void {
    const w = this.watching.get(attemptId);
    if (!w) return;
    w.unsubscribe();
    clearTimeout(w.timer);
    this.watching.delete(attemptId);
  }

  private onEvent(attemptId: string, e: TerminalEvent): void {
    if (e.type === 'choosing') return;
    void this.apply(
      attemptId,
      e.type === 'approved'
        ? { status: 'approved', card: e.card }
        : e.type === 'declined'
          ? { status: 'declined', message: e.message }
          : { status: 'cancelled' },
    ).catch((err: unknown) => this.d.log(`card attempt ${attemptId}: ${e.type} not applied`, err));
  }

  /** Apply what the terminal says about an attempt (an event or a status answer). */
  private async apply(attemptId: string, s: TerminalStatus, noAnswer = TIMED_OUT_MESSAGE): Promise<void> {
    const { outcomes } = this.d;
    switch (s.status) {
      case 'approved':
        await outcomes.approve(attemptId, s.card);
        break;
      case 'declined':
        await outcomes.finish(attemptId, 'declined', s.message);
        break;
      case 'cancelled':
        await outcomes.finish(attemptId, 'cancelled', CANCELLED_MESSAGE);
        break;
      case 'timed_out':
      case 'unknown':
        await outcomes.finish(attemptId, 'timed_out', noAnswer);
        this.linger(attemptId);
        return;
      case 'pending':
        return;
    }
    this.unwatch(attemptId);
  }

  /** After a timeout, keep listening a while: a late approval must still be reversed. */
  private linger(attemptId: string): void {
    const w = this.watching.get(attemptId);
    if (!w) return;
    clearTimeout(w.timer);
    w.timer = setTimeout(() => this.unwatch(attemptId), LINGER_MS);
    w.timer.unref();
  }

  /** No answer in time (or no way to ask): query the terminal's record, never charge again. */
  private async settle(attemptId: string, noAnswer = TIMED_OUT_MESSAGE): Promise<void> {
    const a = await getAttempt(this.d.mutations.reader, attemptId);
    if (!a || a.status !== 'pending') return this.unwatch(attemptId);
    let s: TerminalStatus;
    try {
      s = await this.d.terminal.status(attemptId);
      if (s.status === 'pending') {
        const c = await this.d.terminal.cancel(attemptId);
        s = c.cancelled ? { status: 'timed_out' } : c.status;
      }
    } catch (err) {
      this.d.log(`terminal status ${attemptId} failed`, err);
      return this.apply(attemptId, { status: 'unknown' }, UNANSWERED_MESSAGE);
    }
    await this.apply(attemptId, s, noAnswer);
  }
}

function field(name: string, message: string): ServiceError {
  return new ServiceError('invalid', 'invalid_input', message, { [name]: [message] });
}

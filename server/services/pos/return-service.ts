/**
 * Returns online (docs/decisions/pos.md "Returns"): POST /api/order/return?order_id= runs the
 * domain's `order.return` through the command runner (the push's applier: the same rules and
 * amounts as a return queued offline), and a card refund through the terminal:
 * 1. under the order lock: the return is run dry (what is left, the refund the server derives),
 *    the order's approved terminal card payment with room for it is chosen, and a refund attempt
 *    is recorded `pending`;
 * 2. the terminal refunds that amount against the charge (outside any transaction);
 * 3. the attempt is finished and, when approved, the return is recorded (`order.returnAtTerminal`).
 * A crash between 2 and 3 leaves the attempt pending: further card refunds on the order answer 409
 * until an operator checks the terminal, so a card is never refunded twice.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { decimal, toWire } from '../../../src/domain/money';
import type { OrderReturn, RefundMethod } from '../../../src/domain/mutations/records';
import { runMutation } from '../../../src/domain/mutations/registry';
import { sumRefunds } from '../../../src/domain/returns';
import type { Terminal } from '../../adapters/terminal/types';
import type { Actor } from '../../commands/actor';
import { terminalFlowActor } from '../../commands/actor';
import { loadOrder } from '../../commands/records/orders';
import { loadCustomer } from '../../commands/records/customers';
import { loadReturns, returnFromSql } from '../../commands/records/returns';
import { CommandRefused } from '../../commands/refusals';
import type { CommandRunner, CommandTx } from '../../commands/runner';
import type { DB } from '../../db/schema';
import { ServiceError, notFound } from '../../errors';
import { chargedTotal, finishAttempt, getAttempt } from '../payments/payment-attempts';
import { RETURN_REFUND_PREFIX, refundDeclined } from '../payments/payment-refund-service';

export const RETURN_RECORDED = 'Success: the return was recorded.';
export const ORDER_NOT_FOUND_TEXT = 'The order could not be found.';
export const NO_CARD_TO_REFUND =
  'This order has no card payment taken on the terminal with enough left to refund: refund in cash, check or store credit.';
export const CARD_REFUND_IN_PROGRESS =
  'A card refund on this order is already in progress. Check the terminal before trying again.';

export interface ReturnInput {
  id?: string | undefined;
  refund_method: RefundMethod;
  lines: {
    id?: string | undefined;
    line_id: string;
    quantity: number;
    reason: string;
    condition: string;
    restock: boolean;
  }[];
}

export interface ReturnReply {
  success: string;
  refund_method: RefundMethod;
  refunded: string;
  returns: OrderReturn[];
  /** The customer's store credit after a store credit return. */
  balance?: string;
}

export class ReturnService {
  constructor(
    private readonly commands: CommandRunner,
    private readonly terminal: Terminal,
  ) {}

  /** The order's uuid from its number or uuid; 404 when there is none. */
  async orderRef(ref: string | number, db: Kysely<DB> = this.commands.reader): Promise<string> {
    const q = db.selectFrom('orders').select('id');
    const row = await (
      typeof ref === 'number' ? q.where('order_id', '=', ref) : q.where('id', '=', ref)
    ).executeTakeFirst();
    if (!row) throw notFound(ORDER_NOT_FOUND_TEXT);
    return row.id;
  }

  async record(actor: Actor, ref: string | number, input: ReturnInput): Promise<ReturnReply> {
    const orderRef = await this.orderRef(ref);
    const id = input.id ?? randomUUID();
    const customerRef =
      (
        await this.commands.reader
          .selectFrom('orders')
          .select('customer_uuid')
          .where('id', '=', orderRef)
          .executeTakeFirst()
      )?.customer_uuid ?? null;
    const args = {
      order_ref: orderRef,
      id,
      customer_ref: input.refund_method === 'store_credit' ? customerRef : null,
      refund_method: input.refund_method,
      credit_id: input.refund_method === 'store_credit' ? randomUUID() : null,
      lines: input.lines.map((l) => ({
        id: l.id ?? randomUUID(),
        line_ref: l.line_id,
        quantity: l.quantity,
        reason: l.reason,
        condition: l.condition,
        restock: l.restock,
      })),
    };
    if (input.refund_method === 'card') await this.refundCard(actor, args);
    else await this.commands.transaction(actor, (tx) => this.commands.run(tx, 'order.return', args));
    return this.reply(id, input.refund_method, customerRef);
  }

  private async reply(returnRef: string, method: RefundMethod, customerRef: string | null): Promise<ReturnReply> {
    const db = this.commands.reader;
    const rows = (
      await db
        .selectFrom('order_returns')
        .selectAll()
        .where('return_ref', '=', returnRef)
        .orderBy('return_id')
        .execute()
    ).map(returnFromSql);
    const reply: ReturnReply = {
      success: RETURN_RECORDED,
      refund_method: method,
      refunded: sumRefunds(rows),
      returns: rows,
    };
    if (method === 'store_credit' && customerRef) {
      const c = await db
        .selectFrom('customers')
        .select('store_credit')
        .where('id', '=', customerRef)
        .executeTakeFirst();
      if (c) reply.balance = c.store_credit;
    }
    return reply;
  }

  private async refundCard(actor: Actor, args: { order_ref: string } & Record<string, unknown>): Promise<void> {
    const { commands } = this;
    const prep = await commands.transaction(actor, async (tx) => {
      const dry = await this.dryRun(tx, args);
      const total = sumRefunds(dry);
      const attempts = await tx.trx
        .selectFrom('payment_attempts')
        .selectAll()
        .where('order_ref', '=', args.order_ref)
        .execute();
      if (attempts.some((a) => a.kind === 'refund' && a.status === 'pending'))
        throw new ServiceError('conflict', 'refund_in_progress', CARD_REFUND_IN_PROGRESS);
      const standing = await tx.trx
        .selectFrom('transactions')
        .select('id')
        .where('order_ref', '=', args.order_ref)
        .where('transaction_type', '=', 'card')
        .where('status', '=', 'approved')
        .execute();
      const live = new Set(standing.map((t) => t.id));
      // A charge with room: what it took less what approved refunds against it gave back.
      const charge = attempts.find((a) => {
        if (a.kind !== 'charge' || a.status !== 'approved' || !a.terminal_ref || !a.transaction_ref) return false;
        if (!live.has(a.transaction_ref)) return false;
        const back = attempts
          .filter((r) => r.kind === 'refund' && r.status === 'approved' && r.transaction_ref === a.transaction_ref)
          .reduce((s, r) => s.plus(decimal(r.amount)), decimal(0));
        return decimal(chargedTotal(a)).minus(back).gte(decimal(total));
      });
      if (!charge) throw new ServiceError('refused', 'no_card_to_refund', NO_CARD_TO_REFUND);
      const refund = await tx.trx
        .insertInto('payment_attempts')
        .values({
          id: randomUUID(),
          kind: 'refund',
          order_ref: args.order_ref,
          transaction_ref: charge.transaction_ref,
          amount: toWire(decimal(total)),
          card_type: charge.card_type,
          device: charge.device,
          status: 'pending',
          actor_id: actor.id,
          message: `${RETURN_REFUND_PREFIX}${String(args.id)}`,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return { charge, refund };
    });
    let result: Awaited<ReturnType<Terminal['refund']>>;
    try {
      result = await this.terminal.refund({
        attemptId: prep.refund.id,
        originalRef: prep.charge.terminal_ref ?? '',
        amount: prep.refund.amount,
        deviceId: prep.charge.device,
      });
    } catch (err) {
      // Unknown whether it happened: the attempt stays pending (a retry is refused until checked).
      throw new ServiceError(
        'upstream_failed',
        'terminal_unreachable',
        `The terminal could not be reached: ${err instanceof Error ? err.message : 'no answer'}. Check it before trying again.`,
      );
    }
    await commands.transaction(actor, async (tx) => {
      const r = await getAttempt(tx.trx, prep.refund.id, true);
      if (r?.status === 'pending')
        await finishAttempt(tx.trx, r.id, result.ok ? 'approved' : 'declined', tx.now, {
          ...(result.ok ? { terminal_ref: result.terminalRef } : {}),
          message: `${RETURN_REFUND_PREFIX}${String(args.id)}: ${result.ok ? `${result.kind} of ${prep.charge.terminal_ref ?? ''}` : result.message}`,
        });
      if (!result.ok) return;
      // The terminal's refund is the server's own record, as its approval of a charge is.
      const refused = await commands.attempt(tx, 'order.returnAtTerminal', args, terminalFlowActor(actor.id));
      if (refused) throw new CommandRefused(refused);
    });
    if (!result.ok) throw new ServiceError('conflict', 'refund_declined', refundDeclined(result.message));
  }

  /** The return's rows as the applier would write them now (nothing written). */
  private async dryRun(tx: CommandTx, args: { order_ref: string } & Record<string, unknown>): Promise<OrderReturn[]> {
    const found = await loadOrder(tx.trx, args.order_ref, true);
    if (!found) throw notFound(ORDER_NOT_FOUND_TEXT);
    const customer = found.order.customer_ref ? await loadCustomer(tx.trx, found.order.customer_ref, false) : undefined;
    const state = {
      order: found.order,
      transactions: found.transactions,
      returns: await loadReturns(tx.trx, found.order.id),
      ...(customer ? { customer } : {}),
    };
    const dry = runMutation('order.returnAtTerminal', state, args, {
      now: tx.now.toISOString(),
      actor: { id: tx.actor?.id ?? '', role: 'staff' },
      settings: await tx.settings(),
    });
    if (!dry.ok) throw new CommandRefused(dry);
    return dry.changes.orderReturns ?? [];
  }
}

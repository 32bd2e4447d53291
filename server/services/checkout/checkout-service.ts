/**
 * The POS checkout's payment calls (pos-back-office.md §7): read an order's payments and totals,
 * add a payment, void one or all, complete the order, look up a gift certificate. Every change is
 * the shared domain mutator run through its server applier (server/commands/runner.ts): this file
 * never decides a payment rule, it only maps the domain's refusal to the HTTP answer.
 */
import { sql } from 'kysely';
import type { z } from 'zod';
import type {
  addTransactionRequestSchema,
  CompleteReply,
  PaymentReply,
  voidTransactionRequestSchema,
  VoucherReply,
} from '../../../src/contracts/checkout-payments';
import type { InvoiceReply } from '../../../src/contracts/checkout-invoice';
import type { OrderRefParam, TransactionsReply } from '../../../src/contracts/checkout-transactions';
import { moneyString } from '../../../src/domain/money';
import { INVALID_VOUCHER } from '../../../src/domain/mutations/transactions';
import type { Terminal } from '../../adapters/terminal/types';
import { ServiceError, notFound } from '../../errors';
import type { Actor } from '../../commands/actor';
import { buildInvoice } from './checkout-invoice';
import { loadCheckoutOrder, resolveOrderRef, transactionsReply, type ReversalLabel } from './checkout-orders';
import { CommandRefused } from '../../commands/refusals';
import type { CommandRunner, CommandTx } from '../../commands/runner';

type AddInput = z.output<typeof addTransactionRequestSchema>;
type VoidInput = z.output<typeof voidTransactionRequestSchema>;

export const TRANSACTION_NOT_FOUND = 'The transaction could not be found.';
export const ID_USED_ELSEWHERE = 'This transaction id is already used on another order.';

/** Check numbers arrive as numbers or digit strings; anything else reaches the domain as null (its message). */
function checkNumber(v: unknown): number | null {
  const n = typeof v === 'string' && /^\s*\d{1,9}\s*$/.test(v) ? Number(v) : v;
  return typeof n === 'number' && Number.isSafeInteger(n) ? n : null;
}

export class CheckoutService {
  readonly reversal: ReversalLabel;

  constructor(
    private readonly mutations: CommandRunner,
    terminal: Terminal,
  ) {
    this.reversal = (approvedAt) => terminal.reversalKind(approvedAt, mutations.clock());
  }

  async getTransactions(ref: OrderRefParam): Promise<TransactionsReply> {
    const db = this.mutations.reader;
    const id = await resolveOrderRef(db, ref);
    return transactionsReply(db, await loadCheckoutOrder(db, id), await this.mutations.settings(), this.reversal);
  }

  /** GET /pos/order/invoice as a call. */
  async invoice(ref: OrderRefParam): Promise<InvoiceReply> {
    return buildInvoice(this.mutations.reader, ref, await this.mutations.settings());
  }

  async addTransaction(input: AddInput, actor: Actor): Promise<PaymentReply> {
    const t = input.transaction;
    const { replayed, orderRef } = await this.mutations.transaction(async (tx) => {
      const orderRef = await resolveOrderRef(tx.trx, input.orderId);
      if (await this.existing(tx, t.id, orderRef)) return { replayed: true, orderRef };
      const args = {
        order_ref: orderRef,
        id: t.id,
        transaction_type: t.transaction_type,
        amount: moneyString(t.amount),
        label: t.label ?? '',
        card_type: t.transaction_type === 'card' ? (t.card_type ?? null) : null,
        check_number: t.transaction_type === 'check' ? checkNumber(t.check_number) : null,
        voucher_code: t.transaction_type === 'voucher' ? (t.voucher_code ?? null) : null,
        status: 'approved',
      };
      const refused = await this.mutations.attempt(tx, 'transaction.add', args, actor);
      // A retry racing the first request: the order lock made it wait, then the mutator saw the id.
      if (refused?.code === 'duplicate_id' && (await this.existing(tx, t.id, orderRef)))
        return { replayed: true, orderRef };
      if (refused) throw new CommandRefused(refused);
      return { replayed: false, orderRef };
    });
    return this.reply(orderRef, t.id, replayed);
  }

  async voidTransaction(input: VoidInput, actor: Actor): Promise<PaymentReply> {
    const found = await this.mutations.transaction(async (tx) => {
      const q = tx.trx.selectFrom('transactions').select(['id', 'order_ref', 'transaction_type']);
      const row = await (
        input.transaction.id !== undefined
          ? q.where('id', '=', input.transaction.id)
          : q.where('transaction_id', '=', input.transaction.transaction_id ?? 0)
      ).executeTakeFirst();
      if (!row) throw notFound(TRANSACTION_NOT_FOUND);
      await this.mutations.run(
        tx,
        'transaction.void',
        { order_ref: row.order_ref, transaction_ref: row.id },
        { as: actor },
      );
      return row;
    });
    return this.reply(found.order_ref, found.id, false);
  }

  /**
   * GET voidTransactions: void every payment of the order. The domain refuses (409
   * void_at_terminal) while a terminal card payment is live: those go through Void/Return first.
   */
  async voidTransactions(ref: OrderRefParam, actor: Actor): Promise<TransactionsReply> {
    const orderRef = await this.mutations.transaction(async (tx) => {
      const id = await resolveOrderRef(tx.trx, ref);
      await this.mutations.run(tx, 'transaction.voidAll', { order_ref: id }, { as: actor });
      return id;
    });
    return this.getTransactions(orderRef);
  }

  async complete(ref: OrderRefParam, actor: Actor): Promise<CompleteReply> {
    const order = await this.mutations.transaction(async (tx) => {
      const id = await resolveOrderRef(tx.trx, ref);
      await this.mutations.run(tx, 'order.complete', { order_ref: id }, { as: actor });
      return tx.trx.selectFrom('orders').select(['id', 'order_id']).where('id', '=', id).executeTakeFirstOrThrow();
    });
    return { orderId: order.order_id, orderRef: order.id, messages: { error: [] } };
  }

  async getVoucher(code: string): Promise<VoucherReply> {
    const v = await this.mutations.reader
      .selectFrom('vouchers')
      .select(['code', 'balance', 'original_amount', 'description', 'message', 'voucher_theme'])
      .where(sql<string>`upper(code)`, '=', code.toUpperCase())
      .where('status', '=', 'active')
      .executeTakeFirst();
    if (!v) throw new ServiceError('not_found', 'not_found', INVALID_VOUCHER);
    return {
      voucher: {
        code: v.code,
        amount: moneyString(v.balance),
        original_amount: moneyString(v.original_amount),
        description: v.description,
        message: v.message,
        voucher_theme: v.voucher_theme,
      },
    };
  }

  /** True when the id is stored on this order (a replay); 409 when another order has it. */
  private async existing(tx: CommandTx, id: string, orderRef: string): Promise<boolean> {
    const row = await tx.trx.selectFrom('transactions').select('order_ref').where('id', '=', id).executeTakeFirst();
    if (row && row.order_ref !== orderRef) throw new ServiceError('conflict', 'conflict', ID_USED_ELSEWHERE);
    return row !== undefined;
  }

  private async reply(orderRef: string, transactionId: string, replayed: boolean): Promise<PaymentReply> {
    const r = await this.getTransactions(orderRef);
    const transaction = r.transactions.find((x) => x.id === transactionId);
    if (!transaction) throw notFound(TRANSACTION_NOT_FOUND);
    return { transaction, checkout: r.checkout, replayed };
  }
}

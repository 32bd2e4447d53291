/**
 * Gift certificates on the server (docs/decisions/payments.md "Payments, terminal and notifications").
 * The domain decides whether a voucher payment is allowed from the balance it is given
 * (`state.voucher`); this file gives it that balance, locked, and keeps the stored balance equal to
 * original_amount minus the voucher's approved payments, in the same SQL transaction:
 * - redemption: the voucher row is locked FOR UPDATE after the order (and customer), so two
 *   orders spending the same code serialise and the second sees the lowered balance;
 * - a payment that stops being approved (voided) gives its amount back;
 * - completing an order issues the vouchers it sold; voiding it voids them.
 * Codes match case-insensitively (the unique index is on upper(code)).
 */
import { sql, type Kysely } from 'kysely';
import { decimal, moneyString, toWire } from '../../../src/domain/money';
import type { Order, Transaction, VoucherLine } from '../../../src/domain/mutations/records';
import type { MutatorChanges, MutatorState } from '../../../src/domain/mutations/types';
import { refuse } from '../../../src/domain/refusal';
import type { DB } from '../../db/schema';
import type { ApplierExtension } from './domain-applier';
import type { ApplyContext } from './types';

export const codeTakenMessage = (code: string): string => `Gift certificate code ${code} is already in use.`;

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

async function lockVouchers(trx: Kysely<DB>, codes: readonly string[]) {
  if (codes.length === 0) return [];
  // Sorted, so two voids touching the same vouchers lock them in the same order.
  const upper = [...new Set(codes.map((c) => c.toUpperCase()))].sort();
  return trx
    .selectFrom('vouchers')
    .select(['id', 'code', 'balance', 'status'])
    .where(sql<string>`upper(code)`, 'in', upper)
    .orderBy(sql`upper(code)`)
    .forUpdate()
    .execute();
}

/** Balance change per voucher code (upper-cased) caused by the changed transactions. */
function ledger(
  before: readonly Transaction[],
  changed: readonly Transaction[],
): Map<string, ReturnType<typeof decimal>> {
  const deltas = new Map<string, ReturnType<typeof decimal>>();
  for (const t of changed) {
    if (t.transaction_type !== 'voucher' || t.voucher_code === null) continue;
    const was = before.find((b) => b.id === t.id)?.status === 'approved';
    const is = t.status === 'approved';
    if (was === is) continue;
    const key = t.voucher_code.toUpperCase();
    const delta = is ? decimal(t.amount).neg() : decimal(t.amount);
    deltas.set(key, (deltas.get(key) ?? decimal(0)).plus(delta));
  }
  return deltas;
}

async function applyLedger(state: MutatorState, changes: MutatorChanges, { trx, now }: ApplyContext): Promise<null> {
  const db = trx;
  for (const [code, delta] of ledger(state.transactions ?? [], changes.transactions ?? [])) {
    if (delta.isZero()) continue;
    // The rows were locked by `load`; the check constraint (0 <= balance <= original) is the backstop.
    await db
      .updateTable('vouchers')
      .set({ balance: sql<string>`balance + ${toWire(delta)}::numeric`, updated_at: now })
      .where(sql<string>`upper(code)`, '=', code)
      .execute();
  }
  return null;
}

/** transaction.add / .void / .voidAll and order.void: lock the vouchers involved, keep balances. */
export const voucherLedger: ApplierExtension = {
  async load(state, args, { trx }) {
    const a = (typeof args === 'object' && args !== null ? args : {}) as Record<string, unknown>;
    const adding = a.transaction_type === 'voucher' ? str(a.voucher_code) : null;
    const target = str(a.transaction_ref);
    const codes = (state.transactions ?? [])
      .filter(
        (t) => t.transaction_type === 'voucher' && t.voucher_code !== null && (target === null || t.id === target),
      )
      .map((t) => t.voucher_code as string);
    const rows = await lockVouchers(trx, adding ? [adding, ...codes] : codes);
    const found = adding ? rows.find((r) => r.code.toUpperCase() === adding.toUpperCase()) : undefined;
    if (adding && found && found.status === 'active')
      state.voucher = { code: adding, balance: moneyString(found.balance) };
  },
  write: applyLedger,
};

const voucherLines = (order: Order): VoucherLine[] => order.lines.filter((l): l is VoucherLine => l.kind === 'voucher');

/** order.complete issues the order's vouchers; order.void voids them (and restores voided payments). */
export const soldVouchers: ApplierExtension = {
  async load(state, _args, { trx }) {
    const codes = state.order ? voucherLines(state.order).map((l) => l.code) : [];
    const paid = (state.transactions ?? [])
      .filter((t) => t.transaction_type === 'voucher' && t.voucher_code !== null)
      .map((t) => t.voucher_code as string);
    await lockVouchers(trx, [...codes, ...paid]);
  },
  async write(state, changes, ctx) {
    const db = ctx.trx;
    const order = changes.order;
    if (!order) return null;
    if (order.status === 'complete' && state.order?.status !== 'complete') {
      for (const line of voucherLines(order)) {
        const taken = await db
          .selectFrom('vouchers')
          .select(['order_ref'])
          .where(sql<string>`upper(code)`, '=', line.code.toUpperCase())
          .executeTakeFirst();
        if (taken && taken.order_ref !== order.id) return refuse('invalid_args', codeTakenMessage(line.code));
      }
      for (const line of voucherLines(order)) {
        await db
          .insertInto('vouchers')
          .values({
            code: line.code,
            order_ref: order.id,
            line_ref: line.id,
            original_amount: moneyString(line.amount),
            balance: moneyString(line.amount),
            description: line.description,
            message: line.message,
            voucher_theme: line.voucher_theme,
            // The recipient travels with the certificate (migration 0029-c), not only on the line.
            to_name: line.to_name ?? '',
            to_email: line.to_email ?? '',
          })
          .onConflict((oc) => oc.expression(sql`upper(code)`).doNothing())
          .execute();
      }
    }
    if (order.status === 'voided' && state.order?.status !== 'voided') {
      await db
        .updateTable('vouchers')
        .set({ status: 'void', updated_at: ctx.now })
        .where('order_ref', '=', order.id)
        .execute();
    }
    return applyLedger(state, changes, ctx);
  },
};

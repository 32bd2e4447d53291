/**
 * Cart codes on the server (src/domain/cart-codes.ts says what a code is). Applying a gift
 * certificate runs the same `transaction.add` applier a device's voucher payment runs, so the
 * certificate row is locked FOR UPDATE and its balance lowered in this SQL transaction: two carts
 * spending one certificate serialise and the second sees what is left. Removing runs
 * `transaction.void` for each redemption of the code, which gives the balance back.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import {
  appliedCodes,
  CODE_MESSAGES,
  findAppliedCode,
  redemptionAmount,
  type CodeType,
} from '../../../src/domain/cart-codes';
import { money, toWire, type Money } from '../../../src/domain/money';
import { NO_BALANCE_DUE } from '../../../src/domain/mutations/transactions';
import { totalsInputOf } from '../../../src/domain/mutations/guards';
import { computeTotals } from '../../../src/domain/totals';
import { ServiceError, notFound } from '../../errors';
import { loadOrder } from '../../commands/records/orders';
import type { CartOutcome } from './pos-cart-reply';
import type { CommandRunner, CommandTx } from '../../commands/runner';

const invalidCode = () =>
  new ServiceError('not_found', 'invalid_code', CODE_MESSAGES.invalid, { code: [CODE_MESSAGES.invalid] });

/**
 * An active gift certificate with something left on it, by code (case-insensitive); null for an
 * unknown, void or used-up code. Shared with the shopper cart (one answer to "is this code valid").
 */
export async function activeVoucher(db: Kysely<DB>, code: string): Promise<{ code: string; balance: Money } | null> {
  const row = await db
    .selectFrom('vouchers')
    .select(['code', 'balance'])
    .where(sql<string>`upper(code)`, '=', code.trim().toUpperCase())
    .where('status', '=', 'active')
    .executeTakeFirst();
  if (!row) return null;
  const balance = money(row.balance);
  return balance.gt(0) ? { code: row.code, balance } : null;
}

async function orderOf(tx: CommandTx, ref: string) {
  const found = await loadOrder(tx.trx, ref, false);
  if (!found) throw notFound();
  return found;
}

/** POST applyCode / removeCode on a staff cart: only gift certificates exist, any other type is an invalid code. */
export function changeCode(
  commands: CommandRunner,
  tx: CommandTx,
  ref: string,
  action: 'apply' | 'remove',
  req: { type: CodeType; code: string },
): Promise<CartOutcome> {
  if (req.type !== 'voucher') throw invalidCode();
  return action === 'apply' ? applyVoucher(commands, tx, ref, req.code) : removeVoucher(commands, tx, ref, req.code);
}

async function applyVoucher(commands: CommandRunner, tx: CommandTx, ref: string, code: string): Promise<CartOutcome> {
  const { order, transactions } = await orderOf(tx, ref);
  // Before the lookup: a certificate this cart used up is "already applied", not "Invalid code".
  if (findAppliedCode(appliedCodes(transactions), code))
    throw new ServiceError('conflict', 'code_applied', CODE_MESSAGES.alreadyApplied);
  const voucher = await activeVoucher(tx.trx, code);
  if (!voucher) throw invalidCode();
  const totals = computeTotals(totalsInputOf(order, transactions), await tx.settings());
  const amount = redemptionAmount(voucher.balance, totals.balanceDue);
  if (amount.lte(0)) throw new ServiceError('conflict', 'no_balance_due', NO_BALANCE_DUE);
  // The applier re-reads the certificate under lock: a balance spent meanwhile is refused there, not here.
  await commands.run(tx, 'transaction.add', {
    order_ref: ref,
    id: randomUUID(),
    transaction_type: 'voucher',
    amount: toWire(amount),
    voucher_code: voucher.code,
  });
  return { success: CODE_MESSAGES.applied(voucher.code) };
}

async function removeVoucher(commands: CommandRunner, tx: CommandTx, ref: string, code: string): Promise<CartOutcome> {
  const applied = findAppliedCode(appliedCodes((await orderOf(tx, ref)).transactions), code);
  if (!applied) throw invalidCode();
  for (const id of applied.transactionIds)
    await commands.run(tx, 'transaction.void', { order_ref: ref, transaction_ref: id });
  return { success: CODE_MESSAGES.removed(applied.code) };
}

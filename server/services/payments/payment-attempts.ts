/**
 * SQL for `payment_attempts` (migration 0008): the record of every card conversation, written
 * before the terminal is asked. A status moves only from `pending` to one final status, under the
 * row lock (FOR UPDATE), so a repeated or late terminal answer can never apply twice.
 */
import type { Kysely, Selectable } from 'kysely';
import type { CardAttempt } from '../../../src/contracts/payment-card';
import { decimal, moneyString, toWire } from '../../../src/domain/money';
import type { AttemptStatus, DB, PaymentAttemptsTable } from '../../db/schema';
import { ServiceError } from '../../errors';
import { sqlState } from '../../commands/errors';

export type AttemptRow = Selectable<PaymentAttemptsTable>;

export const IN_PROGRESS_ON_ORDER = 'A card payment is already in progress on this order.';
export const TERMINAL_BUSY = 'This terminal is busy with another payment.';

export async function getAttempt(db: Kysely<DB>, id: string, lock = false): Promise<AttemptRow | undefined> {
  let q = db.selectFrom('payment_attempts').selectAll().where('id', '=', id);
  if (lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

export async function finishAttempt(
  db: Kysely<DB>,
  id: string,
  status: Exclude<AttemptStatus, 'pending'>,
  now: Date,
  fields: Partial<
    Pick<AttemptRow, 'brand' | 'last4' | 'auth_code' | 'terminal_ref' | 'message' | 'transaction_ref'>
  > = {},
): Promise<void> {
  await db
    .updateTable('payment_attempts')
    .set({ ...fields, status, updated_at: now, finished_at: now })
    .where('id', '=', id)
    .execute();
}

export const chargedTotal = (a: Pick<AttemptRow, 'amount' | 'surcharge' | 'surcharge_tax'>): string =>
  toWire(decimal(a.amount).plus(decimal(a.surcharge)).plus(decimal(a.surcharge_tax)));

export function attemptToWire(a: AttemptRow): CardAttempt {
  return {
    attemptId: a.id,
    orderRef: a.order_ref,
    status: a.status,
    amount: moneyString(a.amount),
    surcharge: moneyString(a.surcharge),
    surchargeTax: moneyString(a.surcharge_tax),
    total: chargedTotal(a),
    message: a.message,
    transactionId: a.status === 'approved' ? a.transaction_ref : null,
    eventsUrl: `/pos/checkout/cardPayment/events?attemptId=${a.id}`,
  };
}

/** A unique-index violation on insert as the refusal staff should see; anything else is rethrown. */
export function attemptConflict(err: unknown): ServiceError | null {
  if (sqlState(err) !== '23505') return null;
  const constraint = (err as { constraint?: string }).constraint ?? '';
  if (constraint === 'payment_attempts_one_charge_per_order')
    return new ServiceError('conflict', 'payment_in_progress', IN_PROGRESS_ON_ORDER);
  if (constraint === 'payment_attempts_one_per_device')
    return new ServiceError('conflict', 'terminal_busy', TERMINAL_BUSY);
  return null;
}

/** Pending terminal attempts (charges) older than `before`: what a restart must reconcile. */
export async function pendingCharges(db: Kysely<DB>): Promise<AttemptRow[]> {
  return db
    .selectFrom('payment_attempts')
    .selectAll()
    .where('status', '=', 'pending')
    .where('kind', '=', 'charge')
    .orderBy('created_at')
    .execute();
}

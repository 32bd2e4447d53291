/**
 * Store credit entries between SQL rows and the domain record (CreditEntry), and the reads of
 * GET /api/customer_credit (docs/decisions/payments.md "Store credit: Add Credit"). Append-only:
 * an entry is written once under its client uuid; the same id again changes nothing (a replayed
 * mutation), so `customer_transaction_id` and `date_added` are those of the first write.
 */
import type { Kysely, Selectable } from 'kysely';
import type { CreditEntry } from '../../../src/domain/mutations/records';
import { iso, type CustomerCreditsTable, type DB } from '../../db/schema';

export function creditFromSql(r: Selectable<CustomerCreditsTable>): CreditEntry {
  return {
    id: r.id,
    customer_transaction_id: r.customer_transaction_id,
    customer_ref: r.customer_ref,
    description: r.description,
    amount: r.amount,
    balance: r.balance,
    order_ref: r.order_ref,
    date_added: iso(r.date_added) ?? '',
  };
}

export async function saveCreditEntry(db: Kysely<DB>, e: CreditEntry, actorId: string): Promise<void> {
  await db
    .insertInto('customer_credits')
    .values({
      id: e.id,
      customer_ref: e.customer_ref,
      description: e.description,
      amount: e.amount,
      balance: e.balance,
      order_ref: e.order_ref,
      actor_id: actorId,
      date_added: e.date_added,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export type CreditSort = 'date_added' | 'description' | 'amount';

export interface CreditPage {
  rows: CreditEntry[];
  total: number;
}

/** One page of a customer's entries; ties keep the order they were written in. */
export async function listCredits(
  db: Kysely<DB>,
  customerRef: string,
  opts: { page: number; limit: number; sort: CreditSort; order: 'asc' | 'desc' },
): Promise<CreditPage> {
  const count = await db
    .selectFrom('customer_credits')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('customer_ref', '=', customerRef)
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('customer_credits')
    .selectAll()
    .where('customer_ref', '=', customerRef)
    .orderBy(opts.sort, opts.order)
    .orderBy('customer_transaction_id', opts.order)
    .limit(opts.limit)
    .offset((opts.page - 1) * opts.limit)
    .execute();
  return { rows: rows.map(creditFromSql), total: Number(count.n) };
}

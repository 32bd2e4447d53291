/**
 * Record ids are owned (docs/decisions/sync.md "Trust at the mutation door").
 * Devices mint the ids of lines, payments, history entries and addresses, and the savers upsert by
 * id. An id that already names a row of ANOTHER order (or another customer's address) must never
 * move or rewrite that row: the change is refused here, before anything is written, as a conflict
 * the device shows. The savers (server/commands/records) also only update a row whose owner matches,
 * and throw RecordOwnedElsewhere (../errors.ts) when the upsert touched nothing, so no path can
 * write across owners even if it skips this check.
 *
 * Only ids the mutator did not load with its own record are looked up (a new line, a new payment),
 * each by primary key: the cost does not grow with the order's size.
 */
import type { Kysely } from 'kysely';
import type { MutatorChanges, MutatorState } from '../../../src/domain/mutations/types';
import { refuse, type Refusal } from '../../../src/domain/refusal';
import type { DB } from '../../db/schema';

export const ID_TAKEN_MESSAGE =
  'This change reuses the id of a record that belongs to another order or customer, so it was not applied. Discard it and make the change again.';

const fresh = (ids: readonly string[], known: readonly { id: string }[] | undefined): string[] => {
  const have = new Set((known ?? []).map((k) => k.id));
  return [...new Set(ids.filter((id) => !have.has(id)))];
};

/** A refusal when a new child row's id already belongs to another owner; null when every id is free or its own. */
export async function ownedIdsRefusal(
  trx: Kysely<DB>,
  state: MutatorState,
  changes: MutatorChanges,
): Promise<Refusal | null> {
  const taken = refuse('duplicate_id', ID_TAKEN_MESSAGE);
  const order = changes.order;
  if (order) {
    const lines = fresh(
      order.lines.map((l) => l.id),
      state.order?.id === order.id ? state.order.lines : undefined,
    );
    if (
      lines.length &&
      (await trx
        .selectFrom('order_lines')
        .select('id')
        .where('id', 'in', lines)
        .where('order_ref', '<>', order.id)
        .executeTakeFirst())
    )
      return taken;
  }
  for (const t of changes.transactions ?? []) {
    if (state.transactions?.some((s) => s.id === t.id && s.order_ref === t.order_ref)) continue;
    if (
      await trx
        .selectFrom('transactions')
        .select('id')
        .where('id', '=', t.id)
        .where('order_ref', '<>', t.order_ref)
        .executeTakeFirst()
    )
      return taken;
  }
  const h = changes.orderHistory;
  if (h && (await trx.selectFrom('order_history').select('id').where('id', '=', h.id).executeTakeFirst())) return taken;
  // A credit entry is never rewritten: its id again would move the balance a second time.
  const e = changes.creditEntry;
  if (e && (await trx.selectFrom('customer_credits').select('id').where('id', '=', e.id).executeTakeFirst()))
    return taken;
  // A customer history entry is never rewritten either (its id also names its picture).
  const ch = changes.customerHistory;
  if (ch && (await trx.selectFrom('customer_history').select('id').where('id', '=', ch.id).executeTakeFirst()))
    return taken;
  // A payment's ledger entries (ids derived from the payment's): one already written is another owner's.
  const entries = (changes.creditEntries ?? []).map((x) => x.id);
  if (
    entries.length &&
    (await trx.selectFrom('customer_credits').select('id').where('id', 'in', entries).executeTakeFirst())
  )
    return taken;
  const c = changes.customer;
  if (c) {
    const addresses = fresh(
      c.addresses.map((a) => a.address_id),
      state.customer?.id === c.id ? state.customer.addresses.map((a) => ({ id: a.address_id })) : undefined,
    );
    if (
      addresses.length &&
      (await trx
        .selectFrom('addresses')
        .select('id')
        .where('id', 'in', addresses)
        .where('customer_id', '<>', c.id)
        .executeTakeFirst())
    )
      return taken;
  }
  return null;
}

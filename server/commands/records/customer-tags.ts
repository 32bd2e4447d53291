/**
 * Customer tag rows for customer.setTags (docs/decisions/pos.md "Customer tags offline"): the
 * customer's tag ids, which of some ids name a tag (locked FOR KEY SHARE: a tag cannot be deleted
 * under a save that assigns it), and the set written as a difference, so tags a save keeps are not
 * rewritten (no new version, nothing pulled again) and a save that changes nothing writes nothing.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export async function loadCustomerTags(trx: Kysely<DB>, customerRef: string): Promise<number[]> {
  const rows = await trx
    .selectFrom('customer_tag_assignments')
    .select('tag_id')
    .where('customer_ref', '=', customerRef)
    .orderBy('tag_id')
    .execute();
  return rows.map((r) => r.tag_id);
}

export async function existingTags(trx: Kysely<DB>, ids: readonly number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await trx
    .selectFrom('customer_tags')
    .select('tag_id')
    .where('tag_id', 'in', [...ids])
    .forKeyShare()
    .execute();
  return rows.map((r) => r.tag_id);
}

export async function saveCustomerTags(
  trx: Kysely<DB>,
  customerRef: string,
  before: readonly number[],
  after: readonly number[],
): Promise<void> {
  const removed = before.filter((t) => !after.includes(t));
  const added = after.filter((t) => !before.includes(t));
  if (removed.length)
    await trx
      .deleteFrom('customer_tag_assignments')
      .where('customer_ref', '=', customerRef)
      .where('tag_id', 'in', removed)
      .execute();
  if (added.length)
    await trx
      .insertInto('customer_tag_assignments')
      .values(added.map((tag_id) => ({ customer_ref: customerRef, tag_id })))
      .execute();
}

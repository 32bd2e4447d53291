/**
 * Customer history entries between SQL rows and the domain record (CustomerHistory), their
 * pictures, and the reads of GET /api/customer_history (docs/decisions/pos.md "Customer history
 * and uploads"). Append-only: an entry is written once under its client uuid; the same id again
 * changes nothing (a replayed mutation). A picture is stored once under its entry's uuid.
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { CustomerHistory } from '../../../src/domain/mutations/records';
import { iso, type CustomerHistoryTable, type DB } from '../../db/schema';
import type { StoredImage } from '../../services/customers/history-image';

export function customerHistoryFromSql(r: Selectable<CustomerHistoryTable>): CustomerHistory {
  return {
    id: r.id,
    customer_history_id: r.customer_history_id,
    customer_ref: r.customer_ref,
    comment: r.comment,
    image: r.image_type === null ? null : { name: r.image_name ?? '', type: r.image_type, size: r.image_size ?? 0 },
    actor_id: r.actor_id,
    date_added: iso(r.date_added) ?? '',
  };
}

export async function saveCustomerHistory(db: Kysely<DB>, h: CustomerHistory): Promise<void> {
  const type = h.image?.type === 'image/png' ? 'image/png' : 'image/jpeg';
  await db
    .insertInto('customer_history')
    .values({
      id: h.id,
      customer_ref: h.customer_ref,
      comment: h.comment,
      image_name: h.image ? h.image.name : null,
      image_type: h.image ? type : null,
      image_size: h.image ? h.image.size : null,
      actor_id: h.actor_id,
      date_added: h.date_added,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** The picture uploaded for entry `id` (metadata only), or undefined. */
export async function findHistoryImage(
  db: Kysely<DB>,
  id: string,
): Promise<{ customer_ref: string; mime: 'image/jpeg' | 'image/png'; size: number } | undefined> {
  const row = await db
    .selectFrom('customer_history_images')
    .select(['customer_ref', 'mime', sql<number>`octet_length(bytes)`.as('size')])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? { ...row, size: Number(row.size) } : undefined;
}

/**
 * Stores entry `id`'s picture once: 'stored' (now or by an earlier try), or 'taken' when the id
 * already holds another customer's picture. Uploads whose entry never arrived within a day go.
 */
export async function storeHistoryImage(
  db: Kysely<DB>,
  id: string,
  customerRef: string,
  image: StoredImage,
  uploadedBy: string,
): Promise<'stored' | 'taken'> {
  await db
    .deleteFrom('customer_history_images')
    .where('created_at', '<', sql<Date>`now() - interval '1 day'`)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('customer_history')
            .select('id')
            .whereRef('customer_history.id', '=', 'customer_history_images.id'),
        ),
      ),
    )
    .execute();
  await db
    .insertInto('customer_history_images')
    .values({ id, customer_ref: customerRef, ...image, uploaded_by: uploadedBy })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const owner = await db
    .selectFrom('customer_history_images')
    .select('customer_ref')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return owner.customer_ref === customerRef ? 'stored' : 'taken';
}

export async function readHistoryImage(
  db: Kysely<DB>,
  id: string,
  size: 'full' | 'thumb',
): Promise<{ mime: string; bytes: Buffer } | undefined> {
  const row = await db
    .selectFrom('customer_history_images')
    .innerJoin('customer_history', 'customer_history.id', 'customer_history_images.id')
    .select(['customer_history_images.mime', size === 'thumb' ? 'thumb as bytes' : 'bytes'])
    .where('customer_history_images.id', '=', id)
    .executeTakeFirst();
  return row ? { mime: row.mime, bytes: Buffer.from(row.bytes) } : undefined;
}

export type HistorySort = 'date_added' | 'comment';

/** One page of a customer's entries; ties keep the order they were written in. */
export async function listCustomerHistory(
  db: Kysely<DB>,
  customerRef: string,
  opts: { page: number; limit: number; sort: HistorySort; order: 'asc' | 'desc' },
): Promise<{ rows: CustomerHistory[]; total: number }> {
  const count = await db
    .selectFrom('customer_history')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('customer_ref', '=', customerRef)
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('customer_history')
    .selectAll()
    .where('customer_ref', '=', customerRef)
    .orderBy(opts.sort, opts.order)
    .orderBy('customer_history_id', opts.order)
    .limit(opts.limit)
    .offset((opts.page - 1) * opts.limit)
    .execute();
  return { rows: rows.map(customerHistoryFromSql), total: Number(count.n) };
}

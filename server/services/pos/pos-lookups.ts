/**
 * The spec names orders and customers by their human numbers (order_id, customer_id); records
 * made offline are known by their uuid until the server numbers them. These resolve either to
 * the uuid the mutations take.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { notFound } from '../../errors';
import { CUSTOMER_NOT_FOUND, ORDER_NOT_FOUND } from '../../../src/domain/mutations/guards';

export async function orderUuid(db: Kysely<DB>, ref: number | string): Promise<string> {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where(typeof ref === 'number' ? 'order_id' : 'id', '=', ref)
    .executeTakeFirst();
  if (!row) throw notFound(ORDER_NOT_FOUND);
  return row.id;
}

export async function customerUuid(db: Kysely<DB>, ref: number | string): Promise<string> {
  const row = await db
    .selectFrom('customers')
    .select('id')
    .where(typeof ref === 'number' ? 'customer_id' : 'id', '=', ref)
    .executeTakeFirst();
  if (!row) throw notFound(CUSTOMER_NOT_FOUND);
  return row.id;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface CustomerHit {
  id: string;
  customer_id: number;
  firstname: string;
  lastname: string;
  email: string;
  telephone: string;
}

/**
 * One text per customer: the stored column customers.search_text (migration 0026-s), lower-cased
 * "first last", email, telephone and the telephone's digits on their own lines, with its trigram
 * index; searched with LIKE on a lower-cased pattern (the ILIKE of a column already lower-cased), so
 * a search reads a column instead of computing an expression per customer
 * (tests/bench/customers.bench.ts, docs/figures.md "Customers list search").
 */
export const CUSTOMER_SEARCH_TEXT = sql<string>`c.search_text`;

/** The condition "the customer's search text contains `text`" (case-insensitive), `%` and `_` taken literally. */
export const customerTextMatches = (text: string) =>
  sql<boolean>`${CUSTOMER_SEARCH_TEXT} like lower(${`%${escapeLike(text)}%`})`;

/**
 * Customers whose name ("first last" or either part), email or telephone contains `s`,
 * case-insensitively; a phone typed with other punctuation still matches on its digits.
 */
export async function searchCustomers(db: Kysely<DB>, s: string, limit: number): Promise<CustomerHit[]> {
  const text = s.trim();
  if (text === '') return [];
  const digits = /^[\d\s().+-]+$/.test(text) ? text.replace(/\D/g, '') : '';
  // A phone typed with punctuation is searched by its digits alone (the text's last line holds
  // every stored telephone's digits); anything else, digits alone included, as typed.
  const needle = digits.length >= 3 && digits !== text ? digits : text;
  return db.transaction().execute(async (trx) => {
    // 3 characters or more make trigrams: read the matches through the trigram index, never a scan
    // of every customer. Both planners price the scan cheaper for a broad search ("smith": 10 % of
    // the customers); PGlite then runs it in WebAssembly at 3 to 5 times the index's time
    // (docs/figures.md "Customers list search"). Shorter text has no trigram: the planner's choice.
    if (needle.length >= 3) await sql`set local enable_seqscan = off`.execute(trx);
    const rows = await trx
      .selectFrom('customers as c')
      .select(['c.id', 'c.customer_id', 'c.firstname', 'c.lastname', 'c.email', 'c.telephone'])
      .where(customerTextMatches(needle))
      .orderBy('c.lastname')
      .orderBy('c.firstname')
      .orderBy('c.customer_id')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ ...r, email: r.email ?? '' }));
  });
}

/**
 * Customers `data` names: an email (exact, any case), a customer number, or a phone number (its
 * digits, at least 7). At most two ids: the caller wants exactly one.
 */
export async function customersByContact(db: Kysely<DB>, data: string): Promise<string[]> {
  const text = data.trim();
  let q = db.selectFrom('customers').select('id');
  if (text.includes('@')) q = q.where(sql<string>`lower(email)`, '=', text.toLowerCase());
  else {
    const digits = text.replace(/\D/g, '');
    if (digits === '' || !/^[\d\s().+-]+$/.test(text)) return [];
    const byNumber = /^\d{1,9}$/.test(text) ? Number(text) : null;
    if (byNumber === null && digits.length < 7) return [];
    q = q.where((eb) =>
      eb.or([
        ...(byNumber !== null ? [eb('customer_id', '=', byNumber)] : []),
        ...(digits.length >= 7 ? [eb(sql<string>`regexp_replace(telephone, '[^0-9]', '', 'g')`, '=', digits)] : []),
      ]),
    );
  }
  const rows = await q.limit(2).execute();
  return rows.map((r) => r.id);
}

/**
 * The History tab's read (docs/decisions/pos.md "Customer history and uploads"): a customer's
 * entries as this device has them (pulled rows plus entries queued here) with the pictures still
 * staged here, sorted by date (§9 default ascending; ties by the server's number, entries not yet
 * numbered last) and cut to one page (§9: 10 a page).
 */
import type { CustomerHistory } from '../domain/mutations/records';
import type { PartsdeskDb } from './database';
import { stagedHistoryImages } from './history-images';

export interface HistoryPage {
  rows: CustomerHistory[];
  total: number;
  /** Pictures not uploaded yet (or not yet dropped), by entry id. */
  staged: Map<string, Blob>;
}

const byDate = (a: CustomerHistory, b: CustomerHistory): number =>
  a.date_added.localeCompare(b.date_added) ||
  (a.customer_history_id ?? Number.MAX_SAFE_INTEGER) - (b.customer_history_id ?? Number.MAX_SAFE_INTEGER) ||
  a.id.localeCompare(b.id);

export async function customerHistoryPage(
  db: PartsdeskDb,
  customerRef: string,
  opts: { page: number; limit: number; order: 'asc' | 'desc' },
): Promise<HistoryPage> {
  const all = (await db.customerHistory
    .where('customer_ref')
    .equals(customerRef)
    .toArray()) as unknown as CustomerHistory[];
  all.sort(byDate);
  if (opts.order === 'desc') all.reverse();
  const rows = all.slice((opts.page - 1) * opts.limit, opts.page * opts.limit);
  const staged = await stagedHistoryImages(
    db,
    rows.filter((r) => r.image).map((r) => r.id),
  );
  return { rows, total: all.length, staged };
}

/**
 * Customer tags on the device (docs/decisions/pos.md "Customer tags offline"): the shop's tags are
 * the `customer_tags` lookup rows (tag_id, title), which customer has which the `customerTags`
 * entity store, one row per (customer, tag) with id `customer_ref:tag_id` (the server's tombstone
 * key, server/sync/pull-customer-records.ts). customer.setTags writes that store at once
 * (records.ts writeChanges), marking what it changed dirty until the server answers.
 */
import type { PartsdeskDb } from './database';

export interface DeviceTag {
  tag_id: number;
  title: string;
}

export interface CustomerTagsView {
  /** Every tag the shop defined, by title (as GET /api/customer_tag/ lists them). */
  tags: DeviceTag[];
  /** The ids this customer has on this device: the server's plus changes still queued. */
  assigned: number[];
  /** A change of this customer's tags made here is not on the server yet. */
  pending: boolean;
}

export const tagRowId = (customerRef: string, tagId: number): string => `${customerRef}:${tagId}`;

export async function customerTagIds(db: PartsdeskDb, customerRef: string): Promise<number[]> {
  const rows = await db.customerTags.where('customer_ref').equals(customerRef).toArray();
  return rows.map((r) => r.tag_id as number).sort((a, b) => a - b);
}

/** Those of `ids` the device has pulled as tags. */
export async function pulledTagIds(db: PartsdeskDb, ids: readonly number[]): Promise<number[]> {
  const rows = await db.lookups.bulkGet(ids.map((id) => ['customer_tags', String(id)] as [string, string]));
  return ids.filter((_, i) => rows[i] !== undefined);
}

export async function customerTagsView(db: PartsdeskDb, customerRef: string): Promise<CustomerTagsView> {
  const rows = await db.lookups
    .where('[table+k]')
    .between(['customer_tags', ''], ['customer_tags', '\uffff'])
    .toArray();
  const tags = rows
    .map((r) => ({ tag_id: Number(r.row.tag_id), title: String(r.row.title) }))
    .sort((a, b) => (a.title < b.title ? -1 : a.title > b.title ? 1 : a.tag_id - b.tag_id));
  const prefix = `${customerRef}:`;
  const dirty = await db.dirty
    .where('[table+k]')
    .between(['customer_tag_assignments', prefix], ['customer_tag_assignments', `${prefix}\uffff`])
    .count();
  return { tags, assigned: await customerTagIds(db, customerRef), pending: dirty > 0 };
}

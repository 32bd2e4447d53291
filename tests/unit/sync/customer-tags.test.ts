/**
 * customer.setTags (docs/decisions/pos.md "Customer tags offline"): the rule (every added tag must
 * exist; merged by tag with the set the screen showed), and on the device through the outbox:
 * written at once, pending until the server's rows come back, refused writes nothing.
 */
import Dexie from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { customerTagsView } from '../../../src/db/customer-tags';
import { PartsdeskDb } from '../../../src/db/database';
import { getMeta } from '../../../src/db/meta';
import { applyServerChange, pullStores } from '../../../src/db/tables';
import { mergeTags, tagsAdded, UNKNOWN_TAG } from '../../../src/domain/customer-tags';
import { CUSTOMER_NOT_FOUND } from '../../../src/domain/mutations/guards';
import { runMutation } from '../../../src/domain/mutations/registry';
import { defaultStoreSettings } from '../../../src/domain/settings';
import { mutate } from '../../../sync/outbox';
import { rebase } from '../../../sync/rebase';
import { domainRegistry } from '../../../sync/registry';
import { ctx, customer } from '../domain/factories';
import { at, freshDb, staff, uuid } from './support';

describe('customer tags: the rule', () => {
  it('without a base the set is replaced; with one only the ticked and unticked tags change', () => {
    expect(mergeTags([1, 2], [3, 3, 1], undefined)).toEqual([1, 3]);
    // Another tablet added 4 meanwhile: this save (untick 2, tick 5) keeps it.
    expect(mergeTags([1, 2, 4], [1, 5], [1, 2])).toEqual([1, 4, 5]);
    // Another tablet removed 1 meanwhile: this save did not touch 1, so it stays removed.
    expect(mergeTags([2], [1, 2, 3], [1, 2])).toEqual([2, 3]);
    expect(tagsAdded([1, 5], [1, 2])).toEqual([5]);
    expect(tagsAdded([2, 1, 2], undefined)).toEqual([1, 2]);
  });

  it('refuses an added tag that does not exist and an unknown customer; a kept one need not be looked up', () => {
    const c = customer();
    const run = (args: object, known: number[], current: number[] = []) =>
      runMutation('customer.setTags', { customer: c, knownTags: known, customerTags: current }, args, ctx());
    expect(run({ customer_ref: c.id, tag_ids: [1, 2] }, [1, 2])).toEqual({
      ok: true,
      changes: { customerTags: { customer_ref: c.id, tag_ids: [1, 2] } },
    });
    expect(run({ customer_ref: c.id, tag_ids: [1, 9] }, [1])).toEqual({
      ok: false,
      code: 'invalid_args',
      message: UNKNOWN_TAG,
    });
    // Tag 9 was on the screen already (base): not added by this save, so not refused.
    expect(run({ customer_ref: c.id, tag_ids: [9, 2], base: [9] }, [2], [9])).toMatchObject({
      ok: true,
      changes: { customerTags: { tag_ids: [2, 9] } },
    });
    expect(run({ customer_ref: uuid(), tag_ids: [] }, [])).toEqual({
      ok: false,
      code: 'not_found',
      message: CUSTOMER_NOT_FOUND,
    });
    expect(run({ customer_ref: c.id, tag_ids: [0] }, [0])).toMatchObject({ ok: false, code: 'invalid_args' });
    expect(run({ customer_ref: c.id, tag_ids: Array.from({ length: 201 }, (_, i) => i + 1) }, [])).toMatchObject({
      ok: false,
      code: 'invalid_args',
    });
  });
});

describe('customer tags on the device (offline, through the outbox)', () => {
  const input = (args: unknown, n = 0) => ({
    name: 'customer.setTags',
    args,
    actor: staff,
    now: at(n),
    settings: defaultStoreSettings,
  });
  const tagRow = (tag_id: number, title: string) => ({
    table: 'customer_tags',
    key: String(tag_id),
    version: tag_id,
    row: { tag_id, title, date_added: at(0) },
  });
  const assignment = (customerRef: string, tagId: number, version: number, gone = false) => {
    const id = `${customerRef}:${tagId}`;
    return {
      table: 'customer_tag_assignments',
      key: id,
      version,
      row: gone ? null : { id, customer_ref: customerRef, tag_id: tagId },
    };
  };

  async function device() {
    const db = freshDb(`tags-${uuid()}`);
    const c = customer({ id: uuid() });
    const { addresses: _a, ...row } = c;
    await applyServerChange(db, { table: 'customers', key: c.id, version: 1, row });
    await applyServerChange(db, tagRow(11, 'VIP'));
    await applyServerChange(db, tagRow(12, 'Fleet account'));
    await applyServerChange(db, assignment(c.id, 11, 20));
    return { db, ref: c.id };
  }

  it('a save shows at once, pending, and is queued; the server’s rows end the pending state', async () => {
    const { db, ref } = await device();
    expect(await customerTagsView(db, ref)).toEqual({
      tags: [
        { tag_id: 12, title: 'Fleet account' },
        { tag_id: 11, title: 'VIP' },
      ],
      assigned: [11],
      pending: false,
    });
    expect(await mutate(db, domainRegistry, input({ customer_ref: ref, tag_ids: [12], base: [11] }))).toMatchObject({
      ok: true,
    });
    expect(await customerTagsView(db, ref)).toMatchObject({ assigned: [12], pending: true });
    expect(await db.outbox.orderBy('id').last()).toMatchObject({
      name: 'customer.setTags',
      args: { customer_ref: ref, tag_ids: [12], base: [11] },
    });
    // The server applied it: its rows come back with the pull, the mutation is answered.
    await db.transaction('rw', pullStores(db), async () => {
      await applyServerChange(db, assignment(ref, 11, 30, true));
      await applyServerChange(db, assignment(ref, 12, 31));
      await db.outbox.clear();
      await rebase(db, domainRegistry, 1, defaultStoreSettings);
    });
    expect(await customerTagsView(db, ref)).toMatchObject({ assigned: [12], pending: false });
  });

  it('a pull under a pending save keeps the save on top, merged with what another tablet did', async () => {
    const { db, ref } = await device();
    await mutate(db, domainRegistry, input({ customer_ref: ref, tag_ids: [11, 12], base: [11] }));
    // Meanwhile another tablet removed VIP (11) on the server.
    await db.transaction('rw', pullStores(db), async () => {
      await applyServerChange(db, assignment(ref, 11, 40, true));
      await rebase(db, domainRegistry, 0, defaultStoreSettings);
    });
    expect(await customerTagsView(db, ref)).toMatchObject({ assigned: [12], pending: true });
  });

  it('a tag this device never pulled is refused and nothing is written or queued', async () => {
    const { db, ref } = await device();
    const queued = await db.outbox.count();
    expect(await mutate(db, domainRegistry, input({ customer_ref: ref, tag_ids: [11, 99] }))).toEqual({
      ok: false,
      code: 'invalid_args',
      message: UNKNOWN_TAG,
    });
    expect(await db.outbox.count()).toBe(queued);
    expect(await customerTagsView(db, ref)).toMatchObject({ assigned: [11], pending: false });
  });
});

describe('device schema version 15', () => {
  it('moves assignments an older build kept as lookups to the tags store and backfills both tables', async () => {
    const indexedDB = new IDBFactory();
    const old = new Dexie('partsdesk', { indexedDB, IDBKeyRange });
    old.version(1).stores({ lookups: '[table+k]', base: '[table+k]', meta: 'key', catalog: '[table+k]', stock: 'k' });
    const ref = uuid();
    const row = { id: `${ref}:11`, customer_ref: ref, tag_id: 11 };
    await old.table('lookups').bulkPut([
      { table: 'customer_tag_assignments', k: row.id, row },
      { table: 'customer_tags', k: '11', row: { tag_id: 11, title: 'VIP' } },
    ]);
    await old.table('meta').put({ key: 'cookie', value: 900 });
    old.close();
    const db = new PartsdeskDb('partsdesk', { indexedDB, IDBKeyRange });
    expect(await customerTagsView(db, ref)).toEqual({
      tags: [{ tag_id: 11, title: 'VIP' }],
      assigned: [11],
      pending: false,
    });
    expect(await db.base.get(['customer_tag_assignments', row.id])).toMatchObject({ row });
    expect(await db.lookups.get(['customer_tag_assignments', row.id])).toBeUndefined();
    const backfill = (await getMeta(db, 'backfill')) as { tables: string[]; upTo: number };
    expect(backfill.tables).toEqual(expect.arrayContaining(['customer_tags', 'customer_tag_assignments']));
    expect(backfill.upTo).toBe(900);
  });
});

/**
 * The journal (answered mutations, kept for server-loss recovery) keeps at least 7 days: pruning
 * runs with every recorded push reply and drops only entries acknowledged more than 7 days ago,
 * never the newest acknowledged one. A journal entry within the week is what a restored server
 * gets back.
 */
import { describe, expect, it } from 'vitest';
import { getMeta } from '../../../src/db/meta';
import { SyncEngine } from '../../../sync/engine';
import { pruneJournal } from '../../../sync/recovery';
import type { TransportReply, TransportRequest } from '../../../sync/transport';
import { freshDb, page, staff, uuid } from './support';

const DAY = 86_400_000;
const T0 = Date.parse('2026-11-01T09:00:00Z');

function server() {
  let last = 0;
  return (req: TransportRequest): Promise<TransportReply> => {
    if (req.method === 'GET') return Promise.resolve(page(1, [], false, last));
    const ms = (req.body as { mutations: { id: number }[] }).mutations;
    last = Math.max(last, ms.at(-1)!.id);
    return Promise.resolve({
      status: 200,
      body: { lastMutationId: last, results: ms.map((m) => ({ id: m.id, status: 'applied' })) },
    });
  };
}

describe('journal retention (sync/recovery.ts pruneJournal)', () => {
  it('keeps acknowledged mutations 7 days, drops older ones with the next push, keeps the newest always', async () => {
    const db = freshDb();
    let now = T0;
    const engine = new SyncEngine({
      db,
      transport: server(),
      pollMs: 0,
      mintId: uuid,
      clock: () => now,
      env: { online: () => true },
    });
    engine.setSession(staff);
    const sell = async () => {
      expect((await engine.mutate('order.create', { id: uuid() })).ok).toBe(true);
      expect(await engine.syncNow()).toBe('ok');
    };
    await sell(); // 1 at day 0
    await sell(); // 2 at day 0
    now = T0 + 3 * DAY;
    await sell(); // 3 at day 3
    now = T0 + 7 * DAY - 60_000;
    await sell(); // 4: one minute short of 7 days after 1 and 2
    expect((await db.journal.toArray()).map((j) => j.id)).toEqual([1, 2, 3, 4]);

    now = T0 + 7 * DAY + 60_000;
    await sell(); // 5: 1 and 2 are now older than 7 days
    expect((await db.journal.toArray()).map((j) => j.id)).toEqual([3, 4, 5]);

    now = T0 + 30 * DAY;
    await sell(); // 6: everything before is older than 7 days
    expect((await db.journal.toArray()).map((j) => j.id)).toEqual([6]);
    expect(await getMeta(db, 'lastAckedId')).toBe(6);
  });

  it('never drops the newest acknowledged entry, however old', async () => {
    const db = freshDb();
    let now = T0;
    const engine = new SyncEngine({
      db,
      transport: server(),
      pollMs: 0,
      mintId: uuid,
      clock: () => now,
      env: { online: () => true },
    });
    engine.setSession(staff);
    await engine.mutate('order.create', { id: uuid() });
    await engine.mutate('order.create', { id: uuid() });
    expect(await engine.syncNow()).toBe('ok');
    now = T0 + 90 * DAY;
    await db.transaction('rw', [db.journal, db.meta], () => pruneJournal(db, now));
    expect((await db.journal.toArray()).map((j) => j.id)).toEqual([2]);
  });
});

import { describe, expect, it } from 'vitest';
import { PUSH_BATCH } from '../../../src/contracts/sync-push';
import { getMeta, setMeta } from '../../../src/db/meta';
import { defaultStoreSettings } from '../../../src/domain/settings';
import { backoffMs } from '../../../sync/backoff';
import { mutate } from '../../../sync/outbox';
import { pushOnce } from '../../../sync/push';
import { nextBatch, noteServerLast } from '../../../sync/recovery';
import { domainRegistry } from '../../../sync/registry';
import type { TransportRequest } from '../../../sync/transport';
import { at, freshDb, scripted, staff, uuid } from './support';

const now = () => Date.parse(at(0));
async function queue(n: number) {
  const db = freshDb();
  for (let i = 0; i < n; i++) {
    await mutate(db, domainRegistry, {
      name: 'order.create',
      args: { id: uuid() },
      actor: staff,
      now: at(i),
      settings: defaultStoreSettings,
    });
  }
  return db;
}
const ids = (req: TransportRequest) => (req.body as { mutations: { id: number }[] }).mutations.map((m) => m.id);
const ok = (results: object[], last: number) => ({ status: 200, body: { lastMutationId: last, results } });

describe('push', () => {
  it(`sends at most PUSH_BATCH (${PUSH_BATCH}) per batch, in id order, and moves answered ones to the journal`, async () => {
    const db = await queue(PUSH_BATCH + 30);
    const t = scripted([
      (req) =>
        ok(
          ids(req).map((id) => ({ id, status: 'applied' })),
          PUSH_BATCH,
        ),
    ]);
    expect(await pushOnce(db, t, uuid(), now)).toEqual({ kind: 'progress', answered: PUSH_BATCH });
    expect(ids(t.calls[0]!)).toEqual(Array.from({ length: PUSH_BATCH }, (_, i) => i + 1));
    expect(await db.outbox.count()).toBe(30);
    expect(await db.journal.count()).toBe(PUSH_BATCH);
    expect(await getMeta(db, 'lastAckedId')).toBe(PUSH_BATCH);
  });

  it('a reply that answers only the first mutations (the server deadline) keeps the rest queued, and the next push starts with them', async () => {
    const db = await queue(10);
    const t = scripted([
      (req) =>
        ok(
          ids(req)
            .slice(0, 3)
            .map((id) => ({ id, status: 'applied' })),
          3,
        ),
      (req) =>
        ok(
          ids(req).map((id) => ({ id, status: 'applied' })),
          10,
        ),
    ]);
    expect(await pushOnce(db, t, uuid(), now)).toEqual({ kind: 'progress', answered: 3 });
    expect(await db.outbox.count()).toBe(7);
    expect(await getMeta(db, 'lastAckedId')).toBe(3);
    expect(await pushOnce(db, t, uuid(), now)).toEqual({ kind: 'progress', answered: 7 });
    expect(ids(t.calls[1]!)).toEqual([4, 5, 6, 7, 8, 9, 10]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('keeps everything queued on a network error, a 5xx or a garbled reply', async () => {
    const db = await queue(3);
    const t = scripted([
      () => {
        throw new Error('reset');
      },
      () => ({ status: 503, body: { error: 'unavailable', message: 'later' } }),
      () => ({ status: 200, body: '<html>captive portal</html>' }),
    ]);
    for (let i = 0; i < 3; i++) expect((await pushOnce(db, t, uuid(), now)).kind).toBe('retry');
    expect(await db.outbox.count()).toBe(3);
  });

  it('a 401 keeps the queue and asks for a login', async () => {
    const db = await queue(2);
    expect(await pushOnce(db, scripted([() => ({ status: 401, body: {} })]), uuid(), now)).toEqual({
      kind: 'needsLogin',
    });
    expect(await db.outbox.count()).toBe(2);
  });

  it('records a rejection as a conflict, including one only learnt from a replay (skipped, was=rejected)', async () => {
    const db = await queue(2);
    const t = scripted([
      () =>
        ok(
          [
            {
              id: 1,
              status: 'skipped',
              was: 'rejected',
              code: 'order_not_editable',
              message: 'This order has been voided.',
            },
            { id: 2, status: 'applied' },
          ],
          2,
        ),
    ]);
    await pushOnce(db, t, uuid(), now);
    expect(await db.conflicts.toArray()).toMatchObject([
      { id: 1, code: 'order_not_editable', message: 'This order has been voided.' },
    ]);
    expect(await db.journal.get(1)).toMatchObject({ outcome: 'rejected' });
  });
});

describe('server-loss recovery', () => {
  it('re-pushes acknowledged mutations from the journal when the server counter went backwards', async () => {
    const db = await queue(5);
    const all = (req: TransportRequest) =>
      ok(
        ids(req).map((id) => ({ id, status: 'applied' })),
        Math.max(...ids(req)),
      );
    await pushOnce(db, scripted([all]), uuid(), now);
    expect(await getMeta(db, 'lastAckedId')).toBe(5);
    await mutate(db, domainRegistry, {
      name: 'order.create',
      args: { id: uuid() },
      actor: staff,
      now: at(9),
      settings: defaultStoreSettings,
    });
    // The restored server only has 1..2: it refuses 6 as a gap and says it expects 3.
    const t = scripted([
      () => ({ status: 409, body: { error: 'mutation_gap', message: 'gap', expected: 3, lastMutationId: 2 } }),
      all,
    ]);
    await pushOnce(db, t, uuid(), now);
    expect(await getMeta(db, 'resendFrom')).toBe(3);
    await pushOnce(db, t, uuid(), now);
    expect(ids(t.calls[1]!)).toEqual([3, 4, 5, 6]);
    expect(await getMeta(db, 'resendFrom')).toBeNull();
    expect(await db.outbox.count()).toBe(0);
    expect(await getMeta(db, 'lastAckedId')).toBe(6);
    // Its versions went back too: the next pull starts from 0.
    expect(await getMeta(db, 'fullSync')).toBe(true);
  });

  it('a resend longer than one batch moves on as the server answers it, instead of resending the first batch forever', async () => {
    const total = PUSH_BATCH * 2 + 5;
    const db = await queue(total);
    const client = uuid();
    const answer = (req: TransportRequest, last: number) =>
      ok(
        ids(req).map((id) => ({ id, status: id <= last ? 'applied' : 'skipped' })),
        Math.max(last, ...ids(req)),
      );
    for (let i = 0; i < 3; i++) await pushOnce(db, scripted([(req) => answer(req, 0)]), client, now);
    expect(await getMeta(db, 'lastAckedId')).toBe(total);
    // A restored server holds 1..4: the device resends 5..total from its journal, one batch at a time.
    let serverLast = 4;
    const restored = (req: TransportRequest) => {
      const sent = ids(req);
      const r = ok(
        sent.map((id) => ({
          id,
          status: id <= serverLast ? 'skipped' : 'applied',
          ...(id <= serverLast ? { was: 'applied' } : {}),
        })),
        Math.max(serverLast, ...sent),
      );
      serverLast = Math.max(serverLast, ...sent);
      return r;
    };
    const t = scripted(Array.from({ length: 6 }, () => restored));
    // (What a reply from it starts, sync/recovery.ts noteServerLast.)
    await db.transaction('rw', db.meta, () => noteServerLast(db, 4));
    expect(await getMeta(db, 'resendFrom')).toBe(5);
    for (let i = 0; i < 3 && (await getMeta(db, 'resendFrom')) !== null; i++) await pushOnce(db, t, client, now);
    expect(t.calls.map((c) => ids(c)[0])).toEqual([5, 5 + PUSH_BATCH, 5 + 2 * PUSH_BATCH]);
    expect(await getMeta(db, 'resendFrom')).toBeNull();
    expect(serverLast).toBe(total);
  });

  it('reports stuck when the journal no longer holds what the server lost', async () => {
    const db = await queue(1);
    await setMeta(db, 'lastAckedId', 10);
    await setMeta(db, 'resendFrom', 4);
    expect(await db.transaction('r', [db.outbox, db.journal, db.meta], () => nextBatch(db, 100))).toEqual({
      stuck: true,
      missing: 4,
    });
  });

  it('a stale low lastMutationId is harmless: the resend comes back skipped and recovery ends', async () => {
    const db = await queue(2);
    const client = uuid();
    await pushOnce(
      db,
      scripted([
        () =>
          ok(
            [
              { id: 1, status: 'applied' },
              { id: 2, status: 'applied' },
            ],
            0,
          ),
      ]),
      client,
      now,
    );
    expect(await getMeta(db, 'resendFrom')).toBe(1);
    const t = scripted([
      (req) =>
        ok(
          ids(req).map((id) => ({ id, status: 'skipped', was: 'applied' })),
          2,
        ),
    ]);
    expect(await pushOnce(db, t, client, now)).toEqual({ kind: 'progress', answered: 2 });
    expect(await getMeta(db, 'resendFrom')).toBeNull();
    expect(await db.conflicts.count()).toBe(0);
  });
});

describe('backoff', () => {
  it('doubles from 1 s to 60 s with ±25 % jitter, never below 1 s nor above 60 s', () => {
    expect(backoffMs(1, () => 0)).toBe(1000);
    expect(backoffMs(1, () => 1)).toBe(1250);
    expect(backoffMs(2, () => 0)).toBe(1500);
    expect(backoffMs(3, () => 0.5)).toBe(4000);
    expect(backoffMs(3, () => 1)).toBe(5000);
    expect(backoffMs(7, () => 0.5)).toBe(60_000);
    expect(backoffMs(20, () => 1)).toBe(60_000);
    expect(backoffMs(20, () => 0)).toBe(45_000);
    for (let n = 0; n < 40; n++) {
      for (const r of [0, 0.1, 0.5, 0.9, 0.999]) {
        const ms = backoffMs(n, () => r);
        expect(ms).toBeGreaterThanOrEqual(1000);
        expect(ms).toBeLessThanOrEqual(60_000);
      }
    }
  });
});

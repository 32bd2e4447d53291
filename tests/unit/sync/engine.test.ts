import { describe, expect, it } from 'vitest';
import { getMeta } from '../../../src/db/meta';
import { SyncEngine, type LockLike } from '../../../sync/engine';
import type { TransportRequest } from '../../../sync/transport';
import { freshDb, page, scripted, staff, uuid } from './support';

const pushed = (req: TransportRequest) => (req.body as { mutations: { id: number }[] }).mutations.map((m) => m.id);
const applyAll = (req: TransportRequest) => ({
  status: 200,
  body: { lastMutationId: Math.max(...pushed(req)), results: pushed(req).map((id) => ({ id, status: 'applied' })) },
});

function engineWith(handlers: Parameters<typeof scripted>[0], extra: { locks?: LockLike } = {}) {
  const db = freshDb();
  const transport = scripted(handlers);
  const engine = new SyncEngine({
    db,
    transport,
    pollMs: 0,
    mintId: uuid,
    clock: () => Date.parse('2026-11-22T10:00:00Z'),
    env: { online: () => true, locks: extra.locks },
  });
  engine.setSession(staff);
  return { db, transport, engine };
}

describe('sync engine', () => {
  it('pushes, then pulls, under the browser-wide lock, and reports status', async () => {
    const names: string[] = [];
    const locks: LockLike = { request: (name, cb) => (names.push(name), cb()) };
    const { db, transport, engine } = engineWith([applyAll, () => page(7, [], false, 1)], { locks });
    await engine.mutate('order.create', { id: uuid() });
    expect((await engine.status()).pending).toBe(1);
    expect(await engine.syncNow()).toBe('ok');
    expect(transport.calls.map((c) => c.method)).toEqual(['POST', 'GET']);
    expect(names).toEqual(['partsdesk-push']);
    const s = await engine.status();
    expect(s).toMatchObject({
      pending: 0,
      oldestPendingAgeMs: null,
      conflicts: 0,
      needsLogin: false,
      lastSuccess: '2026-11-22T10:00:00.000Z',
    });
    expect(await getMeta(db, 'cookie')).toBe(7);
  });

  it('never pulls while pushed mutations are unanswered', async () => {
    const { transport, engine } = engineWith([() => ({ status: 503, body: {} })]);
    await engine.mutate('order.create', { id: uuid() });
    expect(await engine.syncNow()).toBe('retry');
    expect(transport.calls.map((c) => c.method)).toEqual(['POST']);
  });

  it('a 401 keeps the queue and reports needsLogin until a session is set again', async () => {
    const { engine } = engineWith([() => ({ status: 401, body: {} }), applyAll, () => page(1, [], false, 1)]);
    await engine.mutate('order.create', { id: uuid() });
    expect(await engine.syncNow()).toBe('needsLogin');
    expect(await engine.status()).toMatchObject({ needsLogin: true, pending: 1 });
    engine.setSession(staff);
    expect(await engine.syncNow()).toBe('ok');
    expect(await engine.status()).toMatchObject({ needsLogin: false, pending: 0 });
  });

  it('runs cycles one at a time even when asked concurrently', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    const slowPull = async () => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((r) => setTimeout(r, 5));
      inFlight--;
      return page(1, [], false, 0);
    };
    const { engine } = engineWith([slowPull, slowPull, slowPull]);
    await Promise.all([engine.syncNow(), engine.syncNow(), engine.syncNow()]);
    expect(maxInFlight).toBe(1);
  });

  it('counts a rejection as a conflict for staff to resolve', async () => {
    const { engine } = engineWith([
      (req) => ({
        status: 200,
        body: {
          lastMutationId: 1,
          results: [
            {
              id: pushed(req)[0],
              status: 'rejected',
              code: 'order_already_voided',
              message: 'This order has been voided.',
            },
          ],
        },
      }),
      () => page(2, [], false, 1),
    ]);
    await engine.mutate('order.create', { id: uuid() });
    await engine.syncNow();
    expect((await engine.status()).conflicts).toBe(1);
    const [c] = await engine.conflicts();
    expect(c).toMatchObject({
      id: 1,
      name: 'order.create',
      code: 'order_already_voided',
      message: 'This order has been voided.',
    });
    await engine.dismissConflict(1);
    expect((await engine.status()).conflicts).toBe(0);
  });
});

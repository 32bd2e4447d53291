import { describe, expect, it } from 'vitest';
import { SyncEngine } from '../../../sync/engine';
import type { TransportReply, TransportRequest } from '../../../sync/transport';
import { freshDb, page, scripted, staff, uuid } from '../sync/support';

const firstId = (req: TransportRequest) => (req.body as { mutations: { id: number }[] }).mutations[0]?.id;
const NOW = Date.parse('2026-11-22T10:00:00Z');
const rejectFirst = (req: TransportRequest): TransportReply => ({
  status: 200,
  body: {
    lastMutationId: 1,
    results: [
      { id: firstId(req), status: 'rejected', code: 'order_already_voided', message: 'This order has been voided.' },
    ],
  },
});
const recorded = (req: TransportRequest): TransportReply => {
  const b = req.body as { clientId: string; mutationId: number };
  return {
    status: 200,
    body: {
      clientId: b.clientId,
      mutationId: b.mutationId,
      discardedBy: { kind: 'staff', id: staff.id },
      discardedAt: '2026-11-22T10:00:01.000Z',
    },
  };
};

/** An engine with one rejected order.create (id 1) in its conflicts; `more` answers what follows. */
async function withConflict(more: ((req: TransportRequest) => TransportReply)[], online = () => true) {
  const db = freshDb();
  const transport = scripted([rejectFirst, () => page(2, [], false, 1), ...more]);
  const engine = new SyncEngine({ db, transport, pollMs: 0, mintId: uuid, clock: () => NOW, env: { online } });
  engine.setSession(staff);
  const order = uuid();
  await engine.mutate('order.create', { id: order });
  await engine.syncNow();
  expect(await engine.conflicts()).toHaveLength(1);
  return { db, engine, transport, order };
}

describe('Dismiss in the conflicts panel (SyncWorkerApi.dismissConflict)', () => {
  it('hides the conflict and keeps the row with when and by whom it was dismissed', async () => {
    const { db, engine } = await withConflict([]);
    await engine.dismissConflict(1);
    expect(await engine.conflicts()).toEqual([]);
    expect(await db.conflicts.get(1)).toMatchObject({
      seenAt: '2026-11-22T10:00:00.000Z',
      seenBy: { id: staff.id, role: staff.role },
      discard: { pending: true },
    });
  });

  it('sends the discard to the server with the mutation and its args, and marks it recorded', async () => {
    const { db, engine, transport, order } = await withConflict([() => page(2, [], false, 1), recorded]);
    await engine.dismissConflict(1);
    expect(await engine.syncNow()).toBe('ok');
    const sent = transport.calls.find((c) => c.path === '/sync/discard');
    expect(sent).toMatchObject({
      method: 'POST',
      body: { mutationId: 1, name: 'order.create', args: { id: order }, discardedAt: '2026-11-22T10:00:00.000Z' },
    });
    expect((await db.conflicts.get(1))?.discard).toEqual({ pending: false, recordedAt: '2026-11-22T10:00:01.000Z' });
    // Sent once: the next cycle has nothing more to send.
    const calls = transport.calls.length;
    const quiet = scripted([() => page(2, [], false, 1)]);
    const again = new SyncEngine({
      db,
      transport: quiet,
      pollMs: 0,
      mintId: uuid,
      clock: () => NOW,
      env: { online: () => true },
    });
    again.setSession(staff);
    expect(await again.syncNow()).toBe('ok');
    expect(quiet.calls.map((c) => c.path)).not.toContain('/sync/discard');
    expect(transport.calls).toHaveLength(calls);
  });

  it('a discard made offline waits in the row and goes with the first sync back online', async () => {
    let online = true;
    const failing = (): TransportReply => {
      throw new Error('network down');
    };
    const { db, engine, transport } = await withConflict(
      [() => page(2, [], false, 1), failing, () => page(2, [], false, 1), recorded],
      () => online,
    );
    online = false;
    await engine.dismissConflict(1);
    expect(await engine.syncNow()).toBe('retry');
    expect(transport.calls.map((c) => c.path)).not.toContain('/sync/discard');
    online = true;
    // The network drops on the discard itself: still pending, then recorded on the next cycle.
    expect(await engine.syncNow()).toBe('retry');
    expect((await db.conflicts.get(1))?.discard).toEqual({ pending: true });
    expect(await engine.syncNow()).toBe('ok');
    expect((await db.conflicts.get(1))?.discard).toMatchObject({ pending: false, recordedAt: expect.any(String) });
  });

  it('a 401 on the discard keeps it pending and asks for a login; a refusal for good is kept with its reason', async () => {
    const { db, engine } = await withConflict([
      () => page(2, [], false, 1),
      () => ({ status: 401, body: { error: 'unauthorized' } }),
      () => page(2, [], false, 1),
      () => ({ status: 409, body: { error: 'not_rejected', message: 'Change 1 was applied on the server.' } }),
    ]);
    await engine.dismissConflict(1);
    expect(await engine.syncNow()).toBe('needsLogin');
    expect((await db.conflicts.get(1))?.discard).toEqual({ pending: true });
    engine.setSession(staff);
    expect(await engine.syncNow()).toBe('ok');
    expect((await db.conflicts.get(1))?.discard).toEqual({
      pending: false,
      error: 'Change 1 was applied on the server.',
    });
  });

  it('only staff can discard: a device without a staff session refuses and keeps the conflict open', async () => {
    const { engine } = await withConflict([]);
    engine.setSession({ id: 'c0ffee', role: 'customer' });
    await expect(engine.dismissConflict(1)).rejects.toThrow('Only staff can discard a rejected change.');
    expect(await engine.conflicts()).toHaveLength(1);
  });
});

import { describe, expect, it } from 'vitest';
import { SyncEngine } from '../../../sync/engine';
import type { TransportRequest } from '../../../sync/transport';
import { freshDb, page, scripted, staff, uuid } from '../sync/support';

const firstId = (req: TransportRequest) => (req.body as { mutations: { id: number }[] }).mutations[0]?.id;

describe('Dismiss in the conflicts panel (SyncWorkerApi.dismissConflict)', () => {
  it('hides the conflict and keeps the row with when and by whom it was dismissed', async () => {
    const db = freshDb();
    const transport = scripted([
      (req) => ({ status: 200, body: { lastMutationId: 1, results: [{ id: firstId(req), status: 'rejected', code: 'order_already_voided', message: 'This order has been voided.' }] } }),
      () => page(2, [], false, 1),
    ]);
    const engine = new SyncEngine({ db, transport, pollMs: 0, mintId: uuid, clock: () => Date.parse('2026-11-22T10:00:00Z'), env: { online: () => true } });
    engine.setSession(staff);
    await engine.mutate('order.create', { id: uuid() });
    await engine.syncNow();
    expect(await engine.conflicts()).toHaveLength(1);

    await engine.dismissConflict(1);
    expect(await engine.conflicts()).toEqual([]);
    expect(await db.conflicts.get(1)).toMatchObject({ seenAt: '2026-11-22T10:00:00.000Z', seenBy: { id: staff.id, role: staff.role } });
  });
});

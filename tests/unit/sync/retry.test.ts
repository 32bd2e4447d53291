import { describe, expect, it } from 'vitest';
import type { RowChange } from '../../../src/contracts/sync-pull';
import { getMeta } from '../../../src/db/meta';
import { SyncEngine } from '../../../sync/engine';
import type { TransportReply, TransportRequest } from '../../../sync/transport';
import { freshDb, page, scripted, staff, uuid } from './support';

/** Retry in the conflicts panel (SyncWorkerApi.retryConflict; docs/decisions/server.md "Server epoch, restore and retry"). */
type Sent = { id: number; name: string; args: unknown };
const sent = (req: TransportRequest) => (req.body as { mutations: Sent[] }).mutations;
/** Applies everything except the ids in `reject`, which the server refuses as above the balance. */
const answer =
  (reject: number[] = []) =>
  (req: TransportRequest): TransportReply => ({
    status: 200,
    body: {
      lastMutationId: Math.max(...sent(req).map((m) => m.id)),
      results: sent(req).map(({ id }) =>
        reject.includes(id)
          ? { id, status: 'rejected', code: 'amount_above_balance', message: 'Amount exceeds the outstanding balance.' }
          : { id, status: 'applied' },
      ),
    },
  });

async function withConflict(more: Parameters<typeof scripted>[0] = []) {
  const db = freshDb();
  // The server's rows after the push: the order and its line as the device made them, no payment.
  let serverRows: RowChange[] = [];
  const transport = scripted([answer([3]), () => page(5, serverRows, false, 3), ...more]);
  const engine = new SyncEngine({
    db,
    transport,
    pollMs: 0,
    mintId: uuid,
    clock: () => Date.parse('2026-11-22T10:00:00Z'),
    env: { online: () => true },
  });
  engine.setSession(staff);
  const order = uuid();
  const pay = { order_ref: order, id: uuid(), transaction_type: 'cash', amount: '5.00' };
  await engine.mutate('order.create', { id: order });
  await engine.mutate('cart.addCustomProduct', {
    order_ref: order,
    line_id: uuid(),
    name: 'Pads',
    price: '20.00',
    quantity: 1,
    tax_class_id: null,
  });
  const row = (table: string, r: object, v: number): RowChange => ({
    table,
    key: (r as { id: string }).id,
    version: v,
    row: r as Record<string, unknown>,
  });
  serverRows = [
    row('orders', (await db.orders.get(order))!, 1),
    ...(await db.orderLines.toArray()).map((l, i) => row('order_lines', l, 2 + i)),
  ];
  await engine.mutate('transaction.add', pay);
  expect(await engine.syncNow()).toBe('ok');
  expect(await engine.conflicts()).toMatchObject([{ id: 3, name: 'transaction.add' }]);
  return { db, transport, engine, order, pay };
}

describe('retrying a rejected change', () => {
  it('re-queues the same change as a new mutation, applies it on the device, and records who retried it', async () => {
    const { db, transport, engine, order, pay } = await withConflict([answer(), () => page(6, [], false, 4)]);
    expect(await engine.retryConflict(3)).toEqual({ ok: true, id: 4 });

    expect(await db.outbox.toArray()).toMatchObject([{ id: 4, name: 'transaction.add', args: pay, status: 'pending' }]);
    expect(await db.conflicts.get(3)).toMatchObject({
      seenAt: '2026-11-22T10:00:00.000Z',
      seenBy: staff,
      retriedAs: 4,
    });
    expect(await engine.conflicts()).toEqual([]);
    expect((await engine.status()).conflicts).toBe(0);
    // Applied at once like any change (optimistic): the order shows the payment again.
    expect(await db.transactions.get(pay.id)).toMatchObject({ order_ref: order, amount: '5.00' });

    expect(await engine.syncNow()).toBe('ok');
    // The rejected change's own (parsed) args, under the new id.
    const first = sent(transport.calls[0]!).find((m) => m.id === 3);
    expect(sent(transport.calls[2]!)).toEqual([
      { id: 4, name: 'transaction.add', args: first?.args, at: '2026-11-22T10:00:00.000Z', madeBy: staff },
    ]);
    expect(await getMeta(db, 'lastAckedId')).toBe(4);
    expect(await db.journal.get(4)).toMatchObject({ outcome: 'applied' });
  });

  it('a change the device now refuses is not queued: the refusal comes back and the conflict stays open', async () => {
    const { db, engine, order } = await withConflict();
    expect(await engine.mutate('order.void', { order_ref: order })).toMatchObject({ ok: true, id: 4 });
    const r = await engine.retryConflict(3);
    expect(r).toMatchObject({ ok: false });
    expect((r as { message: string }).message).toBeTruthy();
    expect(await db.outbox.toCollection().primaryKeys()).toEqual([4]);
    expect(await getMeta(db, 'nextMutationId')).toBe(5);
    expect(await engine.conflicts()).toMatchObject([{ id: 3, seenAt: null }]);
    expect((await db.conflicts.get(3))?.retriedAs).toBeUndefined();
  });

  it('a conflict already retried or dismissed cannot be retried again', async () => {
    const { engine } = await withConflict();
    expect((await engine.retryConflict(3)).ok).toBe(true);
    expect(await engine.retryConflict(3)).toMatchObject({ ok: false, code: 'not_found' });
    expect(await engine.retryConflict(99)).toMatchObject({ ok: false, code: 'not_found' });
    const other = await withConflict();
    await other.engine.dismissConflict(3);
    expect(await other.engine.retryConflict(3)).toMatchObject({ ok: false, code: 'not_found' });
    expect(await other.db.outbox.count()).toBe(0);
  });
});

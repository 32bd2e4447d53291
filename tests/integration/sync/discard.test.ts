/**
 * POST /sync/discard: only staff discard a conflict, and the server records who, when, which
 * mutation and its args (migration 0015-e). Also: each pushed mutation records who made it on the
 * device (made_by_*) beside the session user that pushed it (actor_*).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../../../src/contracts/protocol-version';
import { testEngines } from '../../support/engines';
import { TestClient } from '../../support/http-client';
import { signedIn, startSyncServer, type SyncTestServer } from './support/sync-server';

describe.each(testEngines())('conflict discards on %s', (engine) => {
  let server: SyncTestServer;
  let cashier: TestClient;
  let cashierId: string;
  const clientId = randomUUID();
  const order = randomUUID();
  const payment = { order_ref: order, id: randomUUID(), transaction_type: 'cash', amount: '10.00' };
  const discard = (c: TestClient, mutationId: number, extra: object = {}) =>
    c.post('/sync/discard', {
      clientId,
      mutationId,
      name: 'transaction.add',
      args: payment,
      discardedAt: '2026-11-20T08:00:00.000Z',
      ...extra,
    });

  beforeAll(async () => {
    server = await startSyncServer(engine);
    cashier = await signedIn(server.url, 'cashier', 'cashier');
    cashierId = String((await cashier.get('/api/session')).body.user.id);
    const at = new Date().toISOString();
    // Made on the device by the admin while signed in there, pushed later under the cashier's session.
    const madeBy = { id: '1', role: 'admin' };
    const r = await cashier.post('/sync/push', {
      clientId,
      protocolVersion: PROTOCOL_VERSION,
      mutations: [
        { id: 1, name: 'order.create', args: { id: order }, at, madeBy },
        { id: 2, name: 'transaction.add', args: payment, at, madeBy },
      ],
    });
    expect(r.status).toBe(200);
    expect(r.body.results).toMatchObject([
      { id: 1, status: 'applied' },
      { id: 2, status: 'rejected', code: 'no_balance_due' },
    ]);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('records who made a change on the device beside who pushed it', async () => {
    const rows = await server.db
      .selectFrom('sync_mutations')
      .select(['mutation_id', 'actor_id', 'made_by_id', 'made_by_role'])
      .where('client_id', '=', clientId)
      .orderBy('mutation_id')
      .execute();
    expect(rows.map((m) => [Number(m.mutation_id), m.actor_id, m.made_by_id, m.made_by_role])).toEqual([
      [1, cashierId, '1', 'admin'],
      [2, cashierId, '1', 'admin'],
    ]);
  });

  it('a guest gets 401 and a shopper 403; nothing is recorded', async () => {
    expect((await discard(new TestClient(server.url), 2)).status).toBe(401);
    const shopper = await signedIn(server.url, 'shopper@example.com', 'shopper');
    const r = await discard(shopper, 2);
    expect(r.status).toBe(403);
    expect(await server.db.selectFrom('sync_discards').selectAll().execute()).toEqual([]);
  });

  it('refuses what is not a rejected change: applied 409, unknown 404, bad input 400', async () => {
    expect((await discard(cashier, 1)).body).toMatchObject({ error: 'not_rejected' });
    expect((await discard(cashier, 1)).status).toBe(409);
    expect((await discard(cashier, 99)).status).toBe(404);
    expect((await discard(cashier, 0)).status).toBe(400);
    expect(await server.db.selectFrom('sync_discards').selectAll().execute()).toEqual([]);
  });

  it('staff discard: the server records who, when, the mutation, its args and the rejection, once', async () => {
    const before = Date.now();
    const r = await discard(cashier, 2);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ clientId, mutationId: 2, discardedBy: { kind: 'staff', id: cashierId } });
    const rows = await server.db.selectFrom('sync_discards').selectAll().where('client_id', '=', clientId).execute();
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({
      name: 'transaction.add',
      args: payment,
      code: 'no_balance_due',
      discarded_by_kind: 'staff',
      discarded_by_id: cashierId,
    });
    expect(Number(row.mutation_id)).toBe(2);
    expect(new Date(row.device_at!).toISOString()).toBe('2026-11-20T08:00:00.000Z');
    expect(new Date(row.discarded_at).getTime()).toBeGreaterThanOrEqual(before - 1000);

    // A repeat (the device missed the reply) answers the recorded discard and writes nothing.
    const admin = await signedIn(server.url, 'admin', 'admin');
    const again = await discard(admin, 2, { discardedAt: '2026-11-21T08:00:00.000Z' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(r.body);
    expect(await server.db.selectFrom('sync_discards').selectAll().where('client_id', '=', clientId).execute()).toEqual(
      rows,
    );
  });
});

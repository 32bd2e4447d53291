/**
 * Who made a queued change (docs/decisions/sync.md "Staff tokens: who made a queued change"): a
 * staff sign-in that names its device gets a signed, expiring token bound to that device; the
 * device stamps it on what that staff member queues, and the push records THEM as the maker, with
 * their rights, whoever's staff session pushes it. A token not theirs, expired long ago, from
 * another device, of an inactive staff member, or pushed by a shopper is that change's refusal.
 */
import { randomUUID } from 'node:crypto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../../../src/contracts/protocol-version';
import { PartsdeskDb } from '../../../src/db/database';
import { ensureClientId } from '../../../src/db/meta';
import { SyncEngine } from '../../../sync/engine';
import { signStaffToken, STAFF_TOKEN_GRACE_MS } from '../../../server/services/session/staff-tokens';
import { testEngines } from '../../support/engines';
import { TestClient } from '../../support/http-client';
import { startSyncServer, type SyncTestServer } from './support/sync-server';

const DAY = 86_400_000;

describe.each(testEngines())('staff tokens on %s', (engine) => {
  let server: SyncTestServer;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    server = await startSyncServer(engine);
    const rows = await server.db.selectFrom('staff_users').select(['user_id', 'username']).execute();
    for (const r of rows) ids[r.username] = String(r.user_id);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A staff member signs in on device `deviceId`: their session and the token the server issued. */
  async function signIn(username: string, deviceId?: string) {
    const c = new TestClient(server.url);
    const r = await c.post('/api/session', { username, password: username, ...(deviceId ? { deviceId } : {}) });
    expect(r.status).toBe(200);
    c.csrfToken = r.body.csrfToken;
    return { client: c, token: r.body.staffToken?.token as string | undefined, user: r.body.user };
  }

  const push = (c: TestClient, clientId: string, mutations: object[]) =>
    c.post('/sync/push', { clientId, protocolVersion: PROTOCOL_VERSION, mutations });
  const at = () => new Date().toISOString();
  const secret = async () =>
    (
      await server.db
        .selectFrom('server_secrets')
        .select('value')
        .where('name', '=', 'staff_token')
        .executeTakeFirstOrThrow()
    ).value;
  const recorded = (clientId: string) =>
    server.db
      .selectFrom('sync_mutations')
      .select(['mutation_id', 'status', 'code', 'actor_id', 'pushed_by_id'])
      .where('client_id', '=', clientId)
      .orderBy('mutation_id')
      .execute();

  it("cashier2's offline sale, pushed after cashier signed in on the same tablet, is recorded as cashier2's", async () => {
    const db = new PartsdeskDb(`tokens-${engine}`, { indexedDB: new IDBFactory(), IDBKeyRange });
    const clientId = await ensureClientId(db, () => randomUUID());
    // The device's transport uses whoever's session the tablet holds now.
    let holder: TestClient | null = null;
    const device = new SyncEngine({
      db,
      pollMs: 0,
      transport: async (req) => {
        if (!holder) throw new Error('offline');
        const r = await holder.request(req.method, req.path, req.body);
        return { status: r.status, body: r.body };
      },
    });
    const second = await signIn('cashier2', clientId);
    expect(second.token).toMatch(/^v1\./);
    device.setSession({ id: second.user.id, role: second.user.role, token: second.token });
    // Offline: cashier2 sells, then signs out (the queue stays).
    const order = randomUUID();
    expect(await device.mutate('order.create', { id: order })).toMatchObject({ ok: true });

    const first = await signIn('cashier', clientId);
    holder = first.client;
    device.setSession({ id: first.user.id, role: first.user.role, token: first.token });
    const own = randomUUID();
    expect(await device.mutate('order.create', { id: own })).toMatchObject({ ok: true });
    expect(await device.syncNow()).toBe('ok');

    expect(await recorded(clientId)).toMatchObject([
      { mutation_id: '1', status: 'applied', actor_id: ids.cashier2, pushed_by_id: ids.cashier },
      { mutation_id: '2', status: 'applied', actor_id: ids.cashier, pushed_by_id: ids.cashier },
    ]);
    const sellers = await server.db
      .selectFrom('orders')
      .select(['id', 'cashier_id'])
      .where('id', 'in', [order, own])
      .execute();
    expect(Object.fromEntries(sellers.map((o) => [o.id, String(o.cashier_id)]))).toEqual({
      [order]: ids.cashier2,
      [own]: ids.cashier,
    });
  });

  it('issues tokens only to staff who name their device, and renews them on GET /api/session', async () => {
    expect((await signIn('cashier')).token).toBeUndefined();
    const deviceId = randomUUID();
    const shopper = new TestClient(server.url);
    const s = await shopper.post('/api/session', { username: 'shopper@example.com', password: 'shopper', deviceId });
    expect(s.status).toBe(200);
    expect(s.body.staffToken).toBeUndefined();
    const { client } = await signIn('installer', deviceId);
    const renewed = await client.get(`/api/session?deviceId=${deviceId}`);
    expect(renewed.body.staffToken.token).toMatch(/^v1\./);
    expect((await new TestClient(server.url).get(`/api/session?deviceId=${deviceId}`)).body.staffToken).toBeUndefined();
    expect((await client.get('/api/session?deviceId=not-a-uuid')).status).toBe(400);
  });

  it("refuses a token of another device, a forged one, one expired long ago, an inactive staff member's, and a shopper's push of one", async () => {
    const deviceA = randomUUID();
    const deviceB = randomUUID();
    const { token } = await signIn('cashier2', deviceA);
    const pusher = (await signIn('cashier', deviceB)).client;
    const key = await secret();
    const now = Date.now();
    const forged = signStaffToken('not-the-server-key-not-the-server-key', {
      staffId: ids.admin!,
      deviceId: deviceB,
      issuedAt: now,
      expiresAt: now + DAY,
    });
    const stale = (expiredAgo: number) =>
      signStaffToken(key, {
        staffId: ids.cashier2!,
        deviceId: deviceB,
        issuedAt: now - expiredAgo - 14 * DAY,
        expiresAt: now - expiredAgo,
      });
    const made = (t: string) => ({ id: ids.cashier2, role: 'cashier', token: t });
    const r = await push(pusher, deviceB, [
      { id: 1, name: 'order.create', args: { id: randomUUID() }, at: at(), madeBy: made(token!) },
      { id: 2, name: 'order.create', args: { id: randomUUID() }, at: at(), madeBy: made(forged) },
      { id: 3, name: 'order.create', args: { id: randomUUID() }, at: at(), madeBy: made(`${token!}x`) },
      {
        id: 4,
        name: 'order.create',
        args: { id: randomUUID() },
        at: at(),
        madeBy: made(stale(STAFF_TOKEN_GRACE_MS + DAY)),
      },
      // Expired, but within the grace: a sale made on the token's last day, pushed days later.
      { id: 5, name: 'order.create', args: { id: randomUUID() }, at: at(), madeBy: made(stale(2 * DAY)) },
    ]);
    expect(r.status).toBe(200);
    expect(r.body.results).toMatchObject([
      { id: 1, status: 'rejected', code: 'staff_token_invalid' },
      { id: 2, status: 'rejected', code: 'staff_token_invalid' },
      { id: 3, status: 'rejected', code: 'staff_token_invalid' },
      { id: 4, status: 'rejected', code: 'staff_token_expired' },
      { id: 5, status: 'applied' },
    ]);
    expect((await recorded(deviceB)).map((m) => m.actor_id)).toEqual([
      ids.cashier,
      ids.cashier,
      ids.cashier,
      ids.cashier,
      ids.cashier2,
    ]);

    // An inactive staff member's token attributes nothing.
    const deviceC = randomUUID();
    const gone = (await signIn('cashier2', deviceC)).token!;
    const other = (await signIn('admin', deviceC)).client;
    await server.db
      .updateTable('staff_users')
      .set({ status: false })
      .where('user_id', '=', Number(ids.cashier2))
      .execute();
    try {
      const g = await push(other, deviceC, [
        { id: 1, name: 'order.create', args: { id: randomUUID() }, at: at(), madeBy: made(gone) },
      ]);
      expect(g.body.results).toMatchObject([{ id: 1, status: 'rejected', code: 'staff_inactive' }]);
    } finally {
      await server.db
        .updateTable('staff_users')
        .set({ status: true })
        .where('user_id', '=', Number(ids.cashier2))
        .execute();
    }

    // A shopper's session never pushes a staff member's change.
    const deviceD = randomUUID();
    const staffToken = (await signIn('cashier', deviceD)).token!;
    const shopper = new TestClient(server.url);
    await shopper.login('shopper@example.com', 'shopper');
    const s = await push(shopper, deviceD, [
      {
        id: 1,
        name: 'order.create',
        args: { id: randomUUID() },
        at: at(),
        madeBy: { id: ids.cashier, role: 'cashier', token: staffToken },
      },
    ]);
    expect(s.body.results).toMatchObject([{ id: 1, status: 'rejected', code: 'forbidden' }]);
  });

  it("runs the change with its maker's rights: an installer's queued payment is refused under a cashier's session", async () => {
    const deviceId = randomUUID();
    const installer = (await signIn('installer', deviceId)).token!;
    const cashier = (await signIn('cashier', deviceId)).client;
    const order = randomUUID();
    const r = await push(cashier, deviceId, [
      {
        id: 1,
        name: 'order.create',
        args: { id: order },
        at: at(),
        madeBy: { id: ids.installer, role: 'installer', token: installer },
      },
      {
        id: 2,
        name: 'transaction.add',
        args: { order_ref: order, id: randomUUID(), transaction_type: 'cash', amount: '1.00' },
        at: at(),
        madeBy: { id: ids.installer, role: 'installer', token: installer },
      },
    ]);
    expect(r.body.results).toMatchObject([
      { id: 1, status: 'applied' },
      { id: 2, status: 'rejected', code: 'forbidden' },
    ]);
    // A change without a token (a client before tokens) still runs as the session user.
    const legacy = await push(cashier, deviceId, [
      { id: 3, name: 'order.create', args: { id: randomUUID() }, at: at() },
    ]);
    expect(legacy.body.results).toMatchObject([{ id: 3, status: 'applied' }]);
    expect((await recorded(deviceId)).map((m) => m.actor_id)).toEqual([ids.installer, ids.installer, ids.cashier]);
  });
});

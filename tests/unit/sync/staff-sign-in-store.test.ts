/**
 * The device side of staff tokens and offline sign-in (docs/decisions/sync.md "Offline staff
 * sign-in"): the verifier is PBKDF2 of the password (never the password), offline sign-in accepts the
 * right password within 14 days of the last online sign-in and refuses a wrong one, a stranger and a
 * stale record; a queued change carries its maker's token; the worker's renewal stores a new token
 * only for the staff member the server's session names.
 */
import { describe, expect, it } from 'vitest';
import type { SessionReply } from '../../../src/contracts/session';
import { setMeta } from '../../../src/db/meta';
import { staffTokenOf } from '../../../src/db/staff-sign-ins';
import { OFFLINE_SIGN_IN_MS, rememberStaffSignIn, signInOffline } from '../../../src/device/offline-sign-in';
import { SyncEngine } from '../../../sync/engine';
import { renewStaffTokenIfDue } from '../../../sync/staff-token-renewal';
import type { TransportRequest } from '../../../sync/transport';
import { freshDb, uuid } from './support';

const T0 = Date.parse('2026-11-01T09:00:00Z');
const DAY = 86_400_000;
const jordan = {
  id: '7',
  kind: 'staff' as const,
  username: 'cashier2',
  name: 'Jordan Blake',
  role: 'cashier' as const,
  locationId: 1,
};
const reply = (token = 'v1.first.mac'): SessionReply => ({
  user: jordan,
  csrfToken: 'csrf',
  staffToken: { token, expiresAt: new Date(T0 + 14 * DAY).toISOString() },
});

describe('offline staff sign-in (src/device/offline-sign-in.ts)', () => {
  it('stores a salted verifier and the token, never the password', async () => {
    const db = freshDb();
    await rememberStaffSignIn(db, 'hunter2-secret', reply(), T0);
    const [record] = await db.staffSignIns.toArray();
    expect(record).toMatchObject({ userId: '7', username: 'cashier2', token: 'v1.first.mac' });
    expect(record!.verifier!.iterations).toBeGreaterThanOrEqual(600_000);
    expect(JSON.stringify(record)).not.toContain('hunter2-secret');
    expect(await staffTokenOf(db, '7')).toBe('v1.first.mac');
  });

  it('signs in with the right password within the window, refuses a wrong one, a stranger and a stale record', async () => {
    const db = freshDb();
    await rememberStaffSignIn(db, 'pw', reply(), T0);
    expect(await signInOffline(db, ' CASHIER2 ', 'pw', T0 + DAY)).toEqual({ ok: true, user: jordan });
    expect(await signInOffline(db, 'cashier2', 'pW', T0 + DAY)).toEqual({ ok: false, reason: 'wrong' });
    expect(await signInOffline(db, 'admin', 'pw', T0 + DAY)).toEqual({ ok: false, reason: 'unknown' });
    expect(await signInOffline(db, 'cashier2', 'pw', T0 + OFFLINE_SIGN_IN_MS + 1)).toEqual({
      ok: false,
      reason: 'unknown',
    });
  });

  it('a shopper or a reply without a token stores nothing', async () => {
    const db = freshDb();
    await rememberStaffSignIn(db, 'pw', { user: jordan, csrfToken: 'c' }, T0);
    await rememberStaffSignIn(db, 'pw', { ...reply(), user: { ...jordan, kind: 'customer', role: 'customer' } }, T0);
    expect(await db.staffSignIns.count()).toBe(0);
  });
});

describe('staff tokens on queued changes', () => {
  it("a queued change carries its maker's token to the push, and the journal keeps it", async () => {
    const db = freshDb();
    const pushed: unknown[] = [];
    const engine = new SyncEngine({
      db,
      pollMs: 0,
      transport: (req: TransportRequest) => {
        if (req.method === 'GET')
          return Promise.resolve({ status: 200, body: { cookie: 0, lastMutationId: 1, changes: [], more: false } });
        const ms = (req.body as { mutations: { id: number; madeBy: unknown }[] }).mutations;
        pushed.push(...ms.map((m) => m.madeBy));
        return Promise.resolve({
          status: 200,
          body: { lastMutationId: 1, results: ms.map((m) => ({ id: m.id, status: 'applied' })) },
        });
      },
    });
    engine.setSession({ id: '7', role: 'cashier', token: 'v1.jordan.mac' });
    expect(await engine.mutate('order.create', { id: uuid() })).toMatchObject({ ok: true });
    expect((await db.outbox.toArray())[0]).toMatchObject({
      actor: { id: '7', role: 'cashier' },
      token: 'v1.jordan.mac',
    });
    await engine.syncNow();
    expect(pushed).toEqual([{ id: '7', role: 'cashier', token: 'v1.jordan.mac' }]);
    expect((await db.journal.toArray())[0]).toMatchObject({ token: 'v1.jordan.mac' });
  });
});

describe('staff token renewal (sync/staff-token-renewal.ts)', () => {
  const answer = (user: typeof jordan | null, token: string) => (req: TransportRequest) => {
    calls.push(req.path);
    return Promise.resolve({
      status: 200,
      body: { user, csrfToken: 'c', staffToken: { token, expiresAt: new Date(T0 + 15 * DAY).toISOString() } },
    });
  };
  let calls: string[] = [];

  it('renews a day-old token for the session staff member only, and not a fresh one', async () => {
    calls = [];
    const db = freshDb();
    const clientId = uuid();
    await setMeta(db, 'clientId', clientId);
    await rememberStaffSignIn(db, 'pw', reply(), T0);
    expect(await renewStaffTokenIfDue(db, answer(jordan, 'v1.new.mac'), '7', T0 + 60_000)).toBeNull();
    expect(calls).toEqual([]);
    expect(
      await renewStaffTokenIfDue(db, answer({ ...jordan, id: '2' }, 'v1.other.mac'), '7', T0 + 2 * DAY),
    ).toBeNull();
    expect(await staffTokenOf(db, '7')).toBe('v1.first.mac');
    expect(await renewStaffTokenIfDue(db, answer(jordan, 'v1.new.mac'), '7', T0 + 2 * DAY)).toBe('v1.new.mac');
    expect(calls.at(-1)).toBe(`/api/session?deviceId=${clientId}`);
    expect(await staffTokenOf(db, '7')).toBe('v1.new.mac');
    expect((await db.staffSignIns.get('7'))?.verifier).toBeDefined();
  });
});

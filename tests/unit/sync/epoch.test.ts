import { describe, expect, it } from 'vitest';
import { pullReplySchema, type RowChange } from '../../../src/contracts/sync-pull';
import { pushReplySchema } from '../../../src/contracts/sync-push';
import { getMeta, setMeta } from '../../../src/db/meta';
import { defaultStoreSettings } from '../../../src/domain/settings';
import { SyncEngine } from '../../../sync/engine';
import { mutate } from '../../../sync/outbox';
import { pushOnce } from '../../../sync/push';
import { domainRegistry } from '../../../sync/registry';
import type { TransportRequest } from '../../../sync/transport';
import { at, freshDb, page, productIds, scripted, staff, uuid } from './support';

/** The server epoch (docs/decisions/server.md "Server epoch, restore and retry"). */
const E1 = '0b6f3f4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
const E2 = '7d8e9fa0-b1c2-4d3e-9f40-5a6b7c8d9e0f';
const now = () => Date.parse(at(0));
const ids = (req: TransportRequest) => (req.body as { mutations: { id: number }[] }).mutations.map((m) => m.id);
const applied = (last: number, epoch?: string) => (req: TransportRequest) => ({
  status: 200,
  body: {
    lastMutationId: last,
    results: ids(req).map((id) => ({ id, status: 'applied' })),
    ...(epoch ? { epoch } : {}),
  },
});
const product = (id: number, version: number): RowChange => ({
  table: 'products',
  key: String(id),
  version,
  row: { product_id: id, name: `P${id}`, price: '1.00' },
});
const cookieOf = (req: TransportRequest) => Number(/cookie=(\d+)/.exec(req.path)?.[1]);

async function queue(n: number) {
  const db = freshDb();
  for (let i = 0; i < n; i++)
    await mutate(db, domainRegistry, {
      name: 'order.create',
      args: { id: uuid() },
      actor: staff,
      now: at(i),
      settings: defaultStoreSettings,
    });
  return db;
}

function device(handlers: Parameters<typeof scripted>[0]) {
  const db = freshDb();
  const transport = scripted(handlers);
  const engine = new SyncEngine({ db, transport, pollMs: 0, mintId: uuid, clock: now, env: { online: () => true } });
  engine.setSession(staff);
  return { db, transport, engine };
}

describe('server epoch', () => {
  it('older replies without an epoch still parse, and newer ones carry it', () => {
    expect(pushReplySchema.parse({ lastMutationId: 0, results: [] })).toEqual({ lastMutationId: 0, results: [] });
    expect(pullReplySchema.parse({ cookie: 1, lastMutationId: 0, changes: [], more: false, epoch: E1 }).epoch).toBe(E1);
  });

  it('the first epoch is only remembered; a reply without one changes nothing', async () => {
    const db = await queue(2);
    await pushOnce(db, scripted([applied(2, E1)]), uuid(), now);
    expect(await getMeta(db, 'epoch')).toBe(E1);
    expect(await getMeta(db, 'fullSync')).toBe(false);
    await mutate(db, domainRegistry, {
      name: 'order.create',
      args: { id: uuid() },
      actor: staff,
      now: at(5),
      settings: defaultStoreSettings,
    });
    await pushOnce(db, scripted([applied(3)]), uuid(), now);
    expect(await getMeta(db, 'epoch')).toBe(E1);
    expect(await getMeta(db, 'fullSync')).toBe(false);
  });

  it('a new epoch in a push reply forces a full sync although lastMutationId shows no loss (nothing was acknowledged)', async () => {
    const db = await queue(1);
    await setMeta(db, 'epoch', E1);
    await setMeta(db, 'cookie', 500);
    await pushOnce(db, scripted([applied(1, E2)]), uuid(), now);
    expect(await getMeta(db, 'epoch')).toBe(E2);
    expect(await getMeta(db, 'fullSync')).toBe(true);
    expect(await getMeta(db, 'resendFrom')).toBeNull();
  });

  it('a new epoch with a lower counter also starts the resend from the journal', async () => {
    const db = await queue(3);
    await pushOnce(db, scripted([applied(3, E1)]), uuid(), now);
    await mutate(db, domainRegistry, {
      name: 'order.create',
      args: { id: uuid() },
      actor: staff,
      now: at(5),
      settings: defaultStoreSettings,
    });
    // The restored server has 1 only: it refuses 4 as a gap, with its new epoch.
    const gap = () => ({
      status: 409,
      body: { error: 'mutation_gap', message: 'gap', expected: 2, lastMutationId: 1, epoch: E2 },
    });
    const t = scripted([gap, applied(4, E2)]);
    await pushOnce(db, t, uuid(), now);
    expect(await getMeta(db, 'resendFrom')).toBe(2);
    expect(await getMeta(db, 'fullSync')).toBe(true);
    await pushOnce(db, t, uuid(), now);
    expect(ids(t.calls[1]!)).toEqual([2, 3, 4]);
    expect(await getMeta(db, 'resendFrom')).toBeNull();
  });

  it('a new epoch on a pull page: the engine pulls again from 0 and drops the rows of the replaced history', async () => {
    const { db, transport, engine } = device([
      () => page(10, [product(1, 10)], false, 0, { epoch: E1 }),
      () => page(12, [product(2, 12)], false, 0, { epoch: E2 }),
      () => page(4, [product(3, 4)], false, 0, { epoch: E2 }),
    ]);
    expect(await engine.syncNow()).toBe('ok');
    expect(await getMeta(db, 'fullSync')).toBe(false);
    expect(await engine.syncNow()).toBe('ok');
    expect(await getMeta(db, 'fullSync')).toBe(true);
    expect(await engine.syncNow()).toBe('ok');
    expect(transport.calls.map(cookieOf)).toEqual([0, 10, 0]);
    expect(await productIds(db)).toEqual(['3']);
    expect(await getMeta(db, 'cookie')).toBe(4);
    expect(await getMeta(db, 'fullSync')).toBe(false);
  });

  it('a new epoch in the push reply makes the same cycle pull from 0, keeping the pending change on top', async () => {
    const { db, transport, engine } = device([
      () => page(40, [product(1, 40)], false, 0, { epoch: E1 }),
      applied(1, E2),
      () => page(3, [product(9, 3)], false, 1, { epoch: E2 }),
    ]);
    await engine.syncNow();
    await engine.mutate('order.create', { id: uuid() });
    expect(await engine.syncNow()).toBe('ok');
    expect(transport.calls.map((c) => (c.method === 'GET' ? cookieOf(c) : 'push'))).toEqual([0, 'push', 0]);
    expect(await productIds(db)).toEqual(['9']);
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../../../src/contracts/protocol-version';
import { pullReplySchema, type PullReply } from '../../../src/contracts/sync-pull';
import { pushReplySchema } from '../../../src/contracts/sync-push';
import { testEngines } from '../../support/engines';
import type { TestClient } from '../../support/http-client';
import { signedIn, startSyncServer, type SyncTestServer } from './support/sync-server';

describe.each(testEngines())('device prefix on %s', (engine) => {
  let server: SyncTestServer;
  let cashier: TestClient;
  let shopper: TestClient;

  async function pull(c: TestClient, clientId: string, claim?: string): Promise<PullReply> {
    const r = await c.get(`/sync/pull?clientId=${clientId}&cookie=999999999&limit=1${claim ? `&prefix=${claim}` : ''}`);
    expect(r.status).toBe(200);
    return pullReplySchema.parse(r.body);
  }
  const push = (
    c: TestClient,
    clientId: string,
    mutations: { id: number; name: string; args: unknown }[],
    devicePrefix?: string,
  ) =>
    c.post('/sync/push', {
      clientId,
      protocolVersion: PROTOCOL_VERSION,
      mutations: mutations.map((m) => ({ ...m, at: new Date().toISOString() })),
      ...(devicePrefix ? { devicePrefix } : {}),
    });

  beforeAll(async () => {
    server = await startSyncServer(engine);
    cashier = await signedIn(server.url, 'cashier', 'cashier');
    shopper = await signedIn(server.url, 'shopper@example.com', 'shopper');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('gives each device its own prefix once, on its first pull, and repeats it on every pull and push', async () => {
    const a = randomUUID();
    const b = randomUUID();
    const first = (await pull(cashier, a)).devicePrefix;
    expect(first).toMatch(/^C\d+$/);
    expect((await pull(cashier, a)).devicePrefix).toBe(first);
    const other = (await pull(cashier, b)).devicePrefix;
    expect(other).toMatch(/^C\d+$/);
    expect(other).not.toBe(first);
    const r = await push(cashier, a, []);
    expect(pushReplySchema.parse(r.body).devicePrefix).toBe(first);
    // A device cannot take over another's prefix by claiming it.
    expect((await pull(cashier, a, other)).devicePrefix).toBe(first);
  });

  it('a device a restored server forgot gets its own prefix back; a claim someone holds gets a new one', async () => {
    const restored = randomUUID();
    expect((await pull(cashier, restored, 'C9000')).devicePrefix).toBe('C9000');
    const rival = randomUUID();
    const r = await push(cashier, rival, [], 'C9000');
    const given = pushReplySchema.parse(r.body).devicePrefix;
    expect(given).toMatch(/^C\d+$/);
    expect(given).not.toBe('C9000');
  });

  it("does not hand a staff device's prefix to another account", async () => {
    const staffDevice = randomUUID();
    await pull(cashier, staffDevice);
    expect((await pull(shopper, staffDevice)).devicePrefix).toBeUndefined();
  });

  it('keeps both orders when two devices used the same reference, and a replayed push changes nothing', async () => {
    const one = randomUUID();
    const two = randomUUID();
    const orderA = randomUUID();
    const orderB = randomUUID();
    const create = (id: string) => ({ id: 1, name: 'order.create', args: { id, device_ref: 'X00AB12-0001' } });
    expect((await push(cashier, one, [create(orderA)])).body).toMatchObject({ results: [{ status: 'applied' }] });
    expect((await push(cashier, two, [create(orderB)])).body).toMatchObject({ results: [{ status: 'applied' }] });
    expect((await push(cashier, two, [create(orderB)])).body).toMatchObject({
      results: [{ status: 'skipped', was: 'applied' }],
    });
    const rows = await server.db
      .selectFrom('orders')
      .select(['id', 'device_ref'])
      .where('id', 'in', [orderA, orderB])
      .execute();
    const ref = new Map(rows.map((o) => [o.id, o.device_ref]));
    expect(ref.get(orderA)).toBe('X00AB12-0001');
    expect(ref.get(orderB)).toBe(`X00AB12-0001-${orderB.slice(-4).toUpperCase()}`);
  });

  it('refuses a malformed prefix claim in a push with a 400, changing nothing', async () => {
    const r = await push(cashier, randomUUID(), [], 'c-2; drop');
    expect(r.status).toBe(400);
  });
});

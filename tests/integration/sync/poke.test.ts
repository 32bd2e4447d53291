/**
 * GET /sync/poke (docs/decisions/sync.md "Poke"): a push by one device reaches another device's
 * stream as "changed at version V", V covering the change; heartbeats; staff only; the per-process
 * cap and the one-stream-per-device rule; streams end when the app closes. On PostgreSQL, two app
 * instances on one database: a push on one pokes a stream held by the other (LISTEN/NOTIFY).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../../../src/contracts/protocol-version';
import type { PullReply } from '../../../src/contracts/sync-pull';
import { copyTemplate, testEngines, type TestDatabaseConfig } from '../../support/engines';
import { TestClient } from '../../support/http-client';
import { openPokes } from './support/poke-stream';
import { serveDatabase, signedIn, startSyncServer, type SyncTestServer } from './support/sync-server';

const pushOrder = (c: TestClient, clientId: string, id: number, order: string) =>
  c.post('/sync/push', {
    clientId,
    protocolVersion: PROTOCOL_VERSION,
    mutations: [{ id, name: 'order.create', args: { id: order }, at: new Date().toISOString() }],
  });

async function pulledKeys(c: TestClient, cookie: number): Promise<string[]> {
  const r = (await c.get(`/sync/pull?clientId=${randomUUID()}&cookie=${cookie}&limit=1000`)).body as PullReply;
  return r.changes.filter((ch) => ch.table === 'orders').map((ch) => ch.key);
}

describe.each(testEngines())('poke streams on %s', (engine) => {
  let server: SyncTestServer & { close(): Promise<void> };
  let a: TestClient;
  let b: TestClient;

  beforeAll(async () => {
    server = await startSyncServer(engine, { poke: { heartbeatMs: 100, maxStreams: 3 } });
    a = await signedIn(server.url, 'cashier', 'cashier');
    b = await signedIn(server.url, 'admin', 'admin');
  });
  afterAll(async () => {
    await server?.close();
  });

  it("a push by device A pokes device B's stream with a version that covers the change", async () => {
    const pokes = await openPokes(server.url, b, randomUUID());
    try {
      expect(pokes.status).toBe(200);
      const head = await pokes.next(() => true);
      const order = randomUUID();
      const r = await pushOrder(a, randomUUID(), 1, order);
      expect(r.body.results[0].status).toBe('applied');
      const v = await pokes.next((x) => x > head);
      // Pulling from the old cookie brings the order; from V, nothing of it is left to pull.
      expect(await pulledKeys(b, head)).toContain(order);
      expect(await pulledKeys(b, v)).not.toContain(order);
      // Heartbeats come every 100 ms; a quick machine gets here sooner, so wait for the first.
      await expect.poll(() => pokes.comments).toBeGreaterThan(0);
    } finally {
      pokes.close();
    }
  });

  it('only staff devices get a stream, for a well-formed device id', async () => {
    const shopper = await signedIn(server.url, 'shopper@example.com', 'shopper');
    const guest = new TestClient(server.url);
    expect((await openPokes(server.url, shopper, randomUUID())).status).toBe(403);
    expect((await openPokes(server.url, guest, randomUUID())).status).toBe(401);
    expect((await openPokes(server.url, b, 'not-a-uuid')).status).toBe(400);
  });

  it("a device's new stream replaces its old one, and the cap refuses more streams with 503", async () => {
    const device = randomUUID();
    const first = await openPokes(server.url, b, device);
    const again = await openPokes(server.url, b, device);
    await first.ended; // the server ended the replaced stream
    const others = [await openPokes(server.url, b, randomUUID()), await openPokes(server.url, b, randomUUID())];
    const over = await openPokes(server.url, b, randomUUID());
    expect([first.status, again.status, ...others.map((o) => o.status)]).toEqual([200, 200, 200, 200]);
    expect(over.status).toBe(503);
    for (const s of [again, ...others]) s.close();
    // A closed stream frees its place (the server hears the close a moment later).
    await expect
      .poll(
        async () => {
          const s = await openPokes(server.url, b, randomUUID());
          s.close();
          return s.status;
        },
        { timeout: 10_000 },
      )
      .toBe(200);
  });

  it("another staff member naming this device's id gets a stream of their own, which does not end this one", async () => {
    const device = randomUUID();
    // The test before this one filled the cap (3); its streams free their places a moment after closing.
    const whenFree = async (c: TestClient) => {
      let reader = await openPokes(server.url, c, device);
      for (let i = 0; reader.status === 503 && i < 100; i++) {
        await new Promise((r) => setTimeout(r, 100));
        reader = await openPokes(server.url, c, device);
      }
      return reader;
    };
    const mine = await whenFree(a);
    const theirs = await whenFree(b);
    try {
      expect([mine.status, theirs.status]).toEqual([200, 200]);
      const head = await mine.next(() => true);
      expect((await pushOrder(a, randomUUID(), 1, randomUUID())).body.results[0].status).toBe('applied');
      // Still open: the push's poke reaches the stream the other session's request did not replace.
      expect(await mine.next((v) => v > head)).toBeGreaterThan(head);
      expect(await theirs.next((v) => v > head)).toBeGreaterThan(head);
    } finally {
      mine.close();
      theirs.close();
    }
  });
});

describe.runIf(testEngines().includes('postgres'))('poke across two server processes on PostgreSQL', () => {
  let cfg: TestDatabaseConfig;
  let one: SyncTestServer;
  let two: SyncTestServer;

  beforeAll(async () => {
    cfg = await copyTemplate('postgres');
    one = await serveDatabase(cfg);
    two = await serveDatabase(cfg);
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await cfg?.cleanup();
  });

  it('a push on instance one pokes a stream held by instance two, with the new version', async () => {
    const a = await signedIn(one.url, 'cashier', 'cashier');
    const b = await signedIn(two.url, 'admin', 'admin');
    const pokes = await openPokes(two.url, b, randomUUID());
    try {
      const head = await pokes.next(() => true);
      // Instance two LISTENs before it serves (server/app.ts onReady): the NOTIFY cannot pass it by.
      const order = randomUUID();
      const r = await pushOrder(a, randomUUID(), 1, order);
      expect(r.body.results[0].status).toBe('applied');
      const v = await pokes.next((x) => x > head);
      expect(await pulledKeys(b, head)).toContain(order);
      expect(await pulledKeys(b, v)).not.toContain(order);
    } finally {
      pokes.close();
    }
  });

  it('closing the app ends its open streams', async () => {
    const b = await signedIn(two.url, 'admin', 'admin');
    const pokes = await openPokes(two.url, b, randomUUID());
    await pokes.next(() => true);
    await two.close();
    await pokes.ended;
    two = await serveDatabase(cfg);
  });
});

/**
 * Real concurrency (PostgreSQL runs these transactions in parallel; PGlite serialises them):
 * pushes from many devices race a device that keeps pulling, and duplicated pushes from one device
 * race each other. Nothing may be lost between pull pages (the version horizon) and nothing
 * applied twice (the client row lock).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../../../src/contracts/protocol-version';
import type { PullReply } from '../../../src/contracts/sync-pull';
import { testEngines } from '../../support/engines';
import type { TestClient } from '../../support/http-client';
import { signedIn, startSyncServer, type SyncTestServer } from './support/sync-server';

describe.each(testEngines())('sync under concurrency on %s', (engine) => {
  let server: SyncTestServer;
  let staff: TestClient[];

  beforeAll(async () => {
    server = await startSyncServer(engine);
    staff = await Promise.all(
      [
        ['cashier', 'cashier'],
        ['cashier2', 'cashier2'],
        ['admin', 'admin'],
      ].map(([u, p]) => signedIn(server.url, u!, p!)),
    );
  });
  afterAll(async () => {
    await server?.close();
  });

  const push = (c: TestClient, clientId: string, from: number, orders: string[]) =>
    c.post('/sync/push', {
      clientId,
      protocolVersion: PROTOCOL_VERSION,
      mutations: orders.map((id, i) => ({
        id: from + i,
        name: 'order.create',
        args: { id },
        at: new Date().toISOString(),
      })),
    });

  it('a pull running alongside many pushes misses no row', async () => {
    const reader = randomUUID();
    let cookie = (await staff[0]!.get(`/sync/pull?clientId=${reader}&cookie=0&limit=5000`)).body.cookie as number;
    const seen = new Set<string>();
    let writing = true;
    const pulling = (async () => {
      while (writing) {
        const r = (await staff[0]!.get(`/sync/pull?clientId=${reader}&cookie=${cookie}&limit=7`)).body as PullReply;
        for (const c of r.changes) if (c.table === 'orders') seen.add(c.key);
        cookie = r.cookie;
      }
    })();
    const created: string[] = [];
    await Promise.all(
      Array.from({ length: 8 }, async (_, device) => {
        const clientId = randomUUID();
        for (let batch = 0; batch < 5; batch++) {
          const ids = [randomUUID(), randomUUID(), randomUUID()];
          created.push(...ids);
          const r = await push(staff[device % 3]!, clientId, batch * 3 + 1, ids);
          expect(r.status).toBe(200);
        }
      }),
    );
    writing = false;
    await pulling;
    for (;;) {
      const r = (await staff[0]!.get(`/sync/pull?clientId=${reader}&cookie=${cookie}&limit=50`)).body as PullReply;
      for (const c of r.changes) if (c.table === 'orders') seen.add(c.key);
      cookie = r.cookie;
      if (!r.more) break;
    }
    expect(created.filter((id) => !seen.has(id))).toEqual([]);
  });

  it('duplicated pushes from one device racing each other apply each mutation once', async () => {
    const clientId = randomUUID();
    const order = randomUUID();
    const c = staff[0]!;
    await push(c, clientId, 1, [order]);
    const pay = Array.from({ length: 6 }, (_, i) => ({
      id: i + 2,
      name: 'cart.addCustomProduct',
      args: {
        order_ref: order,
        line_id: randomUUID(),
        name: `Part ${i}`,
        price: '10.00',
        quantity: 1,
        tax_class_id: null,
      },
      at: new Date().toISOString(),
    }));
    const replies = await Promise.all(
      Array.from({ length: 5 }, () =>
        c.post('/sync/push', { clientId, protocolVersion: PROTOCOL_VERSION, mutations: pay }),
      ),
    );
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const o = await server.db
      .selectFrom('orders')
      .select(['order_total', 'total_items'])
      .where('id', '=', order)
      .executeTakeFirstOrThrow();
    expect(o).toEqual({ order_total: '60.00', total_items: 6 });
    const recorded = await server.db
      .selectFrom('sync_mutations')
      .select('mutation_id')
      .where('client_id', '=', clientId)
      .orderBy('seq')
      .execute();
    expect(recorded.map((r) => Number(r.mutation_id))).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});

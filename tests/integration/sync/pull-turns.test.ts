/**
 * A storm of pulls does not hold up the rest of the server (server/sync/pull-gate.ts,
 * server/db/pglite-turns.ts; docs/decisions/sync.md "First-sync storm latency"): with thirty pull
 * pages asked at once, /healthz and a push are answered before the last page, on each engine. Before,
 * PGlite queued them behind every page's transaction and PostgreSQL behind every page waiting for a
 * pool connection.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../../../src/contracts/protocol-version';
import { DEVICE_SCHEMA } from '../../../src/db/database';
import { PullService } from '../../../server/sync/pull-service';
import { testEngines } from '../../support/engines';
import type { TestClient } from '../../support/http-client';
import { signedIn, startSyncServer, type SyncTestServer } from './support/sync-server';

describe.each(testEngines())('pulls take turns on %s', (engine) => {
  let server: SyncTestServer;
  let cashier: TestClient;

  beforeAll(async () => {
    server = await startSyncServer(engine);
    cashier = await signedIn(server.url, 'cashier', 'cashier');
  });
  afterAll(() => server?.close());

  it('answers /healthz and a push before the last of thirty pull pages', async () => {
    const pulls = new PullService(server.db);
    const events: string[] = [];
    const pages = Array.from({ length: 30 }, (_, i) =>
      pulls
        .pull(
          { clientId: randomUUID(), cookie: 0, limit: 500, pack: '1', schema: DEVICE_SCHEMA },
          {
            kind: 'staff',
            role: 'cashier',
          },
        )
        .then(() => events.push(`page ${i}`)),
    );
    const health = server.app.inject({ method: 'GET', url: '/healthz' }).then((r) => {
      expect(r.statusCode).toBe(200);
      events.push('healthz');
    });
    const push = cashier
      .post('/sync/push', {
        clientId: randomUUID(),
        protocolVersion: PROTOCOL_VERSION,
        mutations: [{ id: 1, name: 'order.create', args: { id: randomUUID() }, at: new Date().toISOString() }],
      })
      .then((r) => {
        expect(r.status).toBe(200);
        events.push('push');
      });
    await Promise.all([...pages, health, push]);
    expect(events.indexOf('healthz')).toBeLessThan(events.indexOf('page 29'));
    expect(events.indexOf('push')).toBeLessThan(events.indexOf('page 29'));
  });
});

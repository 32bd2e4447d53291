/**
 * The route × role matrix, generated from the router itself: every registered Fastify route and
 * every `index.php?route=` value, called by each role (anonymous, shopper, another shopper, cashier,
 * installer, admin, kiosk device). The expected status of each pair is in ./route-matrix.table.ts;
 * a route without an entry fails the suite, so a new route must state who may call it.
 * MATRIX_DUMP=1 prints what the server answered (to write a new entry; review it before copying).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredRoutes } from '../../../server/app';
import { indexPhpRoutes } from '../../../server/http/index-php';
import { startTestServer, type TestServer } from '../../support/app-server';
import { testEngines } from '../../support/engines';
import type { TestClient } from '../../support/http-client';
import { call, MATRIX_ROLES, signInAll, type MatrixRole } from './matrix-support';
import { expectedStatus, MATRIX, type MatrixEntry } from './route-matrix.table';

interface Case {
  key: string;
  method: string;
  path: string;
  entry: MatrixEntry | undefined;
}

function casesOf(server: TestServer): Case[] {
  const cases: Case[] = [];
  for (const r of registeredRoutes(server.app)) {
    const key = `${r.method} ${r.url}`;
    const entry = MATRIX[key];
    cases.push({ key, method: r.method, path: entry?.path ?? r.url, entry });
  }
  for (const r of indexPhpRoutes(server.app)) {
    const value = typeof r.route === 'string' ? r.route : r.route.source;
    const key = `${r.method} /index.php?route=${value}`;
    const entry = MATRIX[key];
    cases.push({ key, method: r.method, path: entry?.path ?? `/index.php?route=${value}`, entry });
  }
  return cases;
}

describe.each(testEngines())('route × role matrix on %s', (engine) => {
  let server: TestServer;
  let clients: Record<MatrixRole, TestClient>;
  beforeAll(async () => {
    server = await startTestServer(engine);
    clients = await signInAll(server.url);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('every route and index.php value has an entry, and no entry is left without a route', () => {
    const cases = casesOf(server);
    const missing = cases.filter((c) => !c.entry).map((c) => c.key);
    expect(missing, 'routes without an entry in route-matrix.table.ts').toEqual([]);
    const known = new Set(cases.map((c) => c.key));
    expect(
      Object.keys(MATRIX).filter((k) => !known.has(k)),
      'entries without a route',
    ).toEqual([]);
  });

  it('every route answers every role as the table says (no unexpected 2xx)', async () => {
    const dumping = Boolean(process.env.MATRIX_DUMP);
    const cases = casesOf(server)
      .map((c) => (c.entry || !dumping ? c : { ...c, entry: { who: 'all' as const, ok: 0 } }))
      .filter((c) => c.entry);
    const dump: Record<string, Record<string, number>> = {};
    const wrong: string[] = [];
    let tested = 0;
    let unexpected2xx = 0;
    // Calls that end a session run last for each role, and the role signs in again after.
    const ordered = [...cases].sort(
      (a, b) => Number(a.entry!.endsSession ?? false) - Number(b.entry!.endsSession ?? false),
    );
    for (const c of ordered) {
      for (const role of MATRIX_ROLES) {
        const r = await call(clients[role], c.method, c.path, c.entry!.body);
        tested++;
        (dump[c.key] ??= {})[role] = r.status;
        const want = expectedStatus(c.entry!, role);
        if (r.status !== want) {
          wrong.push(`${c.key} as ${role}: ${r.status} (want ${want}) ${JSON.stringify(r.body).slice(0, 160)}`);
          if (r.status >= 200 && r.status < 300) unexpected2xx++;
        }
      }
      if (c.entry!.endsSession) clients = await signInAll(server.url);
    }
    if (process.env.MATRIX_DUMP) console.log(JSON.stringify(dump, null, 1));
    console.log(
      `route × role matrix (${engine}): ${cases.length} routes × ${MATRIX_ROLES.length} roles = ${tested} calls, ${unexpected2xx} unexpected 2xx`,
    );
    expect(wrong).toEqual([]);
    expect(unexpected2xx).toBe(0);
  });
});

/**
 * HTTP fuzzing: every route that reads a body or a query through a zod contract gets
 * FUZZ_RUNS invalid inputs per run (fast-check, a fixed seed per route so a failure replays;
 * 50 in `npm test` to keep CI inside its time budget, 500 in `npm run test:soak`),
 * sent as a caller the route lets in (so the contract, not the door, answers). Goal: 0 answers of
 * 5xx. The routes come from the router itself (as the route × role matrix), so a new route is fuzzed
 * without a line here.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredRoutes } from '../../../server/app';
import { indexPhpRoutes } from '../../../server/http/index-php';
import { startTestServer, type TestServer } from '../../support/app-server';
import { testEngines } from '../../support/engines';
import type { TestClient } from '../../support/http-client';
import { MATRIX_ROLES, signInAs, type MatrixRole } from './matrix-support';
import { MATRIX } from './route-matrix.table';

const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 15);

/** Text a contract must refuse or bound: NUL, lone surrogates, huge, numeric edge cases, injection-looking. */
const nasty = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\ud800',
    'x'.repeat(20_000),
    '99999999999',
    '2147483648',
    '-1',
    '1e308',
    'NaN',
    '0x10',
    "'; drop table orders; --",
    '../../etc/passwd',
    '__proto__',
    'constructor',
  ),
);
const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  v: fc.oneof(
    { depthSize: 'small' },
    nasty,
    fc.integer(),
    fc.double(),
    fc.constantFrom(2147483648, -2147483649, Number.MAX_SAFE_INTEGER, 1e300, -0),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('v'), { maxLength: 3 }),
    fc.dictionary(
      fc.oneof(
        fc.string({ maxLength: 12 }),
        fc.constantFrom(
          'id',
          'key',
          'orderId',
          'order_id',
          'product_id',
          'quantity',
          'amount',
          'transaction',
          'token',
          'card',
          'price',
          'name',
        ),
      ),
      tie('v'),
      { maxKeys: 4 },
    ),
  ),
})).v;
const body = fc.oneof(
  value,
  fc.dictionary(
    fc.constantFrom(
      'id',
      'key',
      'orderId',
      'order_id',
      'product_id',
      'quantity',
      'amount',
      'transaction',
      'token',
      'card',
      'newPrice',
      'laborTime',
      'name',
      'comment',
      'username',
      'password',
      'email',
      'customer_id',
      'products',
      'mutations',
      'clientId',
    ),
    value,
    { maxKeys: 6 },
  ),
);
const query = fc.dictionary(
  fc.constantFrom(
    'order_id',
    'orderId',
    'id',
    'page',
    'limit',
    'search',
    'token',
    'transactionId',
    'attemptId',
    's',
    'series_id',
    'route',
    'year',
    'make',
    'model',
  ),
  nasty,
  { maxKeys: 4 },
);

interface Target {
  key: string;
  method: string;
  path: string;
  as: MatrixRole;
}

/** A role the route lets in, preferring staff (most routes) then a shopper. */
function callerOf(key: string): MatrixRole | null {
  const who = MATRIX[key]?.who;
  if (who === undefined) return null;
  if (who === 'all') return 'admin';
  for (const role of ['admin', 'cashier', 'shopper', 'guest'] as const) if (who.includes(role)) return role;
  return who[0] ?? null;
}

describe.each(testEngines())('HTTP fuzzing on %s', (engine) => {
  let server: TestServer;
  const clients = {} as Record<MatrixRole, TestClient>;
  beforeAll(async () => {
    server = await startTestServer(engine);
    for (const role of MATRIX_ROLES) clients[role] = await signInAs(server.url, role);
  });
  afterAll(async () => {
    await server?.close();
  });

  it(`every zod-validated route: ${FUZZ_RUNS} invalid inputs each, 0 answers of 5xx`, async () => {
    const targets: Target[] = [];
    for (const r of registeredRoutes(server.app)) {
      const key = `${r.method} ${r.url}`;
      // Signing out ends the callers' sessions; the SSE stream holds its socket (its query is fuzzed through the plain GET).
      if (
        r.method === 'DELETE' ||
        key === 'GET /pos/checkout/cardPayment/events' ||
        key === 'GET /' ||
        key.startsWith('GET /index.php') ||
        key.startsWith('POST /index.php')
      )
        continue;
      const as = callerOf(key);
      if (as) targets.push({ key, method: r.method, path: (MATRIX[key]?.path ?? r.url).split('?')[0]!, as });
    }
    for (const r of indexPhpRoutes(server.app)) {
      const value = typeof r.route === 'string' ? r.route : 'checkout/voucher/remove';
      const key = `${r.method} /index.php?route=${typeof r.route === 'string' ? r.route : r.route.source}`;
      const as = callerOf(key);
      if (as) targets.push({ key, method: r.method, path: `/index.php?route=${value}`, as });
    }
    let requests = 0;
    const fives: string[] = [];
    const started = Date.now();
    // Routes run 8 at a time (argon2 in login and register works on libuv's threads).
    const fuzzRoute = async (t: Target, n: number) => {
      const c = clients[t.as];
      const inputs = fc.sample(fc.tuple(query, body), { numRuns: FUZZ_RUNS, seed: 1017 + n });
      for (const [q, b] of inputs) {
        const qs = new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString();
        const url = t.path.includes('?') ? `${t.path}&${qs}` : `${t.path}?${qs}`;
        const hasBody = t.method !== 'GET';
        const res = await server.app.inject({
          method: t.method as 'GET',
          url,
          headers: {
            cookie: c.sessionCookie,
            'x-csrf-token': c.csrfToken ?? '',
            'x-requested-with': 'XMLHttpRequest',
            accept: 'application/json',
            ...(hasBody ? { 'content-type': 'application/json' } : {}),
          },
          ...(hasBody ? { payload: JSON.stringify(b) ?? 'null' } : {}),
        });
        requests++;
        if (res.statusCode >= 500)
          fives.push(
            `${t.key} as ${t.as}: ${res.statusCode} ${url.slice(0, 120)} ${(JSON.stringify(b) ?? '').slice(0, 160)} -> ${res.body.slice(0, 160)}`,
          );
      }
    };
    for (let i = 0; i < targets.length; i += 8)
      await Promise.all(targets.slice(i, i + 8).map((t, j) => fuzzRoute(t, i + j)));
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `HTTP fuzzing (${engine}): ${targets.length} routes × ${FUZZ_RUNS} = ${requests} requests in ${seconds} s, ${fives.length} answers of 5xx`,
    );
    expect(fives.slice(0, 20)).toEqual([]);
  }, 300_000);
});

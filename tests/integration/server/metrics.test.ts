/**
 * GET /metrics (server/http/metrics.ts, server/routes/metrics.ts): Prometheus text that parses,
 * where a push, a refused mutation and a pull show up in the counters and the device gauges;
 * latency labelled by route pattern; admins and the METRICS_TOKEN bearer only. Every reply carries
 * x-request-id, the reqId of its log lines.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../../../src/contracts/protocol-version';
import { buildApp } from '../../../server/app';
import { openDatabase, type OpenDatabase } from '../../../server/db/database';
import { migrateToLatest } from '../../../server/db/migrate';
import { copyTemplate, testEngines, type TestDatabaseConfig } from '../../support/engines';
import { TestClient } from '../../support/http-client';

const TOKEN = 'metrics-token-for-the-test-0123456789';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/**
 * The text exposition format, strictly: every line a comment, blank, or `name{labels} value`
 * (values as Go's ParseFloat reads them: prom-client writes an idle lag as `Nan`).
 */
function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('# HELP ') || line.startsWith('# TYPE ')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (-?(?:\d+(?:\.\d+)?(?:e[+-]?\d+)?|[+-]?Inf|NaN))$/i.exec(line);
    if (!m) throw new Error(`not Prometheus text: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/([a-zA-Z_]\w*)="((?:[^"\\]|\\.)*)",?/g)) labels[l[1]!] = l[2]!;
    samples.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return samples;
}

const valueOf = (s: Sample[], name: string, labels: Record<string, string> = {}) =>
  s
    .filter((x) => x.name === name && Object.entries(labels).every(([k, v]) => x.labels[k] === v))
    .reduce((sum, x) => sum + x.value, 0);

describe.each(testEngines())('GET /metrics on %s', (engine) => {
  let cfg: TestDatabaseConfig;
  let open: OpenDatabase;
  let app: FastifyInstance;
  let url = '';
  const log: string[] = [];
  const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pd-shell-'));
  const scraper = () => new TestClient(url).get('/metrics', { authorization: `Bearer ${TOKEN}` });
  const scrape = async () => {
    const r = await scraper();
    expect(r.status).toBe(200);
    return parse(r.body as string);
  };

  beforeAll(async () => {
    cfg = await copyTemplate(engine);
    open = await openDatabase({ dataDir: cfg.dataDir, databaseUrl: cfg.databaseUrl });
    await migrateToLatest(open.db);
    app = await buildApp({
      db: open.db,
      engine: open.engine,
      staticDir,
      sessionTtlMs: 3_600_000,
      secureCookies: false,
      loginLimitPerMinute: 1000,
      logStream: { write: (line) => void log.push(line) },
      metricsToken: TOKEN,
      pool: open.pool,
    });
    url = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
    await open?.close();
    await cfg?.cleanup();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  it('refuses strangers: no session 401, shoppers and staff 403, a wrong token 401', async () => {
    const anonymous = new TestClient(url);
    expect((await anonymous.get('/metrics')).status).toBe(401);
    expect((await anonymous.get('/metrics', { authorization: `Bearer ${TOKEN}x` })).status).toBe(401);
    expect((await anonymous.get('/metrics', { authorization: TOKEN })).status).toBe(401);
    for (const [user, password] of [
      ['shopper@example.com', 'shopper'],
      ['cashier', 'cashier'],
      ['installer', 'installer'],
    ] as const) {
      const c = new TestClient(url);
      expect((await c.login(user, password)).status).toBe(200);
      expect((await c.get('/metrics')).status, user).toBe(403);
    }
    const admin = new TestClient(url);
    await admin.login('admin', 'admin');
    const r = await admin.get('/metrics');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(parse(r.body as string).length).toBeGreaterThan(0);
  });

  it('counts a push, a refused mutation and a pull, and shows the device', async () => {
    const cashier = new TestClient(url);
    await cashier.login('cashier', 'cashier');
    const before = await scrape();
    const clientId = randomUUID();
    const at = new Date().toISOString();
    const push = await cashier.post('/sync/push', {
      clientId,
      protocolVersion: PROTOCOL_VERSION,
      mutations: [
        { id: 1, name: 'order.create', args: { id: randomUUID(), device_ref: 'M-1' }, at },
        // A line on an order that does not exist: refused, and the device keeps it as a conflict.
        {
          id: 2,
          name: 'cart.addCustomProduct',
          args: {
            order_ref: randomUUID(),
            line_id: randomUUID(),
            name: 'X',
            price: '1.00',
            quantity: 1,
            tax_class_id: null,
          },
          at,
        },
      ],
    });
    expect(push.status).toBe(200);
    expect(push.body.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'rejected']);
    const pull = await cashier.get(`/sync/pull?clientId=${clientId}&cookie=0&limit=50&queue=3`);
    expect(pull.status).toBe(200);

    const after = await scrape();
    const grew = (name: string, labels: Record<string, string> = {}) =>
      valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(grew('partsdesk_sync_pushes_total', { outcome: 'ok' })).toBe(1);
    expect(grew('partsdesk_sync_pushed_mutations_total', { status: 'applied' })).toBe(1);
    expect(grew('partsdesk_sync_pushed_mutations_total', { status: 'rejected' })).toBe(1);
    expect(grew('partsdesk_sync_pulls_total')).toBe(1);
    expect(pull.body.changes.length).toBeGreaterThan(0);
    expect(grew('partsdesk_sync_pulled_rows_total')).toBe(pull.body.changes.length);
    expect(valueOf(after, 'partsdesk_device_refused_waiting', { client_id: clientId, kind: 'staff' })).toBe(1);
    expect(valueOf(after, 'partsdesk_device_pushed_last_hour', { client_id: clientId })).toBe(2);
    expect(valueOf(after, 'partsdesk_device_queue_depth', { client_id: clientId, kind: 'staff' })).toBe(3);
    const last = valueOf(after, 'partsdesk_device_last_sync_timestamp_seconds', { client_id: clientId });
    expect(Math.abs(last - Date.now() / 1000)).toBeLessThan(120);
    expect(valueOf(after, 'partsdesk_devices_seen_last_hour', { kind: 'staff' })).toBeGreaterThanOrEqual(1);
    expect(
      grew('http_request_duration_seconds_count', { method: 'POST', route: '/sync/push', status_code: '200' }),
    ).toBe(1);
    expect(after.some((s) => s.name === 'partsdesk_poke_connections')).toBe(true);
    expect(after.some((s) => s.name === 'process_cpu_user_seconds_total')).toBe(true);
    expect(after.some((s) => s.name === 'partsdesk_db_pool_connections')).toBe(engine === 'postgres');
  });

  it('labels latency by route pattern and answers with the request id its log lines carry', async () => {
    const slug = `no-such-part-${randomUUID()}`;
    const r = await new TestClient(url).get(`/api/products/page/${slug}`);
    expect(r.status).toBe(404);
    const id = r.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(log.some((line) => (JSON.parse(line) as { reqId?: string }).reqId === id)).toBe(true);
    const s = await scrape();
    expect(valueOf(s, 'http_request_duration_seconds_count', { route: '/api/products/page/:slug' })).toBeGreaterThan(0);
    expect(s.some((x) => Object.values(x.labels).some((v) => v.includes(slug)))).toBe(false);
    // A proxy's id is kept, so one id follows the request through both logs; a malformed one is not.
    const viaProxy = await new TestClient(url).get('/healthz', { 'x-request-id': 'proxy-req-42' });
    expect(viaProxy.headers.get('x-request-id')).toBe('proxy-req-42');
    const bad = await new TestClient(url).get('/healthz', { 'x-request-id': 'not an id!' });
    expect(bad.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

/**
 * Several server processes on one PostgreSQL database (docs/operations.md "Running several
 * processes"): two real `server/main.ts` processes behind HAProxy (Debian's package, installed by
 * .ci/run; without it the proxy's part is done by calling each process directly, and the test says
 * so). What one process's memory used to hold must work whichever process a request lands on:
 * a session made on 1 used on 2, a card payment started on 1 whose outcome streams from 2, a push
 * on 1 poked to a device listening on 2, a login limit counted across both, and a rolling restart
 * of one process that drops no request. "Process 2" is a WORKERS=2 cluster (two workers on one
 * port), so its requests land on either of its workers. PostgreSQL only (TEST_DATABASE_URL); on PGlite, WORKERS is
 * refused with one line.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../../../src/contracts/protocol-version';
import { copyTemplate, testEngines, type TestDatabaseConfig } from '../../support/engines';
import { haproxyAvailable, startHaproxy, type Proxy } from '../../support/haproxy';
import { TestClient } from '../../support/http-client';
import { freePort, runServer, type ServerProcess } from '../../support/process';
import { Device } from '../checkout/support/checkout-server';
import { openPokes } from '../sync/support/poke-stream';
import { openSse } from './support/sse-text';

const onPostgres = testEngines().includes('postgres');

describe('WORKERS on the embedded database', () => {
  it('is refused at once with one line', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pd-workers-'));
    try {
      const s = await runServer({ WORKERS: '2', DATA_DIR: dir, DATABASE_URL: '' });
      expect(await s.exited).toBe(1);
      expect(s.stderr().trim()).toBe(
        'Cannot start 2 workers: the embedded database (PGlite) serves one process. Set DATABASE_URL to a PostgreSQL database, or WORKERS=1.',
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!onPostgres)('two server processes on one PostgreSQL database', () => {
  let cfg: TestDatabaseConfig;
  let staticDir: string;
  const ports: number[] = [];
  const procs: (ServerProcess | null)[] = [null, null];
  let proxy: Proxy | null = null;
  let cashier1: TestClient;

  const env = (i: number) => ({
    DATABASE_URL: cfg.databaseUrl ?? '',
    DATA_DIR: path.join(cfg.dataDir, `p${i + 1}`),
    STATIC_DIR: staticDir,
    DEMO_DATA: '0',
    PORT: String(ports[i]),
    // Process 2 is itself two workers sharing its port (server/cluster.ts).
    WORKERS: i === 1 ? '2' : '1',
    LOG_LEVEL: 'error',
    // The customer at the reader takes 6 s; a stream on the other process hears only NOTIFY (no poll).
    TERMINAL_LATENCY_MS: '6000',
    TERMINAL_POLL_MS: '600000',
    SHUTDOWN_DRAIN_MS: '300',
    TRUST_PROXY: '127.0.0.1',
  });
  const start = async (i: number) => {
    const s = await runServer(env(i));
    if (s.proc.exitCode !== null) throw new Error(`process ${i + 1} did not start: ${s.stderr()}`);
    procs[i] = s;
  };
  const url = (i: number) => `http://127.0.0.1:${ports[i]}`;
  /** The shop's address: the proxy, or process 1 when HAProxy is not installed. */
  const front = () => proxy?.url ?? url(0);

  beforeAll(async () => {
    cfg = await copyTemplate('postgres');
    staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pd-multi-shell-'));
    fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Partsdesk</title>');
    ports.push(await freePort(), await freePort());
    await Promise.all([start(0), start(1)]);
    if (haproxyAvailable()) {
      proxy = await startHaproxy(ports);
      await proxy.allUp();
    } else console.warn('multi-process test: haproxy is not installed; calling each process directly');
    cashier1 = new TestClient(url(0));
    expect((await cashier1.login('cashier', 'cashier')).status).toBe(200);
  }, 180_000);

  afterAll(async () => {
    await proxy?.stop();
    await Promise.all(procs.map((p) => p?.stop() ?? Promise.resolve(null)));
    await cfg?.cleanup();
    if (staticDir) fs.rmSync(staticDir, { recursive: true, force: true });
  });

  /** How many of these order ids the database holds (each sent once: all of them, none twice). */
  const storedOrders = async (ids: string[]): Promise<number> => {
    const db = new pg.Client({ connectionString: cfg.databaseUrl });
    await db.connect();
    try {
      const n = await db.query<{ n: string }>('select count(*) as n from orders where id = any($1::uuid[])', [ids]);
      return Number(n.rows[0]!.n);
    } finally {
      await db.end();
    }
  };

  /** The same browser (cookie and CSRF token) talking to process `i`. */
  const on = (i: number, c: TestClient) => {
    const other = new TestClient(url(i));
    Object.assign(other, { cookie: c.sessionCookie, csrfToken: c.csrfToken });
    return other;
  };

  it('a session made on process 1 is known to process 2, CSRF token and all', async () => {
    const two = on(1, cashier1);
    const me = await two.get('/api/session');
    expect(me.body.user.role).toBe('cashier');
    expect(me.body.csrfToken).toBe(cashier1.csrfToken);
    // A state-changing call on 2 with the token 1 issued: accepted; without it: refused.
    const device = new Device(two);
    await device.apply('order.create', { id: randomUUID() });
    expect((await two.post('/sync/discard', {}, { 'x-csrf-token': 'wrong' })).status).toBe(403);
  });

  it("a staff token issued by process 1 (the database's key) names the maker of a push on process 2", async () => {
    const deviceId = randomUUID();
    const second = new TestClient(url(0));
    const login = await second.post('/api/session', { username: 'cashier2', password: 'cashier2', deviceId });
    expect(login.status).toBe(200);
    const maker = login.body.user as { id: string; role: string };
    const two = on(1, cashier1);
    const r = await two.post('/sync/push', {
      clientId: deviceId,
      protocolVersion: PROTOCOL_VERSION,
      mutations: [
        {
          id: 1,
          name: 'order.create',
          args: { id: randomUUID() },
          at: new Date().toISOString(),
          madeBy: { id: maker.id, role: maker.role, token: login.body.staffToken.token },
        },
      ],
    });
    expect(r.body.results[0].status).toBe('applied');
    const db = new pg.Client({ connectionString: cfg.databaseUrl });
    await db.connect();
    try {
      const m = await db.query<{ actor_id: string }>('select actor_id from sync_mutations where client_id = $1', [
        deviceId,
      ]);
      expect(m.rows.map((x) => x.actor_id)).toEqual([maker.id]);
    } finally {
      await db.end();
    }
  });

  it('a card payment started on process 1 streams its approval from process 2', async () => {
    const order = await new Device(cashier1).order(['25.00']);
    const attemptId = randomUUID();
    const started = await cashier1.post('/pos/checkout/cardPayment', {
      orderId: order.id,
      attemptId,
      amount: '25.00',
      department: 'retail',
      device: 'sim-counter-1',
      cardType: 'credit',
    });
    expect(started.status).toBe(202);
    const two = on(1, cashier1);
    const stream = await openSse(`${url(1)}/pos/checkout/cardPayment/events?attemptId=${attemptId}`, two);
    expect(stream.status).toBe(200);
    await stream.event('choosing');
    // Precondition: process 2 read the attempt while the customer was still choosing, so only the
    // announcement of process 1 (NOTIFY; its poll is set to 10 minutes) can bring the approval.
    expect((await two.get(`/pos/checkout/cardPayment?attemptId=${attemptId}`)).body.status).toBe('pending');
    const approved = await stream.event('approved');
    expect(approved.attemptId ?? attemptId).toBe(attemptId);
    await stream.ended;
    expect((await cashier1.get(`/pos/checkout/cardPayment?attemptId=${attemptId}`)).body.status).toBe('approved');
  });

  it('a push on process 1 pokes a device listening on process 2', async () => {
    const admin = new TestClient(url(1));
    expect((await admin.login('admin', 'admin')).status).toBe(200);
    const pokes = await openPokes(url(1), admin, randomUUID());
    try {
      expect(pokes.status).toBe(200);
      const head = await pokes.next(() => true);
      await new Device(cashier1).apply('order.create', { id: randomUUID() });
      expect(await pokes.next((v) => v > head)).toBeGreaterThan(head);
    } finally {
      pokes.close();
    }
  });

  it('counts the login limit across both processes, and records the shopper address the proxy names', async () => {
    const who = `nobody-${randomUUID().slice(0, 8)}`;
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await new TestClient(url(i % 2)).post('/api/session', { username: who, password: 'x' })).status);
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429]);
    // Behind the proxy (TRUST_PROXY=127.0.0.1) request.ip is the forwarded client's.
    const shopper = new TestClient(front());
    const r = await shopper.post(
      '/api/session',
      { username: 'shopper@example.com', password: 'shopper' },
      { 'x-forwarded-for': '203.0.113.9' },
    );
    expect(r.status).toBe(200);
    const db = new pg.Client({ connectionString: cfg.databaseUrl });
    await db.connect();
    try {
      const ips = await db.query<{ ip: string }>('select ip from customer_ips where customer_ref = $1', [
        r.body.user.id,
      ]);
      expect(ips.rows.map((x) => x.ip)).toContain('203.0.113.9');
    } finally {
      await db.end();
    }
  });

  it('a rolling restart of process 1 drops no request, and its streams end with a retry hint', async () => {
    const client = on(0, cashier1);
    const viaFront = new TestClient(front());
    Object.assign(viaFront, { cookie: cashier1.sessionCookie, csrfToken: cashier1.csrfToken });
    const pokeOn1 = await openSse(`${url(0)}/sync/poke?clientId=${randomUUID()}`, client);
    expect(pokeOn1.status).toBe(200);
    const results: string[] = [];
    const orders: string[] = [];
    let enough = Infinity;
    // One new device per push (mutation 1 of a new client id), so a push retried anywhere stays in order.
    const send = async (): Promise<string> => {
      const id = randomUUID();
      orders.push(id);
      if (proxy) return (await new Device(viaFront).push('order.create', { id })).status;
      // Without a proxy the client fails over itself: process 2 answers while 1 is away.
      try {
        return (await new Device(client).push('order.create', { id })).status;
      } catch {
        return (await new Device(on(1, cashier1)).push('order.create', { id })).status;
      }
    };
    const until = async (ok: () => boolean) => {
      while (!ok()) await new Promise((r) => setTimeout(r, 10));
    };
    // Bounded: the restart takes seconds; 3,000 requests is far more than it needs.
    const loop = (async () => {
      for (let i = 0; i < 3_000 && results.length < enough; i++) results.push(await send());
    })();
    await until(() => results.length >= 5);
    await procs[0]!.stop('SIGTERM');
    expect(await procs[0]!.exited).toBe(0);
    await pokeOn1.ended;
    // The stream's own end: a reconnect hint (it opened with one too, so look at the last block).
    expect(pokeOn1.text()).toMatch(/retry: 1000\n\n$/);
    const duringRestart = results.length;
    await start(0);
    await proxy?.allUp();
    // Twenty more through the restarted pair, then stop.
    enough = results.length + 20;
    await loop;
    expect(duringRestart).toBeGreaterThan(5);
    expect(results.length).toBeGreaterThan(25);
    expect(results.filter((s) => s !== 'applied')).toEqual([]);
    expect(await storedOrders(orders)).toBe(orders.length);
  });
  it('process 2 is WORKERS=2 (node:cluster): a SIGHUP restarts its workers one at a time, dropping no request', async () => {
    expect(procs[1]!.stdout()).toContain('(2 workers)');
    const client = on(1, cashier1);
    const statuses: string[] = [];
    const orders: string[] = [];
    let enough = Infinity;
    const until = async (ok: () => boolean) => {
      while (!ok()) await new Promise((r) => setTimeout(r, 10));
    };
    // Straight at process 2's port (no proxy, no fail-over): the primary hands each new connection
    // to a worker; a draining worker closes its connections after its reply (server/shutdown.ts).
    const loop = (async () => {
      for (let i = 0; i < 3_000 && statuses.length < enough; i++) {
        const id = randomUUID();
        orders.push(id);
        statuses.push((await new Device(client).push('order.create', { id })).status);
      }
    })();
    await until(() => statuses.length >= 5);
    procs[1]!.proc.kill('SIGHUP');
    await until(() => /worker 2: restarted/.test(procs[1]!.stdout()) || procs[1]!.proc.exitCode !== null);
    expect(procs[1]!.stdout()).toMatch(/worker 1: restarted[\s\S]*worker 2: restarted/);
    enough = statuses.length + 10;
    await loop;
    expect(statuses.filter((s) => s !== 'applied')).toEqual([]);
    expect(await storedOrders(orders)).toBe(orders.length);
  });

  it('process 2 stops cleanly on SIGTERM', async () => {
    expect(await procs[1]!.stop('SIGTERM')).toBe(0);
    procs[1] = null;
  });
});

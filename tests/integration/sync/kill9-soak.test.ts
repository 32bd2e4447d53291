/**
 * kill -9 soak: the real server (server/main.ts, as `npm start` runs it) in its own
 * process, on a database on disk (PGlite in a data directory; PostgreSQL when TEST_DATABASE_URL is
 * set), is killed with SIGKILL in the middle of bursts of payment pushes and started again on the
 * same data and port. fault-injection.test.ts restarts the app inside the test process (connections
 * cut, the database closed cleanly); this one gives the engine no chance to close anything.
 *
 * Devices: three tills, each the device's real outbox (sync/outbox.ts mutate, fake IndexedDB) and
 * real push (sync/push.ts pushOnce: acknowledgement, journal, server-loss resends), signed in as
 * cashier, cashier2 and admin, each selling on its own order. No pulls: this is about pushes.
 * A cycle: every till loops "queue 1-5 cash payments (every 4th also voids an earlier live one)
 * and push them" until the server is killed, once the tills have queued a seeded 10-40 payment
 * mutations in the cycle (so mostly with pushes in flight, some half committed); the server
 * starts again; before any till sends anything, an empty push asks the server how far it got
 * (lastMutationId) for each till: below the till's lastAckedId = an acknowledged change lost.
 * Then the tills send everything unacknowledged, until their queues are empty.
 *
 * Checked, per cycle: 0 acknowledged-but-lost; at the end, on the database itself: each till's
 * mutations recorded once each (ids 1..n, none missing, none twice), every payment's transaction
 * row exactly once with the status the reference model (the test's own ledger, in cents) says,
 * amount_paid = the sum of the live transactions = the model's sum, no rejection anywhere.
 *
 * KILL_CYCLES cycles per engine (default 2 in `npm test`, which keeps CI inside its time budget;
 * each cycle restarts the real server, seconds each); `npm run test:soak` runs 50 (SOAK_KILL_CYCLES). KILL_SEED replays a run. Figures: docs/figures.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/database';
import { PROTOCOL_VERSION } from '../../../src/contracts/protocol-version';
import type { PartsdeskDb } from '../../../src/db/database';
import { ensureClientId, getMeta } from '../../../src/db/meta';
import { defaultStoreSettings } from '../../../src/domain/settings';
import { mutate } from '../../../sync/outbox';
import { pushOnce } from '../../../sync/push';
import { domainRegistry } from '../../../sync/registry';
import { copyTemplate, testEngines, type TestDatabaseConfig } from '../../support/engines';
import { TestClient } from '../../support/http-client';
import { freePort, runServer, type ServerProcess } from '../../support/process';
import { freshDb } from '../../unit/sync/support';
import { rng, type Rng } from './support/prng';
import { clientTransport } from './support/sync-server';

const cycles = Number(process.env.SOAK_KILL_CYCLES ?? process.env.KILL_CYCLES ?? 2);
const seed = Number(process.env.KILL_SEED ?? 17);

interface Payment {
  id: string;
  cents: number;
  voided: boolean;
}

interface Till {
  user: string;
  db: PartsdeskDb;
  client: TestClient;
  actor: { id: string; role: string };
  clientId: string;
  order: string;
  payments: Payment[];
  /** A push of this till is on the wire. */
  pushing: boolean;
}

const money = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;

async function queue(t: Till, name: string, args: unknown): Promise<void> {
  const r = await mutate(t.db, domainRegistry, {
    name,
    args,
    actor: t.actor,
    now: new Date().toISOString(),
    settings: defaultStoreSettings,
  });
  if (!r.ok) throw new Error(`${t.user}: ${name} refused on the device: ${r.message}`);
}

/** Pushes until the queue is empty; false when the server stopped answering. */
async function drain(t: Till): Promise<boolean> {
  for (let i = 0; i < 1000; i++) {
    const p = await pushOnce(t.db, clientTransport(t.client), t.clientId, Date.now);
    if (p.kind === 'idle') return true;
    if (p.kind === 'retry') return false;
    if (p.kind !== 'progress') throw new Error(`${t.user}: push ${JSON.stringify(p)}`);
  }
  throw new Error(`${t.user}: queue did not drain`);
}

/** One till's burst: queue 1-5 payments (every 4th payment also voids an earlier live one) and push them, until the server is gone. */
async function burst(t: Till, r: Rng, stop: { killed: boolean }, stats: { mutations: number }): Promise<void> {
  while (!stop.killed) {
    for (let n = r.int(1, 5); n > 0; n--) {
      const p: Payment = { id: r.uuid(), cents: r.int(100, 2_000), voided: false };
      await queue(t, 'transaction.add', {
        order_ref: t.order,
        id: p.id,
        transaction_type: 'cash',
        amount: money(p.cents),
      });
      t.payments.push(p);
      stats.mutations++;
      const live = t.payments.filter((x) => !x.voided && x !== p);
      if (t.payments.length % 4 === 0 && live.length) {
        const v = r.pick(live);
        await queue(t, 'transaction.void', { order_ref: t.order, transaction_ref: v.id });
        v.voided = true;
        stats.mutations++;
      }
    }
    t.pushing = true;
    const answered = await drain(t);
    t.pushing = false;
    if (!answered) return;
  }
}

async function serverLast(t: Till): Promise<number> {
  const r = await t.client.post('/sync/push', {
    clientId: t.clientId,
    protocolVersion: PROTOCOL_VERSION,
    mutations: [],
  });
  if (r.status !== 200) throw new Error(`${t.user}: empty push ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.lastMutationId as number;
}

describe.each(testEngines())('kill -9 during payment pushes on %s', (engine) => {
  let cfg: TestDatabaseConfig;
  let staticDir: string;
  let port: number;
  let server: ServerProcess | null = null;
  const tills: Till[] = [];

  const start = async () => {
    server = await runServer({
      DATA_DIR: cfg.dataDir,
      DATABASE_URL: cfg.databaseUrl ?? '',
      STATIC_DIR: staticDir,
      DEMO_DATA: '0',
      PORT: String(port),
      LOG_LEVEL: 'error',
    });
    if (server.proc.exitCode !== null) throw new Error(`server did not start: ${server.stderr()}`);
  };

  beforeAll(async () => {
    cfg = await copyTemplate(engine);
    staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pd-kill9-shell-'));
    fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Partsdesk</title>');
    port = await freePort();
    await start();
    for (const user of ['cashier', 'cashier2', 'admin']) {
      const client = new TestClient(server!.url);
      const login = await client.login(user, user);
      if (login.status !== 200) throw new Error(`login ${user}: ${login.status}`);
      const me = login.body.user as { id: string; role: string };
      const db = freshDb(`kill9-${engine}-${user}`);
      const t: Till = {
        user,
        db,
        client,
        actor: { id: me.id, role: me.role },
        clientId: await ensureClientId(db, () => crypto.randomUUID()),
        order: crypto.randomUUID(),
        payments: [],
        pushing: false,
      };
      // An order big enough that cash payments never reach its total.
      await queue(t, 'order.create', { id: t.order, device_ref: null });
      await queue(t, 'cart.addCustomProduct', {
        order_ref: t.order,
        line_id: crypto.randomUUID(),
        name: 'Engine rebuild',
        price: '9999.00',
        quantity: 1000,
        tax_class_id: null,
      });
      expect(await drain(t)).toBe(true);
      tills.push(t);
    }
  });

  afterAll(async () => {
    await server?.stop('SIGKILL');
    for (const t of tills) await t.db.delete();
    await cfg?.cleanup();
    if (staticDir) fs.rmSync(staticDir, { recursive: true, force: true });
  });

  it(
    `loses no acknowledged payment and applies none twice over ${cycles} kill -9 cycles`,
    { timeout: 60_000 + cycles * 25_000 },
    async () => {
      const r = rng(seed);
      const stats = { cut: 0, mutations: 0, lost: 0, restartMs: [] as number[] };
      const started = performance.now();
      for (let cycle = 0; cycle < cycles; cycle++) {
        const stop = { killed: false };
        // Killed once the tills have queued a seeded number of payment mutations in this cycle: while
        // they push (a batch may be half committed, its reply lost), whatever the machine's speed.
        const target = stats.mutations + r.int(10, 40);
        let settled = false;
        const bursts = Promise.all(tills.map((t) => burst(t, rng(r.int(1, 2 ** 31)), stop, stats))).finally(
          () => (settled = true),
        );
        while (stats.mutations < target && !settled) await new Promise((res) => setTimeout(res, 2));
        stats.cut += tills.filter((t) => t.pushing).length;
        server!.proc.kill('SIGKILL');
        await server!.exited;
        stop.killed = true;
        await bursts;
        const t0 = performance.now();
        await start();
        stats.restartMs.push(performance.now() - t0);
        // Before anything is resent: the server must hold everything it acknowledged.
        for (const t of tills) {
          const acked = await getMeta(t.db, 'lastAckedId');
          const last = await serverLast(t);
          if (last < acked) stats.lost += acked - last;
          expect(
            last,
            `cycle ${cycle} (KILL_SEED=${seed}): ${t.user} was told ${acked} was saved, the server has ${last}`,
          ).toBeGreaterThanOrEqual(acked);
        }
        for (const t of tills) expect(await drain(t), `${t.user} drains after the restart`).toBe(true);
      }
      const ms = performance.now() - started;
      for (const t of tills) {
        expect(await t.db.outbox.count()).toBe(0);
        expect(await t.db.conflicts.count(), `${t.user}: no change was refused`).toBe(0);
      }
      await server!.stop('SIGTERM');
      server = null;

      // The database itself, with the server stopped.
      const open = await openDatabase({ dataDir: cfg.dataDir, databaseUrl: cfg.databaseUrl });
      try {
        const db = open.db;
        for (const t of tills) {
          const sent = (await getMeta(t.db, 'nextMutationId')) - 1;
          const recorded = await db
            .selectFrom('sync_mutations')
            .select(['mutation_id', 'status'])
            .where('client_id', '=', t.clientId)
            .orderBy('mutation_id')
            .execute();
          expect(
            recorded.map((m) => Number(m.mutation_id)),
            `${t.user}: each change recorded once`,
          ).toEqual(Array.from({ length: sent }, (_, i) => i + 1));
          expect(recorded.filter((m) => m.status !== 'applied')).toEqual([]);
          const txs = await db
            .selectFrom('transactions')
            .select(['id', 'amount', 'status'])
            .where('order_ref', '=', t.order)
            .execute();
          expect(txs.map((x) => x.id).sort(), `${t.user}: every payment once`).toEqual(
            t.payments.map((p) => p.id).sort(),
          );
          const byId = new Map(txs.map((x) => [x.id, x]));
          for (const p of t.payments)
            expect(byId.get(p.id), p.id).toMatchObject({
              amount: money(p.cents),
              status: p.voided ? 'void' : 'approved',
            });
          const liveCents = txs
            .filter((x) => x.status === 'approved')
            .reduce((s, x) => s + Math.round(Number(x.amount) * 100), 0);
          const modelCents = t.payments.filter((p) => !p.voided).reduce((s, p) => s + p.cents, 0);
          const order = await db
            .selectFrom('orders')
            .select('amount_paid')
            .where('id', '=', t.order)
            .executeTakeFirstOrThrow();
          expect(order.amount_paid, `${t.user}: paid = sum of live transactions`).toBe(money(liveCents));
          expect(liveCents).toBe(modelCents);
        }
      } finally {
        await open.close();
      }
      const sorted = [...stats.restartMs].sort((a, b) => a - b);
      console.log(
        `kill -9 soak on ${engine}: ${cycles} cycles in ${(ms / 1000).toFixed(1)} s, ${stats.mutations} payment mutations ` +
          `(${tills.reduce((n, t) => n + t.payments.length, 0)} payments, ${tills.reduce((n, t) => n + t.payments.filter((p) => p.voided).length, 0)} voided), ` +
          `${stats.cut} pushes in flight at the kill, acknowledged-but-lost ${stats.lost}, restart p50 ${((sorted[Math.floor(sorted.length / 2)] ?? 0) / 1000).toFixed(1)} s`,
      );
      // The kills must have hit pushes in flight (a soak that only ever kills an idle server proves little).
      expect(stats.cut).toBeGreaterThan(0);
    },
  );
});

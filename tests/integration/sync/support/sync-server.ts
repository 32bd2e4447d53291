/**
 * The real app (sync routes included) on a private copy of the seeded database, like
 * tests/support/app-server.ts. Tests may add appliers (faulty ones) or a clock, and restart the
 * app on the same database (serveDatabase).
 */
import fs from 'node:fs';
import type { Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../../server/app';
import { openDatabase, type Engine, type OpenDatabase } from '../../../../server/db/database';
import { migrateToLatest } from '../../../../server/db/migrate';
import type { OnlinePaymentGateway } from '../../../../server/adapters/online-payment/storefront-gateway';
import type { PokeOptions, SyncOptions } from '../../../../server/compose';
import type { DB } from '../../../../server/db/schema';
import { copyTemplate } from '../../../support/engines';
import { TestClient } from '../../../support/http-client';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { SettingsCache } from '../../../../sync/settings-cache';
import { PartsdeskDb } from '../../../../src/db/database';
import { SyncEngine } from '../../../../sync/engine';
import type { Transport } from '../../../../sync/transport';

export interface SyncTestServer {
  app: FastifyInstance;
  open: OpenDatabase;
  db: Kysely<DB>;
  url: string;
  close(): Promise<void>;
}

/**
 * `syncCommit: false` (PostgreSQL only) stops commits from waiting for the WAL flush in this test
 * database, as PGlite runs (fsync off): the simulation's wall time was mostly PostgreSQL flushing.
 * Nothing a test can observe changes short of an operating-system crash.
 */
/** Sync options, plus what the app may take instead of its defaults. */
export type ServeOptions = SyncOptions & {
  syncCommit?: boolean;
  onlinePayments?: OnlinePaymentGateway;
  poke?: Omit<PokeOptions, 'databaseUrl'>;
};

export async function startSyncServer(
  engine: Engine,
  opts: ServeOptions = {},
): Promise<SyncTestServer & RestartableServer> {
  const cfg = await copyTemplate(engine);
  let current = await serveDatabase(cfg, opts);
  const port = Number(new URL(current.url).port);
  const sockets = new Set<Socket>();
  const track = (s: SyncTestServer) =>
    s.app.server.on('connection', (sock: Socket) => {
      sockets.add(sock);
      sock.on('close', () => sockets.delete(sock));
    });
  track(current);
  const cutConnections = () => {
    for (const sock of sockets) sock.destroy();
  };
  return {
    get app() {
      return current.app;
    },
    get open() {
      return current.open;
    },
    get db() {
      return current.db;
    },
    url: current.url,
    cutConnections,
    async restart() {
      cutConnections();
      await current.close();
      current = await serveDatabase(cfg, opts, port);
      track(current);
    },
    async close() {
      await current.close();
      await cfg.cleanup();
    },
  };
}

/** A server the simulation can crash: cut every connection at once, then stop and start it again on the same database and port. */
export interface RestartableServer {
  /** Destroys every open connection now: requests in flight never get their reply. */
  cutConnections(): void;
  /** Cuts connections, stops the app, closes the database, and serves it again on the same port (migrated as at start). */
  restart(): Promise<void>;
}

/**
 * The app on an existing database, migrated as the server does at start: a restart serves the same
 * data directory or URL again (on a new port). close() stops the app and closes the database only.
 */
export async function serveDatabase(
  cfg: { dataDir: string; databaseUrl: string | undefined },
  opts: ServeOptions = {},
  port = 0,
): Promise<SyncTestServer> {
  if (cfg.databaseUrl && opts.syncCommit === false) await asyncCommits(cfg.databaseUrl);
  const open = await openDatabase({ dataDir: cfg.dataDir, databaseUrl: cfg.databaseUrl });
  await migrateToLatest(open.db);
  const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pd-shell-'));
  const app = await buildApp({
    db: open.db,
    engine: open.engine,
    staticDir,
    sessionTtlMs: 3_600_000,
    secureCookies: false,
    logLevel: 'error',
    loginLimitPerMinute: 100_000,
    sync: opts,
    onlinePayments: opts.onlinePayments,
    poke: { databaseUrl: open.databaseUrl, ...opts.poke },
  });
  const url = await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    open,
    db: open.db,
    url,
    async close() {
      await app.close();
      await open.close();
      fs.rmSync(staticDir, { recursive: true, force: true });
    },
  };
}

export async function signedIn(url: string, user: string, password: string): Promise<TestClient> {
  const c = new TestClient(url);
  const r = await c.login(user, password);
  if (r.status !== 200) throw new Error(`login ${user} failed: ${r.status}`);
  return c;
}

/** The staff cashier and the demo shopper signed in on `server`. */
export async function cashierAndShopper(server: SyncTestServer): Promise<{ cashier: TestClient; shopper: TestClient }> {
  return {
    cashier: await signedIn(server.url, 'cashier', 'cashier'),
    shopper: await signedIn(server.url, 'shopper@example.com', 'shopper'),
  };
}

/** The engine's transport over a signed-in test client (cookie + CSRF). */
export function clientTransport(c: TestClient): Transport {
  return async (req) => {
    const r = await c.request(req.method, req.path, req.body);
    return { status: r.status, body: r.body };
  };
}

/** A device (the real engine over its own fake-indexeddb) signed in as `user` against `server`. */
export async function signedInDevice(
  server: SyncTestServer,
  name: string,
  pullLimit: number,
  user = 'cashier',
): Promise<{ device: SyncEngine; db: PartsdeskDb; settings: SettingsCache; locationId: number | null }> {
  const cashier = await signedIn(server.url, user, user);
  const me = (await cashier.get('/api/session')).body.user;
  const db = new PartsdeskDb(name, { indexedDB: new IDBFactory(), IDBKeyRange });
  // As the real worker does: mutators run with the shop's settings as last pulled.
  const settings = new SettingsCache(db);
  const device = new SyncEngine({
    db,
    transport: clientTransport(cashier),
    pollMs: 0,
    pullLimit,
    settings: settings.get,
    onCycleEnd: () => void settings.refresh(),
  });
  device.setSession({ id: me.id, role: me.role });
  return { device, db, settings, locationId: me.locationId };
}

async function asyncCommits(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `do $$ begin execute format('alter database %I set synchronous_commit = off', current_database()); end $$`,
    );
  } finally {
    await client.end();
  }
}

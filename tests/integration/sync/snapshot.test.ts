/**
 * First-sync snapshots (server/sync/snapshot-service.ts, sync/snapshot.ts; docs/decisions/sync.md
 * "First-sync snapshots") and compressed replies, on each engine: the built file is served
 * immutable and gzip-compressed to staff (not to admins, whose products carry cost); the pull from
 * its version brings exactly what changed after it; a new device that starts from it ends with the
 * same stored rows and cookie as one that pulled everything from 0, and its first pull asks for the
 * snapshot's version, not 0. Pull pages are compressed, the poke stream is not.
 */
import http from 'node:http';
import { randomBytes, randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pullReplySchema, unpackChanges } from '../../../src/contracts/sync-pull';
import { snapshotReplySchema, type SnapshotInfo } from '../../../src/contracts/sync-snapshot';
import { DEVICE_SCHEMA, PartsdeskDb } from '../../../src/db/database';
import { getMeta } from '../../../src/db/meta';
import { PullService } from '../../../server/sync/pull-service';
import { BODY_SLICE, LOCK_KEY, SNAPSHOT_SCHEMA, SnapshotService } from '../../../server/sync/snapshot-service';
import { SyncEngine } from '../../../sync/engine';
import { fetchSnapshotLines } from '../../../sync/snapshot';
import type { Transport } from '../../../sync/transport';
import { testEngines } from '../../support/engines';
import type { TestClient } from '../../support/http-client';
import { clientTransport, signedIn, startSyncServer, type SyncTestServer } from './support/sync-server';

describe.each(testEngines())('first-sync snapshots on %s', (engine) => {
  let server: SyncTestServer;
  let cashier: TestClient;
  let info: SnapshotInfo;

  /** A raw GET: status, headers and the body bytes exactly as sent (no decompression). */
  const raw = (c: TestClient, path: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const req = http.get(server.url + path, { headers: { cookie: c.sessionCookie, ...headers } }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (b: Buffer) => parts.push(b));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }));
      });
      req.on('error', reject);
    });

  /**
   * Every store of a device's cache but meta, as JSON text per store; a tuple chunk's rows
   * (src/db/tuple-chunks.ts: keys and rows in no particular order) by key.
   */
  async function contents(db: PartsdeskDb): Promise<Record<string, string[]>> {
    const out: Record<string, string[]> = {};
    const canonical = (r: Record<string, unknown>) => {
      if (!Array.isArray(r.keys) || !Array.isArray(r.rows)) return r;
      const rows = r.rows as unknown[];
      const byKey = (r.keys as string[]).map((k, i) => [k, rows[i]] as const).sort((a, b) => (a[0] < b[0] ? -1 : 1));
      return { ...r, keys: byKey.map(([k]) => k), rows: byKey.map(([, row]) => row) };
    };
    for (const t of db.tables) {
      if (t.name === 'meta') continue;
      out[t.name] = (await t.toArray()).map((r) => JSON.stringify(canonical(r as Record<string, unknown>))).sort();
    }
    return out;
  }

  async function device(name: string, snapshot: boolean, cookies: number[]) {
    const c = await signedIn(server.url, 'cashier', 'cashier');
    const db = new PartsdeskDb(name, { indexedDB: new IDBFactory(), IDBKeyRange });
    const base = clientTransport(c);
    const transport: Transport = (req) => {
      const m = /^\/sync\/pull\?.*\bcookie=(\d+)/.exec(req.path);
      if (m) cookies.push(Number(m[1]));
      return base(req);
    };
    const engine = new SyncEngine({
      db,
      transport,
      pollMs: 0,
      ...(snapshot ? { snapshot: fetchSnapshotLines(server.url, () => ({ cookie: c.sessionCookie })) } : {}),
    });
    expect(await engine.syncNow()).toBe('ok');
    engine.stop();
    return db;
  }

  beforeAll(async () => {
    server = await startSyncServer(engine);
    cashier = await signedIn(server.url, 'cashier', 'cashier');
    // The test catalog is below the default minimum (one pull page): the background check builds
    // none (so the browser tests' devices pull from 0, as their progress tests expect); build one anyway.
    expect(
      await new SnapshotService(server.db, new PullService(server.db), { schema: SNAPSHOT_SCHEMA }).check(),
    ).toBeNull();
    const built = await new SnapshotService(server.db, new PullService(server.db), {
      schema: SNAPSHOT_SCHEMA,
      minRows: 0,
    }).buildNow();
    expect(built).not.toBeNull();
    const r = await cashier.get(`/sync/snapshot?schema=${DEVICE_SCHEMA}`);
    expect(r.status).toBe(200);
    info = snapshotReplySchema.parse(r.body).snapshot!;
    expect(info.version).toBe(built!.version);
  });
  afterAll(() => server?.close());

  it('is built for the device cache schema and offered to staff, not to admins nor other schemas', async () => {
    expect(SNAPSHOT_SCHEMA).toBe(DEVICE_SCHEMA);
    expect(info.rows).toBeGreaterThan(1000);
    expect(info.parts).toBe(
      Number((await sql<{ n: string }>`select count(*) as n from products`.execute(server.db)).rows[0]!.n),
    );
    const admin = await signedIn(server.url, 'admin', 'admin');
    expect((await admin.get(`/sync/snapshot?schema=${DEVICE_SCHEMA}`)).body).toEqual({ snapshot: null });
    expect((await admin.get(info.url)).status).toBe(404);
    expect((await cashier.get(`/sync/snapshot?schema=${DEVICE_SCHEMA - 1}`)).body).toEqual({ snapshot: null });
    expect((await cashier.get('/sync/snapshot/6-1-nope.ndjson.gz')).status).toBe(404);
  });

  it('serves the file gzip-compressed and immutable, whole, ending with its end line', async () => {
    const r = await raw(cashier, info.url, { 'accept-encoding': 'gzip, br' });
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe('gzip');
    expect(r.headers['content-type']).toMatch(/^application\/x-ndjson/);
    expect(r.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(Number(r.headers['content-length'])).toBe(info.bytes);
    const lines = zlib.gunzipSync(r.body).toString('utf8').trim().split('\n');
    const end = JSON.parse(lines.pop()!) as { end: boolean; version: number; rows: number };
    expect(end).toEqual({ end: true, version: info.version, rows: info.rows });
    const rows = lines.reduce((n, l) => n + unpackChanges(JSON.parse(l) as never).length, 0);
    expect(rows).toBe(info.rows);
    // A client that takes no gzip gets the same lines unpacked.
    const plain = await raw(cashier, info.url, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toBe(zlib.gunzipSync(r.body).toString('utf8'));
    expect((await raw({ sessionCookie: '' } as TestClient, info.url)).status).toBe(401);
  });

  it('the pull from its version brings exactly what changed after it; a device from it equals a device from 0', async () => {
    // Changes after the snapshot: two prices, one category link gone.
    await sql`update products set price = price + 1 where product_id in (select product_id from products order by product_id limit 2)`.execute(
      server.db,
    );
    const link = (
      await sql<{
        product_id: number;
        category_id: number;
      }>`select product_id, category_id from product_categories order by product_id limit 1`.execute(server.db)
    ).rows[0]!;
    await sql`delete from product_categories where product_id = ${link.product_id} and category_id = ${link.category_id}`.execute(
      server.db,
    );
    const r = await cashier.get(
      `/sync/pull?clientId=${randomUUID()}&cookie=${info.version}&limit=20000&pack=1&schema=${DEVICE_SCHEMA}`,
    );
    const delta = unpackChanges(pullReplySchema.parse(r.body));
    expect(delta.map((c) => `${c.table}/${c.key}/${c.row ? 'row' : 'gone'}`).sort()).toEqual(
      [
        ...(
          await sql<{ product_id: number }>`select product_id from products order by product_id limit 2`.execute(
            server.db,
          )
        ).rows.map((p) => `products/${p.product_id}/row`),
        `product_categories/${link.product_id}:${link.category_id}/gone`,
      ].sort(),
    );

    const fromSnapshot: number[] = [];
    const fromZero: number[] = [];
    const a = await device(`snap-${engine}`, true, fromSnapshot);
    const b = await device(`zero-${engine}`, false, fromZero);
    expect(fromSnapshot[0]).toBe(info.version);
    expect(fromZero[0]).toBe(0);
    expect(await getMeta(a, 'cookie')).toBe(await getMeta(b, 'cookie'));
    expect(await getMeta(a, 'fullPullDone')).toBe(true);
    expect(await getMeta(a, 'initialDownload')).toBeNull();
    expect(await contents(a)).toEqual(await contents(b));
  });

  it.runIf(engine === 'postgres')(
    'on PostgreSQL builds only while no other process holds the builder lock',
    async () => {
      const service = () =>
        new SnapshotService(server.db, new PullService(server.db), {
          schema: SNAPSHOT_SCHEMA,
          minRows: 0,
          lockAcrossProcesses: true,
        });
      const newest = async () => (await service().latest(SNAPSHOT_SCHEMA))!.version;
      // Another process building: its session holds the lock.
      const other = new pg.Client({ connectionString: server.open.databaseUrl });
      await other.connect();
      try {
        await other.query('select pg_advisory_lock($1)', [LOCK_KEY]);
        const before = await newest();
        expect(await service().buildNow()).toBeNull();
        expect(await newest()).toBe(before);
        await other.query('select pg_advisory_unlock($1)', [LOCK_KEY]);
        const built = await service().buildNow();
        expect(built).not.toBeNull();
        expect(await newest()).toBe(built!.version);
      } finally {
        await other.end();
      }
      // The newest two are kept.
      expect(
        Number((await sql<{ n: string }>`select count(*) as n from sync_snapshots`.execute(server.db)).rows[0]!.n),
      ).toBe(2);
    },
  );

  it('compresses pull pages and leaves the poke stream alone', async () => {
    const clientId = randomUUID();
    const page = await raw(cashier, `/sync/pull?clientId=${clientId}&cookie=0&limit=2000&pack=1`, {
      'accept-encoding': 'gzip, deflate, br',
    });
    expect(page.headers['content-encoding']).toBe('br');
    expect(pullReplySchema.parse(JSON.parse(zlib.brotliDecompressSync(page.body).toString('utf8'))).more).toBe(true);
    const gz = await raw(cashier, `/sync/pull?clientId=${clientId}&cookie=0&limit=2000&pack=1`, {
      'accept-encoding': 'gzip',
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const poke = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http
        .get(
          `${server.url}/sync/poke?clientId=${clientId}`,
          { headers: { cookie: cashier.sessionCookie, 'accept-encoding': 'gzip, br' } },
          resolve,
        )
        .on('error', reject);
    });
    const firstEvent = await new Promise<string>((resolve) => poke.once('data', (b: Buffer) => resolve(b.toString())));
    poke.destroy();
    expect(poke.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(poke.headers['content-encoding']).toBeUndefined();
    expect(firstEvent).toMatch(/^retry: \d+/);
  });

  it('reads a stored body in slices, and a builder keeps the bytes it built', async () => {
    const service = () => new SnapshotService(server.db, new PullService(server.db), { schema: SNAPSHOT_SCHEMA });
    // Several slices and a partial last one; schema 0: never offered, never pruned by a build.
    const name = `0-1-${'a'.repeat(32)}.ndjson.gz`;
    const body = randomBytes(2 * BODY_SLICE + 12_345);
    await sql`insert into sync_snapshots (name, schema, version, rows, parts, bytes, body)
              values (${name}, 0, 1, 0, 0, ${body.length}, ${body})`.execute(server.db);
    expect((await service().body(name))?.equals(body)).toBe(true);
    await sql`delete from sync_snapshots where name = ${name}`.execute(server.db);
    expect(await service().body(name)).toBeNull();

    const builder = new SnapshotService(server.db, new PullService(server.db), { schema: SNAPSHOT_SCHEMA, minRows: 0 });
    const built = (await builder.buildNow())!;
    const stored = (await service().body(built.name))!;
    expect(stored.length).toBe(built.bytes);
    // The builder answers from the bytes it built: what the table holds now does not matter to it.
    await sql`update sync_snapshots set body = ''::bytea where name = ${built.name}`.execute(server.db);
    expect((await builder.body(built.name))?.equals(stored)).toBe(true);
    await sql`update sync_snapshots set body = ${stored} where name = ${built.name}`.execute(server.db);
  });
});

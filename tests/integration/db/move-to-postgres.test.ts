/**
 * `npm run move-to-postgres` (server/db/move.ts) on a real shop: the embedded template (demo
 * catalog and sales) serves two tills that sell and sync, then sell offline (their queues wait);
 * the embedded server stops, the command copies the shop into a fresh PostgreSQL database, the
 * server starts on DATABASE_URL and the tills come back. Their queues are applied once each, their
 * cookies stay valid (every pull asks from the old cookie and receives only rows newer than it:
 * nothing is downloaded again), and a picture's bytes arrive exactly. The command refuses while
 * the embedded server runs and refuses a target that is not empty.
 * PostgreSQL only: skipped without TEST_DATABASE_URL.
 */
import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getMeta } from '../../../src/db/meta';
import { copyTemplate, type TestDatabaseConfig } from '../../support/engines';
import { createDatabase, dropDatabase } from '../../support/postgres';
import { serveDatabase, type SyncTestServer } from '../sync/support/sync-server';
import { connect, drain, Ledger, newTill, type Till } from '../sync/support/tills';

const base = process.env.TEST_DATABASE_URL;
const root = path.resolve(import.meta.dirname, '..', '..', '..');

/** Runs the command as an operator would; resolves with its exit code and output. */
function moveCommand(dataDir: string, to: string): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'server/cli/move-to-postgres.ts', '--to', to],
      { cwd: root, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } },
      (error, out, err) => resolve({ code: error ? Number(error.code ?? 1) : 0, out, err }),
    );
  });
}

/** Counts the rows of every pull reply and remembers the cookie each pull asked from. */
function watchPulls(till: Till): { cookie: number; rows: number[] }[] {
  const seen: { cookie: number; rows: number[] }[] = [];
  const inner = till.link!;
  till.link = async (req) => {
    const r = await inner(req);
    if (req.path.startsWith('/sync/pull')) {
      const body = r.body as { changes?: { version: number }[]; packed?: { cols: string[]; rows: unknown[][] }[] };
      const versions = (body.changes ?? []).map((c) => c.version);
      for (const p of body.packed ?? []) {
        const at = p.cols.indexOf('version');
        versions.push(...p.rows.map((row) => Number(row[at])));
      }
      seen.push({ cookie: Number(new URL(req.path, 'http://x').searchParams.get('cookie')), rows: versions });
    }
    return r;
  };
  return seen;
}

describe.skipIf(!base)('moving an embedded shop to PostgreSQL', () => {
  let cfg: TestDatabaseConfig;
  let server: SyncTestServer | undefined;
  const name = `pd_move_${process.pid}_${Math.floor(Math.random() * 1e9)}`;
  let target = '';
  const otherDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pd-move-'));

  beforeAll(async () => {
    cfg = await copyTemplate('pglite');
    target = await createDatabase(base!, name);
  });
  afterAll(async () => {
    await server?.close();
    await cfg?.cleanup();
    await dropDatabase(base!, name);
    fs.rmSync(otherDir, { recursive: true, force: true });
  });

  it('moves the shop; devices push their queues once and pull only what is new', async () => {
    server = await serveDatabase(cfg);
    const ledger = new Ledger();
    const [a, b] = [newTill('A', 'cashier'), newTill('B', 'cashier2')];
    for (const t of [a, b]) await connect(t, server);
    await ledger.sell(a, ['40.00', '12.50'], ['20.00']);
    await ledger.sell(b, ['99.99'], ['99.99']);
    await drain([a, b], server);

    // A picture (bytea) with every byte value, as a customer history upload stores it.
    const customer = await server.db.selectFrom('customers').select('id').limit(1).executeTakeFirstOrThrow();
    const picture = {
      id: randomUUID(),
      bytes: Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, i) => i)), randomBytes(4096)]),
    };
    await sql`insert into customer_history_images (id, customer_ref, mime, width, height, bytes, thumb, uploaded_by)
      values (${picture.id}, ${customer.id}, 'image/png', 1, 1, ${picture.bytes}, ${Buffer.from([0, 255])}, 'test')`.execute(
      server.db,
    );

    // The command refuses while the embedded server holds the directory.
    const running = await moveCommand(cfg.dataDir, target);
    expect(running.code).toBe(3);
    expect(running.err).toMatch(/^Cannot move: the Partsdesk server \(pid \d+\) is using .*\. Stop it/);

    // Offline: each till queues a sale, and A a payment on its first sale.
    for (const t of [a, b]) t.link = null;
    const queuedA = await ledger.sell(a, ['15.00', '7.25'], ['22.25']);
    await ledger.sell(b, ['8.00'], ['8.00']);
    expect(await a.db.outbox.count()).toBeGreaterThan(0);
    const before = {
      epoch: (await sql<{ e: string }>`select epoch::text as e from sync_state`.execute(server.db)).rows[0]?.e,
      horizon: (await sql<{ v: string }>`select last_value::text as v from change_version`.execute(server.db)).rows[0]
        ?.v,
      cookies: [await getMeta(a.db, 'cookie'), await getMeta(b.db, 'cookie')],
    };
    await server.close();
    server = undefined;

    const moved = await moveCommand(cfg.dataDir, target);
    expect(moved.err).toBe('');
    expect(moved.code).toBe(0);
    expect(moved.out).toContain('row counts and checksums match');
    expect(moved.out).toContain(`sync epoch ${before.epoch} kept`);

    server = await serveDatabase({ dataDir: otherDir, databaseUrl: target });
    expect((await sql<{ e: string }>`select epoch::text as e from sync_state`.execute(server.db)).rows[0]?.e).toBe(
      before.epoch,
    );
    const pulls = [];
    for (const t of [a, b]) {
      await connect(t, server);
      pulls.push(watchPulls(t));
    }
    await drain([a, b], server);

    // Every queued change applied exactly once, in order, none refused.
    for (const t of [a, b]) {
      const rows = await server.db
        .selectFrom('sync_mutations')
        .select(['mutation_id', 'status'])
        .where('client_id', '=', await getMeta(t.db, 'clientId'))
        .orderBy('seq')
        .execute();
      const n = (await getMeta(t.db, 'nextMutationId')) - 1;
      expect(rows.map((r) => [Number(r.mutation_id), r.status])).toEqual(
        Array.from({ length: n }, (_, i) => [i + 1, 'applied']),
      );
      expect(await getMeta(t.db, 'fullSync')).toBeFalsy();
    }
    for (const id of ledger.sales.keys())
      expect(
        await server.db
          .selectFrom('orders')
          .select(['order_total', 'amount_paid'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow(),
      ).toEqual(ledger.expected(id));
    // The queued sale got a version above the moved horizon: the sequences came along.
    const v = await server.db
      .selectFrom('orders')
      .select('version')
      .where('id', '=', queuedA)
      .executeTakeFirstOrThrow();
    expect(Number(v.version)).toBeGreaterThan(Number(before.horizon));

    // Delta only: the first pull of each till asks from its old cookie, and every row pulled is newer
    // than it (the template's thousands of rows are not sent again).
    pulls.forEach((seen, i) => {
      expect(seen.length).toBeGreaterThan(0);
      expect(seen[0]!.cookie).toBe(before.cookies[i]);
      const rows = seen.flatMap((p) => p.rows);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.length).toBeLessThan(100);
      expect(Math.min(...rows)).toBeGreaterThan(before.cookies[i]!);
    });

    const pic = await sql<{
      bytes: Buffer;
      thumb: Buffer;
    }>`select bytes, thumb from customer_history_images where id = ${picture.id}`.execute(server.db);
    expect(Buffer.compare(pic.rows[0]!.bytes, picture.bytes)).toBe(0);
    expect([...pic.rows[0]!.thumb]).toEqual([0, 255]);
    await server.close();
    server = undefined;

    // Again into the same (now filled) database: refused, nothing touched.
    const orders = async () => {
      const c = new pg.Client({ connectionString: target });
      await c.connect();
      try {
        return (await c.query<{ n: string }>('select count(*)::text as n from orders')).rows[0]?.n;
      } finally {
        await c.end();
      }
    };
    const count = await orders();
    const again = await moveCommand(cfg.dataDir, target);
    expect(again.code).toBe(2);
    expect(again.err).toMatch(/^Cannot move: the target database is not empty \(it has public\.\w+/);
    expect(await orders()).toBe(count);
    // Three runs of the command (each a Node process compiling the server's TypeScript), two
    // servers, two tills' first downloads: over 60 s beside another `npm test` on 2 cores. A
    // budget for the work, not a retry.
  }, 180_000);
});

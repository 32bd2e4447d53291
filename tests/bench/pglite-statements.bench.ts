// `npm run bench pglite-statements`: what one statement, one commit and one savepoint cost on PGlite
// opened as the server opens it (server/db/database.ts: Kysely over PGlite's node-postgres adapter,
// fsync off), beside the raw autocommit insert `npm run bench scale` compares the push with. Answers
// whether applying several pushes in one transaction (group commit, a savepoint each) could make a
// push cost two raw inserts: docs/figures.md "Where the push's time goes".
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { openDatabase } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { StoreSettingsService } from '../../server/services/session/store-settings-service';

const ms = Number(process.env.BENCH_MS ?? 3000);
const GROUP = 32;

/** Runs `step` (which does `units` units of work) for `ms`; units per second. */
async function rate(step: () => Promise<number>): Promise<number> {
  for (let i = 0; i < 20; i++) await step(); // warm-up: plans, JIT
  let n = 0;
  const start = performance.now();
  const end = start + ms;
  while (performance.now() < end) n += await step();
  return n / ((performance.now() - start) / 1000);
}

/**
 * A push-shaped unit of work: the statements a one-mutation push sends inside its transaction
 * (the device's row FOR UPDATE, the horizon, two reads, the order insert, sync_mutations, the
 * device's cursor), against small tables with the same kinds of keys.
 */
async function pushLike(trx: Kysely<unknown>, device: string, horizon: boolean): Promise<void> {
  await sql`select last from dev where id = ${device} for update`.execute(trx);
  if (horizon) await sql`select 1 from state where id = 1 for share`.execute(trx);
  await sql`select v from state where id = 1`.execute(trx);
  await sql`select id from t where device_ref = ${device}`.execute(trx);
  await sql`insert into t (id, device_ref) values (${randomUUID()}, ${device})`.execute(trx);
  await sql`insert into muts (device, n) values (${device}, (select last from dev where id = ${device}) + 1)`.execute(
    trx,
  );
  await sql`update dev set last = last + 1 where id = ${device}`.execute(trx);
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pd-bench-stmt-'));
const open = await openDatabase({ dataDir: dir });
const db = open.db as unknown as Kysely<unknown>;
const pglite = open.pglite!;
try {
  await migrateToLatest(open.db);
  await pglite.exec(`
    create table t (id uuid primary key, device_ref text, created_at timestamptz not null default now());
    create index on t (device_ref);
    create table dev (id text primary key, last bigint not null default 0);
    create table muts (device text, n bigint, primary key (device, n));
    create table state (id int primary key, v bigint);
    insert into state values (1, 0);
  `);
  const devices = Array.from({ length: GROUP }, () => randomUUID());
  for (const d of devices) await pglite.query('insert into dev (id) values ($1)', [d]);
  let k = 0;
  const figures: [string, number][] = [];
  const measure = async (name: string, step: () => Promise<number>) => figures.push([name, await rate(step)]);

  await measure('raw autocommit INSERT (PGlite.query, as bench scale)', async () => {
    await pglite.query('insert into t (id, device_ref) values ($1, $2)', [randomUUID(), `R-${k++}`]);
    return 1;
  });
  await measure('autocommit INSERT through Kysely + pg adapter', async () => {
    await sql`insert into t (id, device_ref) values (${randomUUID()}, ${`R-${k++}`})`.execute(db);
    return 1;
  });
  await measure('select 1 through Kysely + pg adapter', async () => {
    await sql`select 1`.execute(db);
    return 1;
  });
  await measure(`INSERT inside a transaction (${GROUP} per transaction)`, async () => {
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < GROUP; i++)
        await sql`insert into t (id, device_ref) values (${randomUUID()}, ${`R-${k++}`})`.execute(trx);
    });
    return GROUP;
  });
  await measure('empty transaction (BEGIN; COMMIT)', async () => {
    await db.transaction().execute(() => Promise.resolve());
    return 1;
  });
  const settings = new StoreSettingsService();
  await measure("the store settings' change stamp (one per mutation)", async () => {
    await settings.load(open.db);
    return 1;
  });
  await measure('sync_state FOR SHARE (the horizon) in a transaction of 32', async () => {
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < GROUP; i++) await sql`select 1 from sync_state where id = 1 for share`.execute(trx);
    });
    return GROUP;
  });
  await measure('SAVEPOINT + RELEASE pair', async () => {
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < GROUP; i++) {
        await sql`savepoint p`.execute(trx);
        await sql`release savepoint p`.execute(trx);
      }
    });
    return GROUP;
  });
  // The three shapes twice, in turn and back (A B C C B A): the tables grow as the bench runs.
  const shapes: [string, () => Promise<number>][] = [
    [
      'push-shaped unit, one transaction each (today)',
      async () => {
        const d = devices[k++ % GROUP]!;
        await db.transaction().execute((trx) => pushLike(trx, d, true));
        return 1;
      },
    ],
    [
      `push-shaped units, ${GROUP} in one transaction, a savepoint each`,
      async () => {
        await db.transaction().execute(async (trx) => {
          await sql`select 1 from state where id = 1 for share`.execute(trx);
          for (const d of devices) {
            await sql`savepoint p`.execute(trx);
            await pushLike(trx, d, false);
            await sql`release savepoint p`.execute(trx);
          }
        });
        return GROUP;
      },
    ],
    [
      `push-shaped units, ${GROUP} in one transaction, no savepoints`,
      async () => {
        await db.transaction().execute(async (trx) => {
          await sql`select 1 from state where id = 1 for share`.execute(trx);
          for (const d of devices) await pushLike(trx, d, false);
        });
        return GROUP;
      },
    ],
  ];
  for (const [name, step] of [...shapes, ...[...shapes].reverse()]) await measure(name, step);

  const raw = figures[0]![1];
  console.log(`PGlite as the server opens it; ${ms} ms each; load average ${os.loadavg()[0]!.toFixed(1)}`);
  for (const [name, r] of figures)
    console.log(
      `${name.padEnd(62)} ${r.toFixed(0).padStart(7)}/s  ${((r / raw) * 100).toFixed(0).padStart(4)} % of raw`,
    );
} finally {
  await open.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

/**
 * PGlite's one connection is handed over through a turn of the event loop (server/db/pglite-turns.ts;
 * docs/decisions/sync.md "First-sync storm latency"): with many statements and transactions queued
 * at once, timers and sockets still get their turns, transactions stay whole, and every statement
 * still runs, in order.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyTemplate, type TestDatabaseConfig } from '../../support/engines';
import { openDatabase, type OpenDatabase } from '../../../server/db/database';

describe('PGlite hands its connection over through the event loop', () => {
  let cfg: TestDatabaseConfig;
  let open: OpenDatabase;

  beforeAll(async () => {
    cfg = await copyTemplate('pglite');
    open = await openDatabase({ dataDir: cfg.dataDir });
  });
  afterAll(async () => {
    await open?.close();
    await cfg?.cleanup();
  });

  it('lets a timer run while a queue of statements drains', async () => {
    let done = 0;
    let doneWhenTimerRan = -1;
    const timer = new Promise<void>((resolve) =>
      setTimeout(() => {
        doneWhenTimerRan = done;
        resolve();
      }, 0),
    );
    const n = 200;
    await Promise.all(
      Array.from({ length: n }, () => sql`select count(*) from products`.execute(open.db).then(() => done++)),
    );
    await timer;
    // Before the hand-over waited for the loop, the whole queue ran as one chain of microtasks and
    // the timer only ran after the last statement.
    expect(doneWhenTimerRan).toBeGreaterThanOrEqual(0);
    expect(doneWhenTimerRan).toBeLessThan(n);
  });

  it('keeps transactions whole and serves the queue in order', async () => {
    await sql`create temp table turns (tx int, step int, seq serial)`.execute(open.db);
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 20 }, (_, tx) =>
        open.db.transaction().execute(async (trx) => {
          for (let step = 0; step < 3; step++) {
            await sql`insert into turns (tx, step) values (${tx}, ${step})`.execute(trx);
            // A turn of the loop inside the transaction must not let anyone else in.
            await new Promise((r) => setImmediate(r));
          }
          order.push(tx);
        }),
      ),
    );
    const rows = (await sql<{ tx: number }>`select tx from turns order by seq`.execute(open.db)).rows;
    expect(rows.map((r) => r.tx)).toEqual(Array.from({ length: 20 }, (_, tx) => [tx, tx, tx]).flat());
    expect(order).toEqual(Array.from({ length: 20 }, (_, tx) => tx));
  });
});

/**
 * The state several server processes share through the database (migration 0027-m,
 * docs/operations.md "Running several processes"): the rate-limit windows and the built-in
 * captcha's challenges. Two handles on one database stand for two processes (on PGlite, where one
 * process serves the database, both are the same handle). Both engines.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SharedCaptcha } from '../../../server/adapters/captcha/shared';
import { CAPTCHA_MAX_ATTEMPTS } from '../../../server/adapters/captcha/types';
import { openDatabase, type OpenDatabase } from '../../../server/db/database';
import { migrateToLatest } from '../../../server/db/migrate';
import type { DB } from '../../../server/db/schema';
import { DatabaseHitCounter } from '../../../server/services/session/hit-counter';
import { copyTemplate, testEngines, type TestDatabaseConfig } from '../../support/engines';

describe.each(testEngines())('state shared through the database on %s', (engine) => {
  let cfg: TestDatabaseConfig;
  let one: OpenDatabase;
  let two: OpenDatabase | null = null;
  let db2: Kysely<DB>;

  beforeAll(async () => {
    cfg = await copyTemplate(engine);
    one = await openDatabase({ dataDir: cfg.dataDir, databaseUrl: cfg.databaseUrl });
    await migrateToLatest(one.db);
    if (cfg.databaseUrl) two = await openDatabase({ dataDir: cfg.dataDir, databaseUrl: cfg.databaseUrl });
    db2 = two?.db ?? one.db;
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
    await cfg?.cleanup();
  });

  it('counts one window across processes, per scope and key, and starts a new window after it', async () => {
    const a = new DatabaseHitCounter(one.db);
    const b = new DatabaseHitCounter(db2);
    const counts = [];
    for (const c of [a, b, a, b]) counts.push((await c.hit('login', '198.51.100.7', 60_000)).count);
    expect(counts).toEqual([1, 2, 3, 4]);
    expect((await b.hit('login', '198.51.100.8', 60_000)).count).toBe(1);
    expect((await b.hit('captcha', '198.51.100.7', 60_000)).count).toBe(1);
    const { ttlMs } = await a.hit('login', '198.51.100.7', 60_000);
    expect(ttlMs).toBeGreaterThan(0);
    expect(ttlMs).toBeLessThanOrEqual(60_000);
    // The window ran out (moved back an hour rather than waited for).
    await one.db
      .updateTable('rate_limits')
      .set({ window_start: new Date(Date.now() - 3_600_000) })
      .where('scope', '=', 'login')
      .execute();
    expect((await b.hit('login', '198.51.100.7', 60_000)).count).toBe(1);
    expect((await a.hit('login', '198.51.100.7', 60_000)).count).toBe(2);
  });

  it('a captcha drawn by one process is checked by another and spent once', async () => {
    const a = new SharedCaptcha(one.db);
    const b = new SharedCaptcha(db2);
    const { id, image } = await a.issue();
    expect(image.contentType).toBe('image/svg+xml');
    const answer = (await b.answerOf(id))!;
    expect(answer).toMatch(/^[A-HJ-NP-Z2-9]{5}$/);
    expect(await b.consume(id)).toBe(false);
    expect(await b.check(id, 'xxxxx')).toBe('mismatch');
    expect(await a.check(id, ` ${answer.toLowerCase()} `)).toBe('ok');
    expect(await b.consume(id)).toBe(true);
    expect(await a.consume(id)).toBe(false);
    // Spent after the maximum wrong answers, even for the right one after.
    const spent = await b.issue(id);
    for (let i = 1; i < CAPTCHA_MAX_ATTEMPTS; i++)
      expect(await (i % 2 ? a : b).check(spent.id, 'xxxxx')).toBe('mismatch');
    expect(await a.check(spent.id, 'xxxxx')).toBe('spent');
    expect(await b.check(spent.id, (await a.answerOf(spent.id))!)).toBe('spent');
    // A new image drops the visitor's previous challenge; an expired one is 'expired'; so is nonsense.
    const next = await a.issue(spent.id);
    expect(await b.answerOf(spent.id)).toBeUndefined();
    await one.db
      .updateTable('captcha_challenges')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    expect(await b.check(next.id, (await a.answerOf(next.id))!)).toBe('expired');
    expect(await b.check('not-a-uuid', 'AAAAA')).toBe('expired');
    expect(await a.consume(undefined)).toBe(false);
  });
});

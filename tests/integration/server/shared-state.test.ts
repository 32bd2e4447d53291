/**
 * The state several server processes share through the database (migration 0027-m,
 * docs/operations.md "Running several processes"): the rate-limit windows, the captcha's key and
 * its spent challenges (migration 0028-e). Two handles on one database stand for two processes (on PGlite, where one
 * process serves the database, both are the same handle). Both engines.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { AltchaCaptcha } from '../../../server/adapters/captcha/altcha';
import { openDatabase, type OpenDatabase } from '../../../server/db/database';
import { migrateToLatest } from '../../../server/db/migrate';
import type { DB } from '../../../server/db/schema';
import { DatabaseHitCounter } from '../../../server/services/session/hit-counter';
import { CHEAP_CAPTCHA, encodePayload } from '../../support/captcha';
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

  it('a captcha issued by one process is verified by another and spent once, whoever spends it', async () => {
    const a = new AltchaCaptcha(one.db, CHEAP_CAPTCHA);
    const b = new AltchaCaptcha(db2, CHEAP_CAPTCHA);
    const challenge = await a.issue();
    const solved = await solveChallenge({ challenge: challenge as never, deriveKey });
    const payload = encodePayload({
      challenge,
      solution: { counter: solved!.counter, derivedKey: solved!.derivedKey },
    });
    // The key was made once, by the first process to need it, and the other reads the same.
    expect(await b.check(payload)).toBe('ok');
    expect(await a.check(payload)).toBe('ok');
    // Two processes spend it at once: exactly one wins.
    const spends = await Promise.all([a.consume(payload), b.consume(payload)]);
    expect(spends.filter(Boolean)).toHaveLength(1);
    expect(await a.check(payload)).toBe('spent');
    expect(await b.consume(payload)).toBe(false);
    // Another server (another key) does not accept this one's challenges.
    const stranger = new AltchaCaptcha(one.db, { ...CHEAP_CAPTCHA, secret: 'another-server-key-of-32-characters!!' });
    expect(await stranger.check(payload)).toBe('invalid');
    expect(await a.check('not base64 json')).toBe('invalid');
    expect(await a.consume('')).toBe(false);
  });
});

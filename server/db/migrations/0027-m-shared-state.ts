/**
 * Migration 0027-m: state that several server processes on one PostgreSQL database must share
 * (docs/operations.md "Running several processes"; docs/decisions/server.md "Several server
 * processes"). Both tables are server-only: not versioned, never pulled, never backed up for their
 * own sake (losing them costs a shopper a new captcha image or resets a rate-limit window).
 *
 * - rate_limits: one fixed window per (scope, key): the login and registration limits, the payment
 *   link page's, the captcha image/answer/message limits. `window_start` is the database's clock,
 *   so every process counts the same window. Rows of windows long gone are deleted now and then by
 *   the counter itself (server/services/session/hit-counter.ts).
 * - captcha_challenges: the built-in captcha's challenges (server/adapters/captcha/shared.ts), so
 *   the image drawn by one process is checked and spent by whichever process gets the answer.
 *
 * On PGlite (one process) the server keeps both in memory; the tables exist there too and the
 * tests use them on both engines.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
create table rate_limits (
  scope text not null,
  key text not null,
  window_start timestamptz not null default now(),
  hits integer not null default 1,
  primary key (scope, key)
)`.execute(db);
  await sql`create index rate_limits_window_idx on rate_limits (window_start)`.execute(db);
  await createCaptchaChallenges(db);
}

/** captcha_challenges and its index (also what 0029-a's `down` puts back). */
export async function createCaptchaChallenges(db: Kysely<unknown>): Promise<void> {
  await sql`
create table captcha_challenges (
  id uuid primary key,
  answer text not null,
  expires_at timestamptz not null,
  attempts integer not null default 0,
  solved boolean not null default false
)`.execute(db);
  await sql`create index captcha_challenges_expires_idx on captcha_challenges (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table captcha_challenges`.execute(db);
  await sql`drop table rate_limits`.execute(db);
}

/**
 * Migration 0029-a: drops captcha_challenges (0027-m). The built-in SVG captcha that kept its
 * challenges there was replaced by ALTCHA proof of work (docs/decisions/server.md "Captcha: ALTCHA
 * proof of work"): a challenge is HMAC-signed and kept by nobody, and captcha_spent (0028-e) makes
 * one solve send one message. Nothing has read or written the table since.
 */
import { sql, type Kysely } from 'kysely';
import { createCaptchaChallenges } from './0027-m-shared-state';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists captcha_challenges`.execute(db);
}

/** The table as 0027-m made it (empty: its rows were challenges minutes long). */
export const down = createCaptchaChallenges;

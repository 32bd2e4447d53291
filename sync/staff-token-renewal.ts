/**
 * Keeps the signed-in staff member's staff token fresh while they stay signed in for weeks
 * (docs/decisions/sync.md "Staff tokens: who made a queued change"): after a completed sync cycle,
 * once a day at most, GET /api/session?deviceId= returns a new token for the session's staff member,
 * stored over the old one (the offline verifier stays as it was: offline sign-in still needs an
 * online sign-in with the password in the last 14 days).
 *
 * Must stay true: a token is stored only for the staff member the server's session names, so an
 * offline sign-in not yet confirmed (another person's cookie) never receives someone else's token.
 */
import { sessionReplySchema } from '../src/contracts/session';
import type { PartsdeskDb } from '../src/db/database';
import { renewStaffToken } from '../src/db/staff-sign-ins';
import type { Transport } from './transport';

/** Renew once the token has less than this left (tokens last 14 days: about once a day). */
export const RENEW_WHEN_LEFT_MS = 13 * 86_400_000;

/** The renewed token for `userId`, or null when none was due or the server did not give one. */
export async function renewStaffTokenIfDue(
  db: PartsdeskDb,
  transport: Transport,
  userId: string,
  now: number,
): Promise<string | null> {
  const record = await db.staffSignIns.get(userId);
  if (!record || Date.parse(record.tokenExpiresAt) - now > RENEW_WHEN_LEFT_MS) return null;
  const clientId = (await db.meta.get('clientId'))?.value;
  if (typeof clientId !== 'string') return null;
  let reply;
  try {
    reply = await transport({ method: 'GET', path: `/api/session?deviceId=${encodeURIComponent(clientId)}` });
  } catch {
    return null;
  }
  const parsed = sessionReplySchema.safeParse(reply.body);
  if (reply.status !== 200 || !parsed.success) return null;
  const { user, staffToken } = parsed.data;
  if (user?.id !== userId || !staffToken) return null;
  return (await renewStaffToken(db, userId, staffToken.token, staffToken.expiresAt)) ? staffToken.token : null;
}

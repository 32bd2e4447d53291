/**
 * Staff who signed in on this device (Dexie store `staffSignIns`, version 7): the staff token the
 * server issued them for this device (stamped on every change they queue, so the server records
 * them as its maker whoever's session pushes it) and the offline sign-in verifier derived from
 * their password on the device (src/device/offline-sign-in.ts). docs/decisions/sync.md "Staff
 * tokens: who made a queued change" and "Offline staff sign-in".
 *
 * Must stay true: never a password, never the server's password hash. `verifier` is PBKDF2 of the
 * password with a random salt of this record; a record whose verifier is older than
 * OFFLINE_SIGN_IN_MS signs nobody in offline.
 */
import type { PartsdeskDb } from './database';
import type { StaffSignIn } from './staff-sign-in-record';

export type { StaffSignIn };

export const normaliseUsername = (name: string): string => name.trim().toLowerCase();

/** The token the device stamps on what `userId` queues (undefined: none, e.g. signed in before tokens). */
export async function staffTokenOf(db: PartsdeskDb, userId: string): Promise<string | undefined> {
  return (await db.staffSignIns.get(userId))?.token;
}

export function findStaffSignIn(db: PartsdeskDb, username: string): Promise<StaffSignIn | undefined> {
  return db.staffSignIns.where('username').equals(normaliseUsername(username)).first();
}

/** Stores a sign-in; a username taken by another user id (renamed staff) is dropped first. */
export async function putStaffSignIn(db: PartsdeskDb, record: StaffSignIn): Promise<void> {
  await db.transaction('rw', db.staffSignIns, async () => {
    await db.staffSignIns
      .where('username')
      .equals(record.username)
      .and((r) => r.userId !== record.userId)
      .delete();
    await db.staffSignIns.put(record);
  });
}

/** A renewed token (GET /api/session?deviceId=) for a staff member already stored; the verifier stays. */
export async function renewStaffToken(
  db: PartsdeskDb,
  userId: string,
  token: string,
  expiresAt: string,
): Promise<boolean> {
  return (await db.staffSignIns.update(userId, { token, tokenExpiresAt: expiresAt })) > 0;
}

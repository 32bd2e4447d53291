/**
 * A staff member who signed in on this device: the record of the `staffSignIns` store (Dexie
 * version 7). Its own file so database.ts and staff-sign-ins.ts both name it without an import
 * cycle (docs/architecture.md "Rules lint enforces").
 */
import type { SessionUser } from '../contracts/session';

export interface StaffSignIn {
  /** The staff user id (primary key). */
  userId: string;
  /** Lower-case, trimmed: what the login form looks up (unique). */
  username: string;
  user: SessionUser;
  /** The server's signed token for this staff member on this device, and when it expires (ISO). */
  token: string;
  tokenExpiresAt: string;
  /** From the last online sign-in with the password; absent: no offline sign-in. */
  verifier?: { salt: string; iterations: number; hash: string; signedInAt: string };
}

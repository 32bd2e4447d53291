/**
 * The last staff session this browser saw, so a POS device that restarts without the network opens
 * straight into the POS instead of "cannot check your session". It holds
 * only who was signed in and the CSRF token: the session itself is the httpOnly cookie, which the
 * server checks again on the first call back online (a 401 then asks the cashier to log in and
 * keeps the queue). Shopper sessions are not kept.
 */
import { sessionReplySchema, type SessionReply } from '../contracts/session';

const KEY = 'partsdesk.session';

export function rememberSession(reply: SessionReply): void {
  try {
    // Who and the CSRF token only: the staff token lives in the device store (src/db/staff-sign-ins.ts).
    if (reply.user?.kind === 'staff')
      localStorage.setItem(KEY, JSON.stringify({ user: reply.user, csrfToken: reply.csrfToken }));
    else localStorage.removeItem(KEY);
  } catch {
    // storage blocked: offline start will ask to reconnect
  }
}

export function cachedSession(): SessionReply | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const parsed = sessionReplySchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function forgetSession(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // nothing to forget
  }
}

/**
 * What the server has not heard yet about sign-ins on this browser (docs/decisions/sync.md "Offline
 * staff sign-in"): `signOutPending` a Log out made offline (the server's session still lives and is
 * ended at the next answer, get-session.ts); `offlineUser` the staff member signed in offline
 * (checked against the server's session at the next answer); `signInAgain` the name of one whose
 * offline sign-in the server did not confirm (the login page asks them to sign in again).
 */
const PENDING = 'partsdesk.signOutPending';
const OFFLINE_USER = 'partsdesk.offlineSignIn';
const AGAIN = 'partsdesk.signInAgain';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // storage blocked: the server's answer still decides who is signed in
  }
}

export const signOutPending = (): boolean => read(PENDING) !== null;
export const setSignOutPending = (pending: boolean): void => write(PENDING, pending ? '1' : null);
/** The staff user id signed in offline, not yet confirmed by the server. */
export const offlineSignIn = (): string | null => read(OFFLINE_USER);
export const setOfflineSignIn = (userId: string | null): void => write(OFFLINE_USER, userId);
export const signInAgainName = (): string | null => read(AGAIN);
export const setSignInAgain = (name: string | null): void => write(AGAIN, name);

/** An online sign-in answered: the server's session is the truth again. */
export function confirmedOnline(): void {
  setSignOutPending(false);
  setOfflineSignIn(null);
  setSignInAgain(null);
}

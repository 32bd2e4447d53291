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
    if (reply.user?.kind === 'staff') localStorage.setItem(KEY, JSON.stringify(reply));
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

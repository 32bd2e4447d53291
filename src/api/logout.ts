import { sessionReplySchema, type SessionReply } from '../contracts/session';
import { request, setCsrfToken } from './http';
import { forgetSession, setOfflineSignIn, setSignOutPending } from './session-cache';

const SIGNED_OUT: SessionReply = { user: null, csrfToken: null };

/**
 * DELETE /api/session: ends the session on the server and forgets the CSRF token. When the call
 * fails (offline; an offline sign-in's missing CSRF token) the device signs out on its own and the
 * server's session is ended at its next answer (get-session.ts; docs/decisions/sync.md "Offline staff sign-in").
 */
export async function logout(): Promise<SessionReply> {
  try {
    const reply = await request('/api/session', sessionReplySchema, { method: 'DELETE' });
    setSignOutPending(false);
    return reply;
  } catch {
    // Offline, or refused (an offline sign-in holds no CSRF token): this device signs out anyway.
    setSignOutPending(true);
    return SIGNED_OUT;
  } finally {
    forgetSession();
    setOfflineSignIn(null);
    setCsrfToken(null);
  }
}

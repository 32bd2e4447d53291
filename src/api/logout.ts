import { sessionReplySchema, type SessionReply } from '../contracts/session';
import { request, setCsrfToken } from './http';
import { forgetSession } from './session-cache';

/** DELETE /api/session: ends the session on the server and forgets the CSRF token. */
export async function logout(): Promise<SessionReply> {
  try {
    return await request('/api/session', sessionReplySchema, { method: 'DELETE' });
  } finally {
    forgetSession();
    setCsrfToken(null);
  }
}

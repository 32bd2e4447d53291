import { sessionReplySchema, type LoginRequest, type SessionReply } from '../contracts/session';
import { request, setCsrfToken } from './http';
import { rememberSession } from './session-cache';

/** POST /api/session: staff sign in with their username, shoppers with their email. */
export async function login(credentials: LoginRequest): Promise<SessionReply> {
  const reply = await request('/api/session', sessionReplySchema, { method: 'POST', body: credentials });
  rememberSession(reply);
  setCsrfToken(reply.csrfToken);
  return reply;
}

import type { RegisterRequest } from '../contracts/register';
import { sessionReplySchema, type SessionReply } from '../contracts/session';
import { request, setCsrfToken } from './http';

/** POST /api/account/register: creates the shopper account and signs it in. */
export async function registerShopper(body: RegisterRequest): Promise<SessionReply> {
  const reply = await request('/api/account/register', sessionReplySchema, { method: 'POST', body });
  setCsrfToken(reply.csrfToken);
  return reply;
}

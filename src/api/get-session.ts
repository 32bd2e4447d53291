import { queryOptions } from '@tanstack/react-query';
import { sessionReplySchema, type SessionReply } from '../contracts/session';
import { ApiError } from './api-error';
import { request, setCsrfToken } from './http';
import { cachedSession, rememberSession } from './session-cache';

/** GET /api/session: who is signed in on this browser (user null when nobody). */
export async function getSession(signal?: AbortSignal): Promise<SessionReply> {
  let reply: SessionReply;
  try {
    reply = await request('/api/session', sessionReplySchema, { signal });
  } catch (err) {
    // Offline (no answer at all): a POS device keeps working as the staff member last signed in.
    const cached = err instanceof ApiError && err.status === 0 ? cachedSession() : null;
    if (!cached) throw err;
    reply = cached;
  }
  rememberSession(reply);
  setCsrfToken(reply.csrfToken);
  return reply;
}

export const sessionQueryKey = ['session'] as const;

export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: ({ signal }) => getSession(signal),
  staleTime: 5 * 60_000,
});

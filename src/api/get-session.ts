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

/**
 * Who this browser starts as before GET /api/session answers: on a POS device, the last staff
 * session it saw (session-cache.ts), with its CSRF token armed. So a POS device's first screen is
 * already the POS (no shopper header, no shopper calls the server refuses staff) and its first
 * POST carries the token; the read that follows confirms or replaces it. Everyone else starts
 * unknown (undefined) until the read answers.
 */
function startingSession(): SessionReply | undefined {
  const cached = cachedSession();
  if (!cached) return undefined;
  setCsrfToken(cached.csrfToken);
  return cached;
}

export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: ({ signal }) => getSession(signal),
  staleTime: 5 * 60_000,
  initialData: startingSession,
  // Stale at once: the server is asked as soon as the session read is enabled.
  initialDataUpdatedAt: 0,
});

import { queryOptions } from '@tanstack/react-query';
import { sessionReplySchema, type SessionReply } from '../contracts/session';
import { ApiError } from './api-error';
import { request, setCsrfToken, toQueryString } from './http';
import {
  cachedSession,
  offlineSignIn,
  rememberSession,
  setOfflineSignIn,
  setSignInAgain,
  setSignOutPending,
  signOutPending,
} from './session-cache';

const SIGNED_OUT: SessionReply = { user: null, csrfToken: null };

/**
 * GET /api/session: who is signed in on this browser (user null when nobody). `deviceId` (a POS
 * device's sync client id) renews a staff member's staff token. The first answer after offline
 * sign-ins and sign-outs settles them (docs/decisions/sync.md "Offline staff sign-in"): a Log out
 * made offline ends the server's session now; a staff member signed in offline stays signed in
 * only when the server's session is theirs, else they are asked to sign in again.
 */
export async function getSession(signal?: AbortSignal, deviceId?: string): Promise<SessionReply> {
  let reply: SessionReply;
  try {
    reply = await request(`/api/session${toQueryString({ deviceId })}`, sessionReplySchema, { signal });
  } catch (err) {
    // Offline (no answer at all): a POS device keeps working as the staff member last signed in.
    const cached = err instanceof ApiError && err.status === 0 ? cachedSession() : null;
    if (!cached) throw err;
    setCsrfToken(cached.csrfToken);
    return cached;
  }
  reply = await settleOffline(reply);
  rememberSession(reply);
  setCsrfToken(reply.csrfToken);
  return reply;
}

async function settleOffline(reply: SessionReply): Promise<SessionReply> {
  const offline = offlineSignIn();
  const signedOut = signOutPending();
  if (!offline && !signedOut) return reply;
  const confirmed = offline !== null && !signedOut && reply.user?.id === offline;
  setOfflineSignIn(null);
  if (confirmed) return reply;
  if (offline) setSignInAgain(cachedSession()?.user?.name ?? 'staff');
  if (reply.user && reply.csrfToken) {
    setCsrfToken(reply.csrfToken);
    try {
      await request('/api/session', sessionReplySchema, { method: 'DELETE' });
    } catch {
      return SIGNED_OUT; // still pending: tried again at the next answer
    }
  }
  setSignOutPending(false);
  return SIGNED_OUT;
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

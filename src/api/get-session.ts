import { queryOptions } from '@tanstack/react-query';
import { sessionReplySchema, type SessionReply } from '../contracts/session';
import { request, setCsrfToken } from './http';

/** GET /api/session: who is signed in on this browser (user null when nobody). */
export async function getSession(signal?: AbortSignal): Promise<SessionReply> {
  const reply = await request('/api/session', sessionReplySchema, { signal });
  setCsrfToken(reply.csrfToken);
  return reply;
}

export const sessionQueryKey = ['session'] as const;

export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: ({ signal }) => getSession(signal),
  staleTime: 5 * 60_000,
});

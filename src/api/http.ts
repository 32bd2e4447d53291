import * as z from 'zod/mini';
import { apiErrorSchema } from '../contracts/api-error';
import { CSRF_HEADER } from '../contracts/session';
import { ApiError, NETWORK_FAILURE_MESSAGE } from './api-error';
import { takeEarlyResponse } from './early-fetch';

/**
 * The session's CSRF token, echoed on every state-changing call. Only the session calls
 * (get-session, login, logout) set it, from the server's reply; it lives in memory, never in
 * storage, so another origin cannot read it.
 */
let csrfToken: string | null = null;
/** Whether this page has learned its token (or that it has none) from a session reply yet. */
let csrfKnown = false;
let csrfSource: (() => Promise<unknown>) | null = null;

export function setCsrfToken(token: string | null): void {
  csrfToken = token;
  csrfKnown = true;
}

/**
 * The session read a state-changing call waits for while the token is not known yet (the app
 * registers the session query's fetch, so it is one read shared with the screen). A page's first
 * POST used to race that read: a signed-in shopper's product page sent getCatalogDetails before
 * GET /api/session answered, without the token, and got 403 (docs/decisions/storefront.md
 * "Session token before the first call").
 */
export function setCsrfSource(source: (() => Promise<unknown>) | null): void {
  csrfSource = source;
}

export type QueryValue = string | number | boolean | null | undefined;

/** `{page: 2, search: undefined}` -> "?page=2"; empty and undefined values are left out. */
export function toQueryString(params: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Calls the server and validates the reply with the contract's schema; refusals throw ApiError. */
export async function request<S extends z.core.$ZodType>(
  path: string,
  schema: S,
  opts: RequestOptions = {},
): Promise<z.infer<S>> {
  const method = opts.method ?? 'GET';
  // A read needs no token; a change made before the session answered waits for it (a failed read
  // lets the call go without one: nobody signed in, or the server is unreachable anyway).
  if (method !== 'GET' && !csrfKnown && csrfSource) await csrfSource().catch(() => undefined);
  // X-Requested-With marks a call, never a navigation, for paths that are both
  // (docs/architecture.md "Server").
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
  // A URLSearchParams body goes form encoded (the spec's "form encoded" calls), anything else as JSON.
  const formBody = opts.body instanceof URLSearchParams ? opts.body : null;
  if (opts.body !== undefined)
    headers['Content-Type'] = formBody ? 'application/x-www-form-urlencoded' : 'application/json';
  // Every method: the spec's GET calls that change data need it too (server/auth/guard.ts).
  if (csrfToken) headers[CSRF_HEADER] = csrfToken;

  const send = () =>
    fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: formBody ? formBody.toString() : opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: opts.signal,
    });
  const early = method === 'GET' ? takeEarlyResponse(path) : null;
  let res: Response;
  try {
    // An early response that failed (offline, say) is simply asked for again.
    res = early ? await early.catch(send) : await send();
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, { error: 'network', message: NETWORK_FAILURE_MESSAGE });
  }

  const json = await readJson(res);
  if (!res.ok) {
    const body = z.safeParse(apiErrorSchema, json);
    throw new ApiError(
      res.status,
      body.success ? body.data : { error: `http_${res.status}`, message: NETWORK_FAILURE_MESSAGE },
    );
  }
  const reply = z.safeParse(schema, json);
  if (!reply.success) {
    // The server and this bundle disagree on the contract (usually an old cached client).
    throw new ApiError(res.status, {
      error: 'bad_reply',
      message: 'The app is out of date. Reload the page and try again.',
    });
  }
  return reply.data;
}

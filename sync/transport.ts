/**
 * The engine's only way to the server, injected so tests can put a faulty network in between.
 * A transport resolves with whatever status the server answered and throws only when no answer
 * arrived (offline, timeout, connection reset): the engine treats a throw as "unknown outcome".
 */
export interface TransportRequest {
  method: 'GET' | 'POST';
  /** Path and query, e.g. '/sync/pull?cookie=0'. */
  path: string;
  body?: unknown;
  /** Aborts the request (the engine's reconnected()); the transport then throws. */
  signal?: AbortSignal;
}

export interface TransportReply {
  status: number;
  body: unknown;
}

export type Transport = (req: TransportRequest) => Promise<TransportReply>;

/** fetch with the session cookie and the CSRF header the server requires on POST. */
export function fetchTransport(baseUrl: string, csrfToken: () => string | null, timeoutMs = 30_000): Transport {
  return async (req) => {
    const headers: Record<string, string> = { accept: 'application/json', 'x-requested-with': 'partsdesk-sync' };
    const token = csrfToken();
    if (req.method !== 'GET' && token) headers['x-csrf-token'] = token;
    // A FormData body (a picture upload, sync/uploads.ts) sets its own multipart content type.
    const form = typeof FormData !== 'undefined' && req.body instanceof FormData;
    if (req.body !== undefined && !form) headers['content-type'] = 'application/json';
    const res = await fetch(baseUrl + req.path, {
      method: req.method,
      headers,
      credentials: 'include',
      body: req.body === undefined ? null : form ? (req.body as FormData) : JSON.stringify(req.body),
      signal: req.signal ? anySignal([req.signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    return { status: res.status, body };
  };
}

/** AbortSignal.any where the browser has it (Safari < 17.4 does not): aborts when any does. */
function anySignal(signals: AbortSignal[]): AbortSignal {
  const any = (AbortSignal as { any?: (s: AbortSignal[]) => AbortSignal }).any;
  if (any) return any.call(AbortSignal, signals);
  const ctrl = new AbortController();
  for (const s of signals) {
    if (s.aborted) ctrl.abort(s.reason);
    else s.addEventListener('abort', () => ctrl.abort(s.reason), { once: true });
  }
  return ctrl.signal;
}

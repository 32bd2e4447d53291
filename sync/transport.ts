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
    if (req.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(baseUrl + req.path, {
      method: req.method,
      headers,
      credentials: 'include',
      body: req.body === undefined ? null : JSON.stringify(req.body),
      signal: AbortSignal.timeout(timeoutMs),
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

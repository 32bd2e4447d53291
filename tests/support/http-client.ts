/**
 * A tiny browser-like HTTP client for integration tests: keeps the session cookie, echoes the
 * CSRF token on state-changing calls, and returns status + parsed JSON body.
 */
export interface Reply<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export class TestClient {
  private cookie = '';
  csrfToken: string | null = null;

  constructor(private readonly base: string) {}

  async request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Reply<T>> {
    const h: Record<string, string> = { accept: 'application/json', ...headers };
    if (this.cookie) h.cookie = this.cookie;
    // Every method, as the app's client does (the spec's GETs that change data need it too).
    if (this.csrfToken && !('x-csrf-token' in headers)) h['x-csrf-token'] = this.csrfToken;
    let payload: string | undefined;
    if (body !== undefined) {
      payload = typeof body === 'string' ? body : JSON.stringify(body);
      h['content-type'] ??= 'application/json';
    }
    const res = await fetch(this.base + path, { method, headers: h, body: payload, redirect: 'manual' });
    const setCookie = res.headers.getSetCookie();
    for (const c of setCookie) {
      const [pair] = c.split(';');
      if (pair?.startsWith('pd_session=')) this.cookie = pair.endsWith('=') ? '' : pair;
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON (the app shell): keep the text
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  get<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>('GET', path, undefined, headers);
  }
  post<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, body, headers);
  }
  delete<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>('DELETE', path, undefined, headers);
  }

  async login(username: string, password: string): Promise<Reply> {
    const r = await this.post('/api/session', { username, password });
    if (r.status === 200) this.csrfToken = r.body.csrfToken;
    return r;
  }

  get sessionCookie(): string {
    return this.cookie;
  }
}

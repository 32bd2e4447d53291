/**
 * A page's first state-changing call must carry the session's CSRF token even when it starts
 * before GET /api/session answered (a signed-in shopper's product page sent getCatalogDetails
 * first and got 403, so "Find Products That Fit" never showed): it waits for the session read.
 */
import * as z from 'zod/mini';
import { afterEach, describe, expect, it, vi } from 'vitest';

const ok = () => new Response('{"ok":true}', { status: 200, headers: { 'Content-Type': 'application/json' } });
const schema = z.object({ ok: z.boolean() });

describe('request(): the CSRF token before the first call', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('a POST made before the session answered waits for it and carries the token', async () => {
    const http = await import('../../../src/api/http');
    const sent: { method: string; token: string | null }[] = [];
    vi.stubGlobal('fetch', (_path: string, init: RequestInit) => {
      const headers = init.headers as Record<string, string>;
      sent.push({ method: init.method ?? 'GET', token: headers['X-CSRF-Token'] ?? null });
      return Promise.resolve(ok());
    });
    let answer!: () => void;
    const session = new Promise<void>((resolve) => (answer = resolve));
    http.setCsrfSource(() => session.then(() => http.setCsrfToken('t-1')));

    const post = http.request('/ymm/json/getCatalogDetails', schema, { method: 'POST', body: {} });
    const get = http.request('/api/products/', schema);
    await get;
    expect(sent).toEqual([{ method: 'GET', token: null }]); // a read does not wait
    answer();
    await post;
    expect(sent[1]).toEqual({ method: 'POST', token: 't-1' });
  });

  it('once the token is known (even as none) nothing waits; a failed session read lets the call go', async () => {
    const http = await import('../../../src/api/http');
    const seen: (string | null)[] = [];
    vi.stubGlobal('fetch', (_p: string, init: RequestInit) => {
      seen.push((init.headers as Record<string, string>)['X-CSRF-Token'] ?? null);
      return Promise.resolve(ok());
    });
    const source = vi.fn(() => Promise.reject(new Error('offline')));
    http.setCsrfSource(source);
    await http.request('/a', schema, { method: 'POST', body: {} });
    expect(source).toHaveBeenCalledTimes(1);
    http.setCsrfToken(null);
    await http.request('/b', schema, { method: 'POST', body: {} });
    expect(source).toHaveBeenCalledTimes(1);
    expect(seen).toEqual([null, null]);
  });
});

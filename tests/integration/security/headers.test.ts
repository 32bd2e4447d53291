/** HTML responses carry the security headers; every response nosniff. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/app-server';
import { testEngines } from '../../support/engines';

const navigate = { 'sec-fetch-mode': 'navigate', accept: 'text/html' };

describe.each(testEngines())('security headers on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('the app shell: CSP with hashed scripts only, frame-ancestors none, nosniff, referrer and permissions policies', async () => {
    for (const url of ['/', '/pos/order', '/checkout/pay?token=abc', '/index.html']) {
      // inject: fetch() sends its own Sec-Fetch-Mode (cors), a browser's navigation says navigate.
      const res = await server.app.inject({ method: 'GET', url, headers: navigate });
      const r = { headers: new Headers(Object.entries(res.headers).map(([k, v]) => [k, String(v)])) };
      expect(r.headers.get('content-type'), url).toMatch(/^text\/html/);
      const csp = r.headers.get('content-security-policy') ?? '';
      const script = csp.split('; ').find((d) => d.startsWith('script-src ')) ?? '';
      expect(script, url).toMatch(/^script-src 'self'/);
      expect(script, url).not.toContain('unsafe-inline');
      expect(script, url).not.toContain('unsafe-eval');
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(r.headers.get('x-frame-options'), url).toBe('DENY');
      expect(r.headers.get('x-content-type-options'), url).toBe('nosniff');
      expect(r.headers.get('referrer-policy'), url).toBe('same-origin');
      expect(r.headers.get('permissions-policy'), url).toContain('camera=()');
    }
  });

  it('API replies are nosniff and carry no page policy', async () => {
    const r = await fetch(server.url + '/healthz');
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(r.headers.get('content-security-policy')).toBeNull();
    await r.arrayBuffer();
  });
});

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaVersion } from '../../../server/db/migrate';
import { PROTOCOL_VERSION } from '../../../src/contracts/protocol-version';
import zlib from 'node:zlib';
import { FAKE_ASSET, FAKE_ASSET_TEXT, startTestServer, type TestServer } from '../../support/app-server';
import { TestClient } from '../../support/http-client';

describe('routing, SPA fallback and health', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('reports engine and schema version on /healthz', async () => {
    const r = await new TestClient(server.url).get('/healthz');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: 'ok', engine: 'pglite', protocolVersion: PROTOCOL_VERSION });
    // Its one statement gives the number the migrator's own reading gives, live: a newer migration shows at once.
    const live = await schemaVersion(server.open.db);
    expect(live).toBeGreaterThanOrEqual(29);
    expect(r.body.schemaVersion).toBe(live);
    await sql`insert into kysely_migration (name, timestamp) values ('9999-z-later', now())`.execute(server.open.db);
    try {
      expect((await new TestClient(server.url).get('/healthz')).body.schemaVersion).toBe(9999);
    } finally {
      await sql`delete from kysely_migration where name = '9999-z-later'`.execute(server.open.db);
    }
  });

  it.each(['/', '/pos/order', '/product/catalog', '/pos/order/view?order_id=3', '/pos/checkout'])(
    'serves the app shell to a navigation to %s',
    async (path) => {
      // fetch() overwrites Sec-Fetch-Mode, so navigations go through inject (same app, same hooks).
      const r = await server.app.inject({
        method: 'GET',
        url: path,
        headers: { accept: 'text/html', 'sec-fetch-mode': 'navigate' },
      });
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toMatch(/text\/html/);
      expect(r.body).toContain('<div id="root">');
    },
  );

  it('answers a navigation to a link that is nothing (no product, brand, category or post) 404 with the app shell', async () => {
    const navigate = (url: string) =>
      server.app.inject({ method: 'GET', url, headers: { accept: 'text/html', 'sec-fetch-mode': 'navigate' } });
    for (const path of ['/no-such-product-xyz', '/no%20such']) {
      const r = await navigate(path);
      expect(r.statusCode, path).toBe(404);
      expect(r.headers['content-type']).toMatch(/text\/html/);
      expect(r.body).toContain('<div id="root">');
    }
    // The API says the same for the link's read; a real product's link is 200.
    const c = new TestClient(server.url);
    expect((await c.get('/api/products/page/no-such-product-xyz')).status).toBe(404);
    const product = (await c.get('/api/products/?limit=1')).body.products[0] as { links: { view: string } };
    expect((await navigate(product.links.view)).statusCode).toBe(200);
    // A path that is not valid percent-encoding is the router's 400 before any page is looked for.
    expect((await navigate('/%E0%A4')).statusCode).toBe(400);
  });

  it('serves build assets brotli- or gzip-compressed from their siblings, cached for good; the shell revalidated', async () => {
    const br = await server.app.inject({ method: 'GET', url: FAKE_ASSET, headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(FAKE_ASSET_TEXT);
    const gz = await server.app.inject({ method: 'GET', url: FAKE_ASSET, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(FAKE_ASSET_TEXT);
    const plain = await server.app.inject({ method: 'GET', url: FAKE_ASSET });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(FAKE_ASSET_TEXT);
    const shell = await server.app.inject({
      method: 'GET',
      url: '/product/catalog',
      headers: { accept: 'text/html', 'sec-fetch-mode': 'navigate' },
    });
    expect(shell.headers['cache-control']).toBe('no-cache');
  });

  it('answers unknown API calls with 404 JSON, even from a browser tab', async () => {
    const c = new TestClient(server.url);
    const api = await c.get('/api/nope');
    expect(api.status).toBe(404);
    expect(api.body).toEqual({ error: 'not_found', message: 'No such call: GET /api/nope' });
    const nav = await server.app.inject({
      method: 'GET',
      url: '/api/nope',
      headers: { accept: 'text/html', 'sec-fetch-mode': 'navigate' },
    });
    expect(nav.statusCode).toBe(404);
    expect(nav.headers['content-type']).toMatch(/json/);
    const legacy = await server.app.inject({
      method: 'GET',
      url: '/pos/order',
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    expect(legacy.statusCode).toBe(200);
    const xhr = await server.app.inject({
      method: 'GET',
      url: '/pos/order',
      headers: { accept: 'text/html', 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(xhr.statusCode).toBe(404);
  });

  it('serves the home page to any browser, asking for compressed files or not; a non-navigation gets 404 JSON', async () => {
    for (const encoding of [undefined, 'identity', 'gzip', 'br, gzip']) {
      const headers = {
        accept: 'text/html,application/xhtml+xml',
        ...(encoding ? { 'accept-encoding': encoding } : {}),
      };
      const r = await server.app.inject({ method: 'GET', url: '/', headers });
      expect(r.statusCode, `Accept-Encoding: ${encoding ?? '(none)'}`).toBe(200);
      expect(r.headers['content-type']).toMatch(/text\/html/);
    }
    const call = await server.app.inject({ method: 'GET', url: '/', headers: { accept: 'application/json' } });
    expect(call.statusCode).toBe(404);
    expect(call.json()).toEqual({ error: 'not_found', message: 'No such call: GET /' });
  });

  it('treats a non-navigation fetch of a client route as an API call', async () => {
    const r = await new TestClient(server.url).get('/pos/order/unknown', { 'sec-fetch-mode': 'cors' });
    expect(r.status).toBe(404);
    expect(r.body.error).toBe('not_found');
  });

  it('never answers 500 to bad input', async () => {
    const c = new TestClient(server.url);
    const cases = await Promise.all([
      c.post('/api/session', 'not json'),
      c.post('/api/session', '{}', { 'content-type': 'application/xml' }),
      c.get('/api/products/?page=-4&limit=abc&sort=%27;drop'),
      c.get('/api/products/?category_id=x&manufacturer_id=1e99'),
    ]);
    for (const r of cases) expect(r.status).toBeLessThan(500);
  });
});

import { X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureLocalCertificates } from '../../../server/tls/local-ca';
import { copyTemplate, type TestDatabaseConfig } from '../../support/engines';
import { freePort, runServer, type ServerProcess } from '../../support/process';

/**
 * TLS_CERT/TLS_KEY (docs/operations.md "HTTPS on the shop network"): the real server process serves
 * the operator's files on HTTPS_PORT beside plain HTTP, makes no CA of its own, and its set-up
 * calls name the https address without echoing a Host the certificate does not cover. PGlite only:
 * nothing here touches the database (the shop CA path runs in tests/e2e/https-shop-network.test.ts).
 */
describe('HTTPS with TLS_CERT and TLS_KEY (server process)', () => {
  let db: TestDatabaseConfig;
  let server: ServerProcess;
  let httpsPort: number;
  let ca: string;
  let cert: string;
  const files = fs.mkdtempSync(path.join(os.tmpdir(), 'pd-tls-files-'));

  beforeAll(async () => {
    // The operator's certificate: here from a CA of the test's own, for localhost only.
    const made = await ensureLocalCertificates({ dir: files, names: ['localhost', '127.0.0.1'] });
    [ca, cert] = [made.caCertPem, made.cert];
    db = await copyTemplate('pglite');
    httpsPort = await freePort();
    server = await runServer({
      DATA_DIR: db.dataDir,
      DATABASE_URL: '',
      TLS: 'auto',
      HOST: '127.0.0.1',
      HTTPS_PORT: String(httpsPort),
      TLS_CERT: path.join(files, 'server.crt'),
      TLS_KEY: path.join(files, 'server.key'),
    });
  });
  afterAll(async () => {
    await server?.stop();
    await db?.cleanup();
    fs.rmSync(files, { recursive: true, force: true });
  });

  function getHttps(
    pathName: string,
  ): Promise<{ status: number; body: string; peer: X509Certificate; cookies: string[] }> {
    return new Promise((resolve, reject) => {
      const req = https.get(
        { host: '127.0.0.1', servername: 'localhost', port: httpsPort, path: pathName, ca },
        (res) => {
          const peer = new X509Certificate((res.socket as TLSSocket).getPeerCertificate().raw);
          let body = '';
          res.on('data', (d: Buffer) => (body += d.toString()));
          const cookies = res.headers['set-cookie'] ?? [];
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body, peer, cookies }));
        },
      );
      req.on('error', reject);
    });
  }

  it('serves the given certificate over HTTPS, and plain HTTP as before', async () => {
    const r = await getHttps('/healthz');
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body)).toMatchObject({ status: 'ok' });
    expect(r.peer.fingerprint256).toBe(new X509Certificate(cert).fingerprint256);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect(server.stdout()).toContain(`https: serving ${path.join(files, 'server.crt')}`);
    expect(fs.existsSync(path.join(db.dataDir, 'tls'))).toBe(false);
  });

  it('marks cookies Secure on HTTPS replies and not on plain HTTP ones (SECURE_COOKIES unset: auto)', async () => {
    // Any cookie the server sets; the locator's reset clears one without a session or CSRF token.
    const reset = '/index.php?route=module/dealer_locator/reset_store';
    const overHttps = await getHttps(reset);
    expect(overHttps.status).toBe(200);
    expect(overHttps.cookies.length).toBeGreaterThan(0);
    for (const c of overHttps.cookies) expect(c).toMatch(/;\s*Secure/i);
    const overHttp = (await fetch(`${server.url}${reset}`)).headers.getSetCookie();
    expect(overHttp.length).toBeGreaterThan(0);
    for (const c of overHttp) expect(c).not.toMatch(/;\s*Secure/i);
  });

  it('has no shop certificate to download, and names the https address of a host the certificate covers', async () => {
    expect((await fetch(`${server.url}/setup/shop-ca.crt`)).status).toBe(404);
    const asked = await fetch(`${server.url}/setup/https-address`);
    expect(await asked.json()).toEqual({ url: `https://127.0.0.1:${httpsPort}/` });
    // A Host the certificate does not cover is not echoed (node's fetch keeps Host; http.get sets it).
    const spoofed = await new Promise<string>((resolve, reject) => {
      const req = https.get(
        {
          host: '127.0.0.1',
          servername: 'localhost',
          port: httpsPort,
          ca,
          path: '/setup/https-address',
          headers: { host: 'evil.example' },
        },
        (res) => {
          let body = '';
          res.on('data', (d: Buffer) => (body += d.toString()));
          res.on('end', () => resolve(body));
        },
      );
      req.on('error', reject);
    });
    expect(JSON.parse(spoofed)).toEqual({ url: `https://localhost:${httpsPort}/` });
    const page = await getHttps('/setup/device');
    expect(page.status).toBe(200);
    expect(page.body).toContain('nothing to\ninstall');
  });
});

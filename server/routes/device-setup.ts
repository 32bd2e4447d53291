/**
 * Setting up a tablet for HTTPS on the shop network (docs/operations.md "HTTPS on the shop
 * network"). Public and reachable over plain HTTP: a device that does not trust the shop yet must
 * be able to read how, and download the shop CA's certificate (never its key).
 *   GET /setup/device          the page (server/http/device-setup-page.ts)
 *   GET /setup/shop-ca.crt     the CA certificate, DER (what iPadOS, Android and Windows install)
 *   GET /setup/shop-ca.pem     the same, PEM (ChromeOS's import)
 *   GET /setup/https-address   { url }: the https address of this host, for the app's
 *                              insecure-origin notice (src/app/insecure-origin-notice.tsx)
 * The https address names the host the device used when the certificate covers it, else the
 * machine's LAN address: a Host header the certificate does not cover is never echoed.
 */
import { X509Certificate } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { HttpsAddressReply } from '../../src/contracts/https-address';
import { DEVICE_SETUP_CSP, renderDeviceSetupPage } from '../http/device-setup-page';
import { normalizeHost, preferredLanName } from '../tls/host-names';

export interface DeviceSetup {
  /** The HTTPS listener's port; null when this server serves no HTTPS itself (TLS=off, a proxy in front). */
  httpsPort: number | null;
  /** What the HTTPS listener serves now (renewals change it); null without a listener. */
  tls(): { caCertPem: string | null; names: readonly string[] } | null;
}

export function deviceSetupRoutes(
  app: FastifyInstance,
  setup: DeviceSetup | undefined,
  publicUrl: string | undefined,
): void {
  const httpsAddress = (req: FastifyRequest): string | null => {
    const tls = setup?.tls();
    if (!setup?.httpsPort || !tls) {
      if (publicUrl?.startsWith('https://')) return `${publicUrl}/`;
      return req.protocol === 'https' ? `https://${req.host}/` : null;
    }
    const asked = normalizeHost(req.hostname);
    const host = tls.names.includes(asked) ? asked : (preferredLanName(tls.names) ?? 'localhost');
    const shown = host.includes(':') ? `[${host}]` : host;
    return `https://${shown}${setup.httpsPort === 443 ? '' : `:${setup.httpsPort}`}/`;
  };
  const caPem = (): string | null => setup?.tls()?.caCertPem ?? null;
  const noCa = { error: 'not_found', message: 'This server has no shop certificate to install.' };

  app.get('/setup/device', { config: { access: 'public' } }, async (req, reply) => {
    const html = renderDeviceSetupPage({ httpsUrl: httpsAddress(req), caCertPem: caPem() });
    return reply
      .header('Cache-Control', 'no-cache')
      .header('Content-Security-Policy', DEVICE_SETUP_CSP)
      .type('text/html; charset=utf-8')
      .send(html);
  });

  app.get('/setup/https-address', { config: { access: 'public' } }, (req, reply) => {
    const body: HttpsAddressReply = { url: httpsAddress(req) };
    return reply.header('Cache-Control', 'no-cache').send(body);
  });

  for (const format of ['crt', 'pem'] as const) {
    app.get(`/setup/shop-ca.${format}`, { config: { access: 'public' } }, async (_req, reply) => {
      const pem = caPem();
      if (!pem) return reply.code(404).send(noCa);
      const body = format === 'crt' ? new X509Certificate(pem).raw : pem;
      return reply
        .header('Cache-Control', 'no-cache')
        .header('Content-Disposition', `attachment; filename="partsdesk-shop-ca.${format}"`)
        .type(format === 'crt' ? 'application/x-x509-ca-cert' : 'application/x-pem-file')
        .send(body);
    });
  }
}

/**
 * The HTTPS listener: a second Node server in front of the SAME Fastify app (app.routing, the
 * handler Fastify's own server calls), so both ports share every route, hook, session and stream.
 * Fastify owns one server per instance; a second instance would double every service. It gets the
 * app's timeouts (slow bodies, idle sockets) and serves the certificate of server/tls/server-tls.ts;
 * setCertificate() swaps it for new connections without a restart.
 */
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

export interface HttpsListener {
  readonly port: number;
  setCertificate(key: string, cert: string): void;
  /** Stops accepting; requests in flight get 5 s, then every connection is closed. */
  close(): Promise<void>;
}

export async function listenHttps(
  app: FastifyInstance,
  opts: { port: number; host: string; key: string; cert: string },
): Promise<HttpsListener> {
  await app.ready();
  const server = https.createServer({ key: opts.key, cert: opts.cert, minVersion: 'TLSv1.2' }, (req, res) =>
    app.routing(req, res),
  );
  // The same limits as the app's own HTTP server (requestTimeout, connectionTimeout, keep-alive).
  const base = app.server;
  server.requestTimeout = base.requestTimeout;
  server.headersTimeout = base.headersTimeout;
  server.keepAliveTimeout = base.keepAliveTimeout;
  server.setTimeout(base.timeout);
  // A handshake that fails (a tablet that does not trust the CA yet) or a malformed request: close
  // that socket, as Fastify's own server does, without a log line per attempt.
  server.on('tlsClientError', (_err, socket) => socket.destroy());
  server.on('clientError', (_err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    setCertificate(key, cert) {
      server.setSecureContext({ key, cert, minVersion: 'TLSv1.2' });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        // Requests in flight get a few seconds; the app's preClose hook ends its event streams.
        setTimeout(() => server.closeAllConnections(), 5000).unref();
      }),
  };
}

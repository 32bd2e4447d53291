/**
 * A device's network link for browser tests: a small forwarding HTTP proxy per browser context,
 * which the test can cut. Chromium's offline emulation (context.setOffline) is applied to each
 * page, worker and service worker as Playwright attaches to it, so a sync worker that starts while
 * the device is "offline" can send a request before the emulation reaches it — a test then sees a
 * push it never expected. The link sits below all of that: every request of the context goes
 * through it, and while it is cut, open connections are reset and new ones are dropped, as on a
 * tablet whose wifi is gone. Traffic goes to loopback only (docs/style.md "Tests").
 */
import http from 'node:http';
import net, { type Socket } from 'node:net';

export interface Link {
  /** For browser.newContext({ proxy }). */
  proxy: { server: string; bypass: string };
  /** Cut (true) or restore (false) the link. Cutting resets every open connection. */
  cut(down: boolean): void;
  close(): Promise<void>;
}

const LOOPBACK = /^(?:127(?:\.\d{1,3}){3}|localhost|\[::1\])$/;
/** The address to dial for a loopback host name (the tests' servers listen on 127.0.0.1). */
const dial = (host: string): string => (host === 'localhost' ? '127.0.0.1' : host.replace(/^\[|\]$/g, ''));

/**
 * `hosts`: shop host names this link dials on loopback (a test's `partsdesk.test` → 127.0.0.1, as
 * Chromium's --host-resolver-rules maps it; a proxy gets the name, not the address).
 */
export async function openLink(opts: { hosts?: Readonly<Record<string, string>> } = {}): Promise<Link> {
  const hosts = opts.hosts ?? {};
  const loopback = (host: string): boolean => LOOPBACK.test(host) || LOOPBACK.test(hosts[host] ?? '');
  const to = (host: string): string => dial(hosts[host] ?? host);
  let down = false;
  const clients = new Set<Socket>();
  const upstream = new Set<http.ClientRequest>();
  const tunnels = new Set<Socket>();
  const agent = new http.Agent({ keepAlive: true });

  const server = http.createServer((req, res) => {
    if (down) return void req.socket.destroy();
    let target: URL;
    try {
      target = new URL(req.url ?? '');
    } catch {
      res.writeHead(400).end();
      return;
    }
    if (target.protocol !== 'http:' || !loopback(target.hostname)) {
      res.writeHead(502).end(); // never out to a real network address
      return;
    }
    const headers = { ...req.headers };
    delete headers['proxy-connection'];
    delete headers['proxy-authorization'];
    const up = http.request(
      {
        host: to(target.hostname),
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: req.method,
        headers,
        agent,
      },
      (reply) => {
        res.writeHead(reply.statusCode ?? 502, reply.statusMessage, reply.rawHeaders);
        reply.pipe(res);
      },
    );
    upstream.add(up);
    up.on('close', () => upstream.delete(up));
    up.on('error', () => req.socket.destroy());
    res.on('close', () => up.destroy());
    req.pipe(up);
  });
  server.on('connection', (socket: Socket) => {
    if (down) return void socket.destroy();
    clients.add(socket);
    socket.on('close', () => clients.delete(socket));
  });
  // CONNECT tunnels: Playwright's own requests through the context (route.fetch) use them.
  server.on('connect', (req: http.IncomingMessage, socket: Socket, head: Buffer) => {
    const [host = '', port = ''] = (req.url ?? '').split(/:(?=\d+$)/);
    if (down || !loopback(host) || !/^\d+$/.test(port)) return void socket.destroy();
    const tunnel = net.connect(Number(port), to(host));
    tunnels.add(tunnel);
    tunnel.on('close', () => tunnels.delete(tunnel));
    tunnel.on('connect', () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) tunnel.write(head);
      tunnel.pipe(socket);
      socket.pipe(tunnel);
    });
    tunnel.on('error', () => socket.destroy());
    socket.on('error', () => tunnel.destroy());
    socket.on('close', () => tunnel.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };

  return {
    // '<-loopback>' makes Chromium send loopback traffic through the proxy too (it bypasses it by default).
    proxy: { server: `http://127.0.0.1:${port}`, bypass: '<-loopback>' },
    cut(next) {
      down = next;
      if (!next) return;
      for (const s of clients) s.destroy();
      for (const u of upstream) u.destroy();
      for (const t of tunnels) t.destroy();
    },
    async close() {
      down = true;
      for (const s of clients) s.destroy();
      for (const u of upstream) u.destroy();
      for (const t of tunnels) t.destroy();
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

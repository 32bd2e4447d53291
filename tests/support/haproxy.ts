/**
 * HAProxy (Debian's package, installed by .ci/run) in front of server processes, as a shop runs
 * several of them (docs/operations.md "Running several processes"): round robin, a health check
 * on /healthz every 200 ms (down after two failed ones), and retries on another server of a request that never reached an
 * application (connection refused, closed unanswered) or that a closing server answered 503.
 * Partsdesk's writes are idempotent (client-minted ids), so a retried push is safe.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './process';

export const HAPROXY = '/usr/sbin/haproxy';

export function haproxyAvailable(): boolean {
  return fs.existsSync(HAPROXY) && spawnSync(HAPROXY, ['-v']).status === 0;
}

export interface Proxy {
  url: string;
  /** Resolves once HAProxy's health checks see every server up. */
  allUp(): Promise<void>;
  stop(): Promise<void>;
}

/** HAProxy's configuration for servers on these loopback ports (also shown in docs/operations.md). */
export function haproxyConfig(port: number, serverPorts: number[], statsPort: number): string {
  return `global
  maxconn 512

defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  # SSE streams stay open: keep the tunnel longer than the 25 s heartbeat.
  timeout tunnel 120s
  option forwardfor
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response 503
  # A health check may take longer than its interval on a busy machine: slow is not down (with
  # the interval as its limit and one miss counting as down, process 2 was once taken out while
  # process 1 restarted, and HAProxy answered "No server is available").
  timeout check 2s

frontend web
  bind 127.0.0.1:${port}
  default_backend app

listen stats
  bind 127.0.0.1:${statsPort}
  stats enable
  stats uri /stats

backend app
  balance roundrobin
  option httpchk GET /healthz
  http-check expect status 200
${serverPorts.map((p, i) => `  server p${i + 1} 127.0.0.1:${p} check inter 200 fall 2 rise 1`).join('\n')}
`;
}

export async function startHaproxy(serverPorts: number[]): Promise<Proxy> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pd-haproxy-'));
  const port = await freePort();
  const statsPort = await freePort();
  const cfg = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(cfg, haproxyConfig(port, serverPorts, statsPort));
  const proc: ChildProcess = spawn(HAPROXY, ['-f', cfg, '-db'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  proc.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  proc.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const exited = new Promise<void>((resolve) => proc.on('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const until = async (ok: () => Promise<boolean>, what: string) => {
    for (let i = 0; i < 600; i++) {
      if (proc.exitCode !== null) throw new Error(`haproxy exited: ${log}`);
      if (await ok().catch(() => false)) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`haproxy: ${what} not reached in 30 s: ${log}`);
  };
  /** Each server's check status, from the stats page's CSV (column 18, `status`). */
  const statuses = async () => {
    const csv = await (await fetch(`http://127.0.0.1:${statsPort}/stats;csv`)).text();
    return csv
      .split('\n')
      .filter((l) => l.startsWith('app,p'))
      .map((l) => l.split(',')[17]);
  };
  await until(async () => (await fetch(`${url}/healthz`)).status === 200, 'first answer');
  return {
    url,
    async allUp() {
      await until(async () => {
        const s = await statuses();
        return s.length === serverPorts.length && s.every((x) => x === 'UP');
      }, 'all servers UP');
    },
    async stop() {
      if (proc.exitCode === null) proc.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');

/** Env var naming the run's prebuilt server bundle (./server-bundle.ts), run instead of server/main.ts through tsx. */
export const SERVER_ENTRY_ENV = 'PD_SERVER_ENTRY';

/**
 * The lowest port the kernel hands out for `listen(0)` and for outgoing connections (Linux
 * /proc/sys/net/ipv4/ip_local_port_range; 32768 is the default there and elsewhere).
 */
function ephemeralFloor(): number {
  try {
    const floor = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(floor) && floor > 12_000 ? floor : 32_768;
  } catch {
    return 32_768;
  }
}

const PORT_FLOOR = 10_000;
const PORT_CEILING = ephemeralFloor();

/** Whether 127.0.0.1:port can be listened on right now. */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/**
 * A port for a process the test starts itself (a server, a proxy), which listens on it later.
 * It is drawn at random BELOW the kernel's ephemeral range: a port from `listen(0)` is an
 * ephemeral one, and in the moment between finding it and the child listening on it, any
 * outgoing connection of the run (Chromium opens hundreds) could be given it by the kernel —
 * which failed a browser file with "Cannot listen on port N: it is already in use". Below the
 * range only another test's own choice can collide (1 in ~22,000 per pair, npm test beside npm
 * test), and runServerOnFreePort tries again on exactly that refusal.
 * docs/decisions/toolchain.md "Test ports".
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = PORT_FLOOR + Math.floor(Math.random() * (PORT_CEILING - PORT_FLOOR));
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port between ${PORT_FLOOR} and ${PORT_CEILING}`);
}

export interface ServerProcess {
  proc: ChildProcess;
  port: number;
  url: string;
  stdout: () => string;
  stderr: () => string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Runs the real server entry point (server/main.ts) as its own process, exactly as `npm start`
 * does after the build step. Resolves when it says it is ready, or when it exits first.
 */
/** The server's own words when its port is taken (server/main.ts). */
const PORT_TAKEN = /Cannot listen on port \d+: it is already in use/;

/**
 * Runs the server on a port freePort() found, with the environment `envFor(port)` gives (a
 * PUBLIC_URL naming the port, say). freePort() can only say a port was free a moment ago: another
 * process of the run (a server, a browser, a test's proxy) may take it before this server listens,
 * and the server then stops with "Cannot listen on port N: it is already in use" (a browser file
 * failed so, once in three full runs). Only that refusal is tried again, on a new port, up to five
 * times; any other failure is returned as it was. docs/decisions/toolchain.md "CI time, 2026-11-28".
 */
export async function runServerOnFreePort(
  envFor: (port: number) => Record<string, string | undefined>,
  timeoutMs = 120_000,
): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const server = await runServer({ ...envFor(port), PORT: String(port) }, timeoutMs);
    if (attempt >= 5 || server.proc.exitCode === null || !PORT_TAKEN.test(server.stderr())) return server;
  }
}

export async function runServer(env: Record<string, string | undefined>, timeoutMs = 120_000): Promise<ServerProcess> {
  if (!env.PORT) return runServerOnFreePort(() => env, timeoutMs);
  const port = Number(env.PORT);
  // SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server a test or bench starts
  // (Node refuses --cpu-prof in NODE_OPTIONS).
  const nodeArgs = (process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  // The run's prebuilt bundle (./server-bundle.ts, built by the global setup) when there is one: the
  // same sources, without compiling them again for every process.
  const bundle = process.env[SERVER_ENTRY_ENV];
  const entry = bundle ? ['--enable-source-maps', bundle] : ['--import', 'tsx', path.join(root, 'server', 'main.ts')];
  const proc = spawn(process.execPath, [...nodeArgs, ...entry], {
    cwd: root,
    // TLS off unless a test asks: every server would otherwise want HTTPS port 8443.
    env: { ...process.env, LOG_LEVEL: 'warn', BACKUP_EVERY_HOURS: '0', TLS: 'off', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  // The start-up deadline is cleared once settled: a pending timer would keep the caller's process
  // alive for the rest of timeoutMs (a bench with a 10-minute deadline sat idle after its figures).
  let deadline: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      new Promise<void>((resolve) => {
        const check = () => {
          if (out.includes('Partsdesk is ready')) resolve();
          else if (proc.exitCode === null && proc.signalCode === null) setTimeout(check, 50);
        };
        check();
      }),
      exited,
      new Promise((_, reject) => {
        deadline = setTimeout(
          () => reject(new Error(`server did not start in ${timeoutMs} ms:\n${out}\n${err}`)),
          timeoutMs,
        );
      }),
    ]);
  } finally {
    clearTimeout(deadline);
  }
  return {
    proc,
    port,
    url: `http://127.0.0.1:${port}`,
    stdout: () => out,
    stderr: () => err,
    exited,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
      return exited;
    },
  };
}

/**
 * Graceful shutdown (docs/operations.md "Running several processes"): on SIGTERM a server process
 * leaves without dropping a request, so one of several processes behind a proxy can be restarted
 * while the shop works.
 *
 * 1. Draining: `/healthz` answers 503 (the proxy's health check takes the process out) and every
 *    reply carries `Connection: close` (no new request reuses a connection to it). This lasts
 *    SHUTDOWN_DRAIN_MS (default 0).
 * 2. `app.close()`: the listening socket closes (nothing new is accepted); a request that still
 *    arrives on a connection kept alive is served, not refused (server/app.ts `return503OnClosing`),
 *    and its connection closed after the reply; the event streams (card payments,
 *    sync pokes) end with an SSE `retry:` hint so clients reconnect, through the proxy, to another
 *    process; requests in flight (a push in its transaction) finish and are answered.
 * 3. The database closes and the process exits 0. If that takes longer than SHUTDOWN_TIMEOUT_MS
 *    the process exits 1 (a request that hangs must not keep a restart waiting for ever).
 */
import type { FastifyInstance } from 'fastify';
import type { ApiError } from '../src/contracts/api-error';

/**
 * The least a node:cluster worker drains (WORKERS, a rolling restart on SIGHUP), whatever
 * SHUTDOWN_DRAIN_MS says. No proxy stands in front to retry, and a connection a client keeps alive
 * to this worker may carry its next request at the moment the worker closes it: during the drain
 * each reply tells its client to go (`Connection: close`), so by the close only connections idle
 * for the whole drain remain. (A push answered 503 during a rolling restart, seen once in the
 * multi-process test under load, before requests arriving while closing were served.)
 */
export const CLUSTER_DRAIN_MS = 500;

/** What an SSE client is told before its stream ends for a shutdown: reconnect after this. */
export const SHUTDOWN_RETRY_MS = 1_000;
const SHUTDOWN_TIMEOUT_MS = 30_000;

export interface Drain {
  readonly draining: boolean;
  start(): void;
}

/** Marks the app as leaving: /healthz 503, replies close their connection. Call before listen. */
export function installDrain(app: FastifyInstance): Drain {
  let draining = false;
  app.addHook('onRequest', async (req, reply) => {
    if (!draining || req.url.split('?')[0] !== '/healthz') return;
    const body: ApiError = { error: 'unavailable', message: 'This server process is shutting down.' };
    await reply.code(503).header('Connection', 'close').send(body);
  });
  app.addHook('onSend', async (_req, reply) => {
    if (draining) void reply.header('Connection', 'close');
  });
  return {
    get draining() {
      return draining;
    },
    start() {
      draining = true;
    },
  };
}

export interface ShutdownOptions {
  app: FastifyInstance;
  drain: Drain;
  drainMs: number;
  /** Other listeners of the same app (the HTTPS one), closed with it. */
  closeAlso?: () => Promise<void>;
  /** Stops background work (backups) and closes the database, after the app closed. */
  finish: () => Promise<void>;
  log: (line: string) => void;
  exit?: (code: number) => void;
}

/** The SIGTERM/SIGINT handler: drain, close, finish, exit. A second signal while closing is ignored. */
export function gracefulShutdown(o: ShutdownOptions): (signal: string) => Promise<void> {
  let closing = false;
  const exit = o.exit ?? ((code: number) => process.exit(code));
  return async (signal) => {
    if (closing) return;
    closing = true;
    o.log(`${signal}: draining${o.drainMs > 0 ? ` for ${o.drainMs} ms` : ''}, then closing`);
    const deadline = setTimeout(() => {
      o.log(`${signal}: not closed after ${SHUTDOWN_TIMEOUT_MS} ms; exiting`);
      exit(1);
    }, SHUTDOWN_TIMEOUT_MS + o.drainMs);
    o.drain.start();
    if (o.drainMs > 0) await new Promise((r) => setTimeout(r, o.drainMs));
    await Promise.all([o.closeAlso?.(), o.app.close()]).catch(() => undefined);
    await o.finish().catch(() => undefined);
    clearTimeout(deadline);
    exit(0);
  };
}

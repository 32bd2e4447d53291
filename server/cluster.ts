/**
 * WORKERS=n (docs/operations.md "Running several processes"): the primary process prepares the
 * database once (migrations, a fresh install's demo data), then forks n server processes through
 * node:cluster that share the port (the primary hands them connections in turn). It serves no
 * request itself.
 *
 * - PostgreSQL only: PGlite is one process's database (its directory lock refuses a second one),
 *   so WORKERS > 1 without DATABASE_URL stops at once with one line.
 * - Ready ("Partsdesk is ready on ...") once every worker listens. A worker that dies unexpectedly
 *   is started again (at most once a second per slot); one that fails during start stops everything.
 * - SIGTERM / SIGINT: each worker shuts down gracefully (server/shutdown.ts), then the primary exits.
 * - SIGHUP: rolling restart, one slot at a time: the new worker listens before the old one is told
 *   to leave, so the port always has a worker (a new build or configuration, without a gap).
 * - Scheduled backups run in worker 1 only (PARTSDESK_WORKER_ID).
 */
import cluster, { type Worker } from 'node:cluster';

export const WORKER_ID_ENV = 'PARTSDESK_WORKER_ID';
/** Set for the workers: the primary already migrated and seeded the database. */
export const PREPARED_ENV = 'PARTSDESK_PREPARED';

export interface PrimaryOptions {
  workers: number;
  port: number;
  databaseUrl: string | undefined;
  /** Opens, migrates and (first start) seeds the database, then closes it. */
  prepare: () => Promise<void>;
  log: (line: string) => void;
  fail: (line: string) => never;
}

/** This process's slot (1..n) under WORKERS, or null when it is not a cluster worker. */
export function workerSlot(): number | null {
  if (!cluster.isWorker) return null;
  const n = Number(process.env[WORKER_ID_ENV]);
  return Number.isInteger(n) && n > 0 ? n : null;
}

export function isClusterPrimary(workers: number): boolean {
  return workers > 1 && cluster.isPrimary;
}

export async function runPrimary(o: PrimaryOptions): Promise<void> {
  if (!o.databaseUrl)
    o.fail(
      `Cannot start ${o.workers} workers: the embedded database (PGlite) serves one process. Set DATABASE_URL to a PostgreSQL database, or WORKERS=1.`,
    );
  await o.prepare();

  const slots = new Map<number, Worker>();
  let started = false;
  let stopping = false;
  const lastFork = new Map<number, number>();

  const fork = (slot: number): Promise<Worker> =>
    new Promise((resolve, reject) => {
      lastFork.set(slot, Date.now());
      const w = cluster.fork({ [WORKER_ID_ENV]: String(slot), [PREPARED_ENV]: '1' });
      const early = (code: number | null) => reject(new Error(`worker ${slot} exited during start (code ${code})`));
      w.once('exit', early);
      w.once('listening', () => {
        w.off('exit', early);
        w.once('exit', (code, signal) => onExit(slot, w, code, signal));
        slots.set(slot, w);
        resolve(w);
      });
    });

  const onExit = (slot: number, w: Worker, code: number | null, signal: string | null) => {
    if (stopping || slots.get(slot) !== w) return; // stopped on purpose or replaced by a rolling restart
    slots.delete(slot);
    o.log(`worker ${slot} (pid ${w.process.pid}) exited (${signal ?? `code ${code}`}); starting it again`);
    const wait = Math.max(0, 1_000 - (Date.now() - (lastFork.get(slot) ?? 0)));
    setTimeout(() => {
      if (!stopping) fork(slot).catch((err: unknown) => o.log(`worker ${slot}: ${(err as Error).message}`));
    }, wait);
  };

  const exitOf = (w: Worker) =>
    new Promise<void>((resolve) => {
      if (w.process.exitCode !== null || w.process.signalCode !== null) resolve();
      else w.once('exit', () => resolve());
    });

  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    o.log(`${signal}: stopping ${slots.size} workers`);
    const all = [...slots.values()];
    for (const w of all) w.process.kill('SIGTERM');
    await Promise.all(all.map(exitOf));
    process.exit(0);
  };

  let rolling = false;
  const roll = async () => {
    if (rolling || stopping || !started) return;
    rolling = true;
    try {
      for (const slot of [...slots.keys()].sort((a, b) => a - b)) {
        const old = slots.get(slot);
        await fork(slot); // listening before the old one leaves
        if (old) {
          old.process.kill('SIGTERM');
          await exitOf(old);
        }
        o.log(`worker ${slot}: restarted`);
      }
    } catch (err) {
      o.log(`rolling restart stopped: ${(err as Error).message}`);
    } finally {
      rolling = false;
    }
  };

  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGHUP', () => void roll());

  try {
    await Promise.all(Array.from({ length: o.workers }, (_, i) => fork(i + 1)));
  } catch (err) {
    stopping = true;
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
    o.fail(`Cannot start Partsdesk: ${(err as Error).message}`);
  }
  started = true;
  o.log(`Partsdesk is ready on http://localhost:${o.port} (${o.workers} workers)`);
}

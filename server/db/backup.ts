/**
 * Backups of the open database into a folder of files named `partsdesk-<UTC timestamp>.<ext>`:
 * - PGlite: PGlite's own data-directory dump (`dumpDataDir('gzip')`), a .tar.gz that
 *   `new PGlite({ loadDataDir })` restores (server/cli/restore.ts);
 * - PostgreSQL: `pg_dump --format=custom`, a .dump for `pg_restore`.
 * A file appears under its final name only when complete (written as .partial, then renamed), so
 * pruning and restoring never see half a backup. Names sort by time, which pruning relies on.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { OpenDatabase } from './database';

const PREFIX = 'partsdesk-';
const BACKUP_FILE = /^partsdesk-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.(tar\.gz|dump)$/;

/** Writes one backup into `destDir` (created if missing) and returns its path. */
export async function backup(open: OpenDatabase, destDir: string): Promise<string> {
  fs.mkdirSync(destDir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const ext = open.engine === 'pglite' ? 'tar.gz' : 'dump';
  let file = path.join(destDir, `${PREFIX}${stamp}.${ext}`);
  // Two backups in the same millisecond (a manual one racing the schedule) must not collide.
  for (let n = 1; fs.existsSync(file); n++) file = path.join(destDir, `${PREFIX}${stamp}.${n}.${ext}`);
  const partial = `${file}.partial`;
  try {
    if (open.engine === 'pglite') await dumpPglite(open, partial);
    else await dumpPostgres(open, partial);
    fs.renameSync(partial, file);
  } catch (err) {
    fs.rmSync(partial, { force: true });
    throw err;
  }
  return file;
}

async function dumpPglite(open: OpenDatabase, file: string): Promise<void> {
  const pglite = open.pglite;
  if (!pglite) throw new Error('backup: PGlite handle missing');
  // Holding the pool's only connection while dumping means no transaction is half-way through.
  const blob = await open.db.connection().execute(() => pglite.dumpDataDir('gzip'));
  fs.writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
}

function dumpPostgres(open: OpenDatabase, file: string): Promise<void> {
  const url = open.databaseUrl;
  if (!url) return Promise.reject(new Error('backup: PostgreSQL URL missing'));
  return runPgTool('pg_dump', ['--format=custom', `--file=${file}`], url, 'backup: ');
}

/**
 * Runs a PostgreSQL client tool (pg_dump, pg_restore) against `url`; rejects with its first line of
 * stderr, each message prefixed with `prefix`. The URL goes through the environment, not argv, so
 * its password never shows in `ps`.
 */
export function runPgTool(tool: string, args: string[], url: string, prefix: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, {
      env: { ...process.env, ...pgEnv(url) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(
        new Error(
          err.code === 'ENOENT'
            ? `${prefix}${tool} not found; install the PostgreSQL client tools`
            : `${prefix}${tool} failed: ${err.message}`,
        ),
      ),
    );
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${prefix}${tool} exited with ${code}: ${stderr.trim().split('\n')[0] ?? ''}`)),
    );
  });
}

/** libpq environment for a connection URL (pg_dump/pg_restore read PG* variables). */
export function pgEnv(url: string): Record<string, string> {
  const u = new URL(url);
  const env: Record<string, string> = { PGDATABASE: decodeURIComponent(u.pathname.replace(/^\//, '')) || 'postgres' };
  if (u.hostname) env.PGHOST = u.hostname.replace(/^\[|\]$/g, '');
  if (u.port) env.PGPORT = u.port;
  if (u.username) env.PGUSER = decodeURIComponent(u.username);
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  const sslmode = u.searchParams.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  return env;
}

/** Backup files in `dir`, newest first. */
export function listBackups(dir: string): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((n) => BACKUP_FILE.test(n) || /^partsdesk-.*\.\d+\.(tar\.gz|dump)$/.test(n))
    .sort()
    .reverse()
    .map((n) => path.join(dir, n));
}

/** Deletes all but the newest `keep` backups in `dir`; returns what it deleted. */
export function pruneBackups(dir: string, keep: number): string[] {
  const old = listBackups(dir).slice(Math.max(0, keep));
  for (const f of old) fs.rmSync(f, { force: true });
  return old;
}

export interface ScheduleOptions {
  log?: (line: string) => void;
  /** Delay before the first backup; default: when the newest existing backup turns `everyMs` old (at least 60 s after start). */
  firstDelayMs?: number;
}

/**
 * Backs up every `everyMs`, keeping the newest `keep` files. A restart does not reset the clock:
 * the first run is due when the newest existing backup is `everyMs` old. Runs never overlap.
 * Returns a function that stops the schedule.
 */
export function scheduleBackups(
  open: OpenDatabase,
  destDir: string,
  everyMs: number,
  keep: number,
  opts: ScheduleOptions = {},
): () => void {
  const log = opts.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let running = false;

  const run = async () => {
    if (stopped || running) return;
    running = true;
    try {
      const file = await backup(open, destDir);
      pruneBackups(destDir, keep);
      log(`backup: wrote ${file}`);
    } catch (err) {
      log(`backup: failed: ${(err instanceof Error ? err.message : String(err)).split('\n')[0]}`);
    } finally {
      running = false;
    }
  };
  const arm = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(
      () => {
        void run().then(() => arm(everyMs));
      },
      Math.min(Math.max(0, delay), 2_147_483_647),
    );
    // A pending backup must not keep the process alive.
    timer.unref();
  };

  let first = opts.firstDelayMs;
  if (first === undefined) {
    const newest = listBackups(destDir)[0];
    const age = newest ? Date.now() - fs.statSync(newest).mtimeMs : Infinity;
    first = Math.max(60_000, everyMs - age);
  }
  arm(first);
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}

/** In DATA_DIR: the pid of a running server that writes a backup on SIGUSR2 (see server/main.ts). */
export const BACKUP_PID_FILE = 'server.pid';

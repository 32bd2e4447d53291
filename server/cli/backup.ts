/**
 * `npm run backup` (`tsx server/cli/backup.ts [--out DIR]`): writes one backup of the database
 * named by the environment (DATA_DIR / DATABASE_URL) to `${DATA_DIR}/backups` or DIR.
 * With embedded PGlite the running server owns the data directory: then this asks that server for
 * a backup (SIGUSR2) and waits for the file, since opening the directory twice would corrupt it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { backup, BACKUP_PID_FILE, listBackups } from '../db/backup';
import { DatabaseOpenError, openDatabase } from '../db/database';
import { databaseConfig } from '../config';
import { errorLine, fail, flag } from './env';

const cfg = databaseConfig();
const out = path.resolve(flag(process.argv.slice(2), 'out') ?? path.join(cfg.dataDir, 'backups'));

let open;
try {
  open = await openDatabase(cfg);
} catch (err) {
  if (
    err instanceof DatabaseOpenError &&
    err.inUseBy?.pid &&
    out === path.join(cfg.dataDir, 'backups') &&
    isServer(err.inUseBy.pid)
  ) {
    const file = await askRunningServer(err.inUseBy.pid, out);
    if (file) {
      process.stdout.write(`backup: wrote ${file} (by the running server, pid ${err.inUseBy.pid})\n`);
      process.exit(0);
    }
  }
  if (err instanceof DatabaseOpenError && err.inUseBy) {
    const pid = err.inUseBy.pid === null ? '' : ` (pid ${err.inUseBy.pid})`;
    fail(
      `Cannot back up: the Partsdesk server${pid} is using ${path.join(cfg.dataDir, 'pg')}. It writes scheduled backups to ${path.join(cfg.dataDir, 'backups')}; run \`kill -USR2${pid ? ` ${err.inUseBy.pid}` : ' <pid>'}\` for one now, or stop the server and run this again.`,
    );
  }
  fail(err instanceof DatabaseOpenError ? err.message : `Cannot open database: ${errorLine(err)}`);
}
try {
  const file = await backup(open, out);
  process.stdout.write(`backup: wrote ${file}\n`);
} catch (err) {
  await open.close().catch(() => undefined);
  fail(`Cannot back up ${open.location}: ${errorLine(err)}`);
}
await open.close();

/** Signals the server that holds the directory and waits for the backup file it writes. */
async function askRunningServer(pid: number, dir: string): Promise<string | null> {
  // Complete backups only: the server writes `<name>.partial` first and renames it when done, so
  // answering with the partial file would name a file that is about to disappear.
  const list = () => listBackups(dir);
  const before = new Set(list());
  try {
    process.kill(pid, 'SIGUSR2');
  } catch {
    return null;
  }
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    const fresh = list().find((f) => !before.has(f));
    if (fresh) return fresh;
    await new Promise((r) => setTimeout(r, 200));
  }
  return null;
}

/** Only a Partsdesk server announces itself in DATA_DIR/server.pid; never signal anything else. */
function isServer(pid: number): boolean {
  try {
    return Number(fs.readFileSync(path.join(cfg.dataDir, BACKUP_PID_FILE), 'utf8').trim()) === pid;
  } catch {
    return false;
  }
}

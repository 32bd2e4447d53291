/**
 * Exclusive lock on an embedded (PGlite) data directory.
 *
 * Stores: `${dataDir}/pg.lock`, a file holding the decimal pid of the process that owns the
 * directory. It is created with O_EXCL ('wx'), so two processes can never both create it.
 *
 * Must stay true:
 * - PGlite has no lock of its own: a second process on the same directory silently loses the
 *   first's commits. So the lock is taken BEFORE PGlite opens and released only after it closed.
 * - A lock whose pid is dead (crash, kill -9, power loss) is stale and is taken over; a lock whose
 *   pid is alive is never touched.
 * - Within one process the same directory can be held once: a second open in-process is refused
 *   like another process would be (the file holds our own pid, which is alive).
 */
import fs from 'node:fs';
import path from 'node:path';
import { DatabaseOpenError } from './errors';

export interface DirLock {
  readonly file: string;
  release(): void;
}

/** Lock files this process holds, so an exit handler can remove them and own-pid files are told apart. */
const held = new Set<string>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // 'exit' runs for process.exit() and a normal end; signals are handled by the server's graceful
  // close, and a hard kill leaves a stale lock that the next start takes over.
  process.on('exit', () => {
    for (const file of held) removeIfOurs(file);
  });
}

function removeIfOurs(file: string): void {
  try {
    if (readPid(file) === process.pid) fs.unlinkSync(file);
  } catch {
    // Already gone or unreadable: nothing of ours to remove.
  }
}

function readPid(file: string): number | null {
  return readLock(file).pid;
}

/** `pid [start]`: the start time is absent in files written before it was recorded (or off Linux). */
function readLock(file: string): { pid: number | null; start: string | null } {
  const [first = '', second] = fs.readFileSync(file, 'utf8').trim().split(/\s+/);
  const pid = Number(first);
  return { pid: Number.isInteger(pid) && pid > 0 ? pid : null, start: second && /^\d+$/.test(second) ? second : null };
}

/**
 * A process's start time (clock ticks since boot, /proc/<pid>/stat field 22), or null where /proc
 * is not there. After a reboot or a long uptime the holder's pid may belong to another process; the
 * start time tells them apart, so a lock is not kept for ever by a stranger that reused the pid.
 */
export function processStart(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count from the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const start = fields[19];
    return start && /^\d+$/.test(start) ? start : null;
  } catch {
    return null;
  }
}

/** The recorded holder still runs: its pid is alive and, when both are known, started when recorded. */
function holderAlive(file: string, pid: number): boolean {
  if (!isAlive(pid)) return false;
  const recorded = readLock(file).start;
  const now = processStart(pid);
  return recorded === null || now === null || recorded === now;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else; it is alive.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function tryCreate(file: string): boolean {
  try {
    const fd = fs.openSync(file, 'wx', 0o644);
    try {
      const start = processStart(process.pid);
      fs.writeSync(fd, `${process.pid}${start ? ` ${start}` : ''}\n`);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
}

/**
 * Takes the lock for `dbDir` (the PGlite directory) at `${dataDir}/pg.lock`, creating `dataDir`
 * when missing. Throws DatabaseOpenError when a live process holds it.
 */
export function acquireDirLock(dataDir: string, dbDir: string): DirLock {
  // Resolved, so './data' and '/abs/data' are one directory for the in-process check below.
  const file = path.resolve(dataDir, 'pg.lock');
  try {
    fs.mkdirSync(dataDir, { recursive: true });
  } catch (err) {
    throw new DatabaseOpenError(
      `Cannot open database: cannot create data directory ${dataDir}: ${(err as Error).message}`,
    );
  }
  if (held.has(file)) throw inUse(dbDir, process.pid);

  // Two rounds: the second happens only after removing a stale lock.
  for (let attempt = 0; attempt < 2; attempt++) {
    let created: boolean;
    try {
      created = tryCreate(file);
    } catch (err) {
      throw new DatabaseOpenError(`Cannot open database: cannot create lock file ${file}: ${(err as Error).message}`);
    }
    if (created) {
      held.add(file);
      installExitHook();
      return { file, release: () => release(file) };
    }
    let pid: number | null;
    try {
      pid = readPid(file);
    } catch {
      continue; // Removed between our create and read: try again.
    }
    // An empty file may be a lock being written this instant by another starter; only treat it
    // as stale if it is older than a few seconds.
    if (pid === null && Date.now() - statMtime(file) < 5_000) throw inUse(dbDir, null);
    if (pid !== null && pid !== process.pid && holderAlive(file, pid)) throw inUse(dbDir, pid);
    // Stale (dead pid, our own pid left by a previous process that had it, or garbage): take over.
    // Re-check just before removing to narrow the window where two starters both see it stale.
    try {
      if (pid === null || readPid(file) === pid) fs.unlinkSync(file);
    } catch {
      // Someone else removed it first; the next round decides.
    }
  }
  throw inUse(dbDir, null);
}

function statMtime(file: string): number {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

function release(file: string): void {
  if (!held.delete(file)) return;
  removeIfOurs(file);
}

function inUse(dbDir: string, pid: number | null): DatabaseOpenError {
  const who = pid === null ? 'another Partsdesk process' : `another Partsdesk process (pid ${pid})`;
  return new DatabaseOpenError(
    `Cannot open database: data directory ${dbDir} is in use by ${who}. Stop it or set DATA_DIR.`,
    { pid },
  );
}

import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { processStart } from '../../../server/db/lock';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseOpenError, openDatabase, type OpenDatabase } from '../../../server/db/database';
import { migrateToLatest } from '../../../server/db/migrate';
import { removeDir, tempDir } from './scratch';

const repoRoot = path.resolve(__dirname, '../../..');

function deadPid(): number {
  const pid = spawnSync('true').pid;
  if (!pid) throw new Error('could not spawn');
  return pid;
}

async function openError(p: Promise<unknown>): Promise<DatabaseOpenError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof DatabaseOpenError) return err;
    throw err;
  }
  throw new Error('expected DatabaseOpenError');
}

describe('embedded data directory lock', () => {
  let dir: string;
  let first: OpenDatabase;
  let sleeper: ChildProcess | undefined;

  beforeAll(async () => {
    dir = tempDir();
    first = await openDatabase({ dataDir: dir });
    await migrateToLatest(first.db);
  });

  afterAll(async () => {
    sleeper?.kill();
    await first?.close();
    removeDir(dir);
  });

  it('refuses a second open of the same directory with one line naming the directory and pid', async () => {
    const lockFile = path.join(dir, 'pg.lock');
    expect(fs.readFileSync(lockFile, 'utf8').trim().split(' ')[0]).toBe(String(process.pid));
    const err = await openError(openDatabase({ dataDir: dir }));
    expect(err.message).toContain(path.join(dir, 'pg'));
    expect(err.message).toContain(`pid ${process.pid}`);
    expect(err.message).not.toContain('\n');
    expect(err.inUseBy).toEqual({ pid: process.pid });
    // The first holder is unaffected.
    await first.db
      .insertInto('settings')
      .values({ key: 'still-mine', value: JSON.stringify(true) })
      .execute();
    const row = await first.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'still-mine')
      .executeTakeFirst();
    expect(row?.value).toBe(true);
  });

  it('releases the lock on close, and reopening keeps the data', async () => {
    await first.close();
    await first.close(); // twice is harmless
    expect(fs.existsSync(path.join(dir, 'pg.lock'))).toBe(false);
    first = await openDatabase({ dataDir: dir });
    const row = await first.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'still-mine')
      .executeTakeFirst();
    expect(row?.value).toBe(true);
  });

  it('makes the backup CLI in another process refuse with one line while the server holds the directory', async () => {
    const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      execFile(
        'npx',
        ['tsx', 'server/cli/backup.ts'],
        { cwd: repoRoot, env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '' } },
        (err, _stdout, stderr) => resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stderr }),
      );
    });
    expect(result.code).toBe(1);
    const lines = result.stderr.split('\n').filter((l) => l.startsWith('Cannot'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`(pid ${process.pid}) is using ${path.join(dir, 'pg')}`);
    expect(lines[0]).toContain('scheduled backups');
  });

  it('takes over a stale lock left by a dead process', async () => {
    await first.close();
    const lockFile = path.join(dir, 'pg.lock');
    const dead = deadPid();
    fs.writeFileSync(lockFile, `${dead}\n`);
    first = await openDatabase({ dataDir: dir });
    expect(fs.readFileSync(lockFile, 'utf8').trim().split(' ')[0]).toBe(String(process.pid));
    expect(
      await first.db.selectFrom('settings').select('key').where('key', '=', 'still-mine').executeTakeFirst(),
    ).toBeDefined();
  });

  it('takes over a lock whose pid now belongs to another process (its start time differs)', async () => {
    await first.close();
    const other = tempDir();
    try {
      sleeper = spawn('sleep', ['30'], { stdio: 'ignore' });
      const start = processStart(sleeper.pid!);
      if (start === null) return; // no /proc here: only the pid can be checked
      // The pid is alive, but the recorded holder started at another time: a reused pid, stale.
      fs.writeFileSync(path.join(other, 'pg.lock'), `${sleeper.pid} ${Number(start) + 1}\n`);
      const taken = await openDatabase({ dataDir: other });
      expect(fs.readFileSync(path.join(other, 'pg.lock'), 'utf8').trim()).toBe(
        `${process.pid} ${processStart(process.pid)}`,
      );
      await taken.close();
      // The same pid with its true start time is a live holder: refused.
      fs.writeFileSync(path.join(other, 'pg.lock'), `${sleeper.pid} ${start}\n`);
      expect((await openError(openDatabase({ dataDir: other }))).message).toContain(`(pid ${sleeper.pid})`);
    } finally {
      sleeper?.kill();
      removeDir(other);
    }
    first = await openDatabase({ dataDir: dir });
  });

  it('refuses a lock held by another live process', async () => {
    await first.close();
    const other = tempDir();
    try {
      sleeper = spawn('sleep', ['30'], { stdio: 'ignore' });
      fs.writeFileSync(path.join(other, 'pg.lock'), `${sleeper.pid}\n`);
      const err = await openError(openDatabase({ dataDir: other }));
      expect(err.message).toBe(
        `Cannot open database: data directory ${path.join(other, 'pg')} is in use by another Partsdesk process (pid ${sleeper.pid}). Stop it or set DATA_DIR.`,
      );
      // Refusing must not remove the other process's lock.
      expect(fs.readFileSync(path.join(other, 'pg.lock'), 'utf8').trim()).toBe(String(sleeper.pid));
    } finally {
      sleeper?.kill();
      removeDir(other);
    }
    first = await openDatabase({ dataDir: dir });
  });
});

describe('PostgreSQL connection errors', () => {
  it('reports a refused connection in one line, without the password', async () => {
    const err = await openError(
      openDatabase({
        dataDir: path.join(os.tmpdir(), 'pd-unused'),
        databaseUrl: 'postgres://pd:s3cret@127.0.0.1:1/shop',
      }),
    );
    expect(err.message).toBe('Cannot connect to PostgreSQL at postgres://pd:***@127.0.0.1:1/shop: connection refused');
  });

  it('reports an unparseable URL', async () => {
    const err = await openError(
      openDatabase({ dataDir: path.join(os.tmpdir(), 'pd-unused'), databaseUrl: 'not a url' }),
    );
    expect(err.message).toMatch(/^Cannot connect to PostgreSQL at \(unparseable DATABASE_URL\): /);
    expect(err.message).not.toContain('\n');
  });
});

/**
 * Restoring a backup written by backup.ts. The current database is never destroyed:
 * - PGlite: under the directory lock (the server must be stopped), `${dataDir}/pg` is moved aside
 *   to `${dataDir}/pg.before-restore-<timestamp>` and a new directory is loaded from the .tar.gz.
 *   If loading fails, the old directory is moved back.
 * - PostgreSQL: `pg_restore --clean --if-exists --no-owner` into the database of the URL.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pgEnv } from './backup';
import { pgliteExtensions, pgliteStartParams } from './database';
import { acquireDirLock } from './lock';

export interface RestoreResult {
  /** Where the previous PGlite directory was moved (PGlite only). */
  movedAside?: string;
}

export async function restorePglite(dataDir: string, file: string): Promise<RestoreResult> {
  const dir = path.join(dataDir, 'pg');
  const blob = new Blob([fs.readFileSync(file)]);
  const lock = acquireDirLock(dataDir, dir);
  try {
    let movedAside: string | undefined;
    if (fs.existsSync(dir)) {
      movedAside = `${dir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      fs.renameSync(dir, movedAside);
    }
    try {
      const pglite = await PGlite.create({ dataDir: dir, loadDataDir: blob, extensions: pgliteExtensions, startParams: pgliteStartParams });
      await pglite.query('select 1');
      await pglite.close();
    } catch (err) {
      fs.rmSync(dir, { recursive: true, force: true });
      if (movedAside) fs.renameSync(movedAside, dir);
      throw err;
    }
    return movedAside ? { movedAside } : {};
  } finally {
    lock.release();
  }
}

export function restorePostgres(url: string, file: string): Promise<RestoreResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('pg_restore', ['--clean', '--if-exists', '--no-owner', '--single-transaction', `--dbname=${pgEnv(url).PGDATABASE}`, file], {
      env: { ...process.env, ...pgEnv(url) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(new Error(err.code === 'ENOENT' ? 'pg_restore not found; install the PostgreSQL client tools' : `pg_restore failed: ${err.message}`)),
    );
    child.on('close', (code) => (code === 0 ? resolve({}) : reject(new Error(`pg_restore exited with ${code}: ${stderr.trim().split('\n')[0] ?? ''}`))));
  });
}

/**
 * Restoring a backup written by backup.ts. The current database is never destroyed:
 * - PGlite: under the directory lock (the server must be stopped), `${dataDir}/pg` is moved aside
 *   to `${dataDir}/pg.before-restore-<timestamp>` and a new directory is loaded from the .tar.gz.
 *   If loading fails, the old directory is moved back.
 * - PostgreSQL: `pg_restore --clean --if-exists --no-owner` into the database of the URL.
 * Either way the restored database then gets a new sync epoch (migration 0006): devices that
 * synced with the replaced history see it in the next reply, pull everything again and re-push
 * from their journals what the backup lacks (docs/decisions/server.md "Server epoch, restore and
 * retry"). A backup older than 0006 has no epoch column; the migration at the next start mints one.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { pgEnv, runPgTool } from './backup';
import { pgliteExtensions, pgliteStartParams } from './database';
import { acquireDirLock } from './lock';

export interface RestoreResult {
  /** Where the previous PGlite directory was moved (PGlite only). */
  movedAside?: string;
  /** The restored database's new sync epoch; null when the backup predates it (minted at the next start). */
  epoch: string | null;
}

/**
 * Devices registered after the backup was taken hold prefixes the restored sequence would hand out
 * again; they claim them back when they reconnect (server/sync/device-prefix.ts), but a new device
 * that registers first would take one, and two tills would number offline orders alike. The
 * sequence skips this many values on every restore: far more devices than a shop registers
 * between two backups.
 */
export const PREFIX_SKIP_ON_RESTORE = 1000;

/** Gives the restored database a new sync epoch, when its schema has one, and moves the prefix sequence past the gap. */
async function renewEpoch(query: (text: string) => Promise<{ rows: unknown[] }>): Promise<string | null> {
  const seq = await query(
    `select 1 from information_schema.sequences where sequence_schema = 'public' and sequence_name = 'device_prefix_seq'`,
  );
  if (seq.rows.length)
    await query(
      `select setval('device_prefix_seq', (select last_value from device_prefix_seq) + ${PREFIX_SKIP_ON_RESTORE})`,
    );
  const has = await query(
    `select 1 from information_schema.columns where table_schema = 'public' and table_name = 'sync_state' and column_name = 'epoch'`,
  );
  if (!has.rows.length) return null;
  const r = await query(`update sync_state set epoch = gen_random_uuid() where id = 1 returning epoch::text as epoch`);
  return (r.rows[0] as { epoch: string } | undefined)?.epoch ?? null;
}

export async function restorePglite(dataDir: string, file: string): Promise<RestoreResult> {
  const dir = path.join(dataDir, 'pg');
  const blob = new Blob([fs.readFileSync(file)]);
  const lock = acquireDirLock(dataDir, dir);
  try {
    let movedAside: string | undefined;
    let epoch: string | null;
    if (fs.existsSync(dir)) {
      movedAside = `${dir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      fs.renameSync(dir, movedAside);
    }
    try {
      const pglite = await PGlite.create({
        dataDir: dir,
        loadDataDir: blob,
        extensions: pgliteExtensions,
        startParams: pgliteStartParams,
      });
      epoch = await renewEpoch((text) => pglite.query(text));
      await pglite.close();
    } catch (err) {
      fs.rmSync(dir, { recursive: true, force: true });
      if (movedAside) fs.renameSync(movedAside, dir);
      throw err;
    }
    return movedAside ? { movedAside, epoch } : { epoch };
  } finally {
    lock.release();
  }
}

export async function restorePostgres(url: string, file: string): Promise<RestoreResult> {
  await pgRestore(url, file);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return { epoch: await renewEpoch((text) => client.query(text)) };
  } catch (err) {
    throw new Error(
      `the backup was restored, but its sync epoch could not be renewed (devices would not notice the restore): ${err instanceof Error ? err.message : String(err)}`,
    );
  } finally {
    await client.end();
  }
}

function pgRestore(url: string, file: string): Promise<void> {
  const args = ['--clean', '--if-exists', '--no-owner', '--single-transaction', `--dbname=${pgEnv(url).PGDATABASE}`];
  return runPgTool('pg_restore', [...args, file], url, '');
}

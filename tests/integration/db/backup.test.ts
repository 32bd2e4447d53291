import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backup, listBackups, pruneBackups, scheduleBackups } from '../../../server/db/backup';
import { DatabaseOpenError, openDatabase, type OpenDatabase } from '../../../server/db/database';
import { migrateToLatest } from '../../../server/db/migrate';
import { PREFIX_SKIP_ON_RESTORE, restorePglite, restorePostgres } from '../../../server/db/restore';
import { pgUrl, removeDir, scratchPostgres, tempDir } from './scratch';

async function setMarker(open: OpenDatabase, value: string) {
  await open.db
    .insertInto('settings')
    .values({ key: 'marker', value: JSON.stringify(value) })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(value) }))
    .execute();
}
/** The next device prefix number the server would hand out (consumes it). */
const nextPrefix = async (open: OpenDatabase) =>
  Number((await sql<{ n: string }>`select nextval('device_prefix_seq') as n`.execute(open.db)).rows[0]!.n);
const marker = async (open: OpenDatabase) =>
  (await open.db.selectFrom('settings').select('value').where('key', '=', 'marker').executeTakeFirst())?.value;

describe('PGlite backup and restore', () => {
  let dir: string;
  let out: string;
  let open: OpenDatabase;

  beforeAll(async () => {
    dir = tempDir();
    out = path.join(dir, 'backups');
    open = await openDatabase({ dataDir: dir });
    await migrateToLatest(open.db);
  });
  afterAll(async () => {
    await open?.close();
    removeDir(dir);
  });

  it('writes a .tar.gz that restores the data, keeping the replaced directory aside', async () => {
    await setMarker(open, 'backed-up');
    const before = await nextPrefix(open);
    const file = await backup(open, out);
    expect(path.basename(file)).toMatch(/^partsdesk-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.tar\.gz$/);
    expect(fs.statSync(file).size).toBeGreaterThan(1000);
    expect(fs.readdirSync(out).filter((n) => n.endsWith('.partial'))).toEqual([]);
    await setMarker(open, 'after-backup');

    // Restoring needs the directory: refused while the database is open.
    await expect(restorePglite(dir, file)).rejects.toBeInstanceOf(DatabaseOpenError);
    await open.close();
    const { movedAside } = await restorePglite(dir, file);
    expect(movedAside && fs.existsSync(path.join(movedAside, 'PG_VERSION'))).toBe(true);
    open = await openDatabase({ dataDir: dir });
    expect(await marker(open)).toBe('backed-up');
    // Prefixes handed out after the backup are never handed out again.
    expect(await nextPrefix(open)).toBeGreaterThan(before + PREFIX_SKIP_ON_RESTORE); // more when WAL logged values ahead
  });

  it('restores into an empty data directory', async () => {
    const file = listBackups(out)[0]!;
    const other = tempDir();
    try {
      await restorePglite(other, file);
      const o = await openDatabase({ dataDir: other });
      try {
        expect(await marker(o)).toBe('backed-up');
      } finally {
        await o.close();
      }
    } finally {
      removeDir(other);
    }
  });

  it('schedules backups and keeps only the newest ones', async () => {
    const lines: string[] = [];
    const stop = scheduleBackups(open, out, 50, 2, { firstDelayMs: 0, log: (l) => lines.push(l) });
    try {
      const deadline = Date.now() + 30_000;
      while (lines.filter((l) => l.startsWith('backup: wrote')).length < 3 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
    } finally {
      stop();
    }
    expect(lines.filter((l) => l.startsWith('backup: failed'))).toEqual([]);
    expect(lines.filter((l) => l.startsWith('backup: wrote')).length).toBeGreaterThanOrEqual(3);
    expect(listBackups(out)).toHaveLength(2);
  });

  it('prunes by name order, newest first, ignoring other files', () => {
    const d = tempDir();
    try {
      const names = [
        'partsdesk-2026-01-01T00-00-00-000Z.tar.gz',
        'partsdesk-2026-03-01T00-00-00-000Z.tar.gz',
        'partsdesk-2026-02-01T00-00-00-000Z.dump',
        'notes.txt',
      ];
      for (const n of names) fs.writeFileSync(path.join(d, n), 'x');
      expect(pruneBackups(d, 1).map((f) => path.basename(f))).toEqual([
        'partsdesk-2026-02-01T00-00-00-000Z.dump',
        'partsdesk-2026-01-01T00-00-00-000Z.tar.gz',
      ]);
      expect(fs.readdirSync(d).sort()).toEqual(['notes.txt', 'partsdesk-2026-03-01T00-00-00-000Z.tar.gz']);
    } finally {
      removeDir(d);
    }
  });
});

describe.runIf(pgUrl)('PostgreSQL backup and restore', () => {
  it('writes a pg_dump custom archive that pg_restore brings back', async () => {
    const src = await scratchPostgres(pgUrl!);
    const dst = await scratchPostgres(pgUrl!);
    const dir = tempDir();
    try {
      const open = await openDatabase({ dataDir: dir, databaseUrl: src.url });
      let file: string;
      let before: number;
      try {
        await migrateToLatest(open.db);
        await setMarker(open, 'pg-backed-up');
        before = await nextPrefix(open);
        file = await backup(open, dir);
      } finally {
        await open.close();
      }
      expect(file.endsWith('.dump')).toBe(true);
      await restorePostgres(dst.url, file);
      const restored = await openDatabase({ dataDir: dir, databaseUrl: dst.url });
      try {
        expect(await marker(restored)).toBe('pg-backed-up');
        expect(await nextPrefix(restored)).toBeGreaterThan(before + PREFIX_SKIP_ON_RESTORE);
        const trg = await sql<{ n: string }>`select count(*) as n from pg_trigger where tgname = 'pd_version'`.execute(
          restored.db,
        );
        expect(Number(trg.rows[0]!.n)).toBeGreaterThan(30);
      } finally {
        await restored.close();
      }
    } finally {
      await src.drop();
      await dst.drop();
      removeDir(dir);
    }
  });
});

/**
 * `tsx server/cli/restore.ts <backup file>`: restores a backup into the database named by the
 * environment (DATA_DIR / DATABASE_URL). A .tar.gz goes to PGlite (stop the server first; the
 * current data directory is kept beside it), a .dump to PostgreSQL via pg_restore. The restored
 * database gets a new sync epoch, so devices notice the restore (server/db/restore.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { DatabaseOpenError, redactUrl } from '../db/database';
import { restorePglite, restorePostgres } from '../db/restore';
import { databaseConfig } from '../config';
import { errorLine, fail } from './env';

const fileArg = process.argv.slice(2).find((a) => !a.startsWith('--'));
if (!fileArg) fail('Usage: tsx server/cli/restore.ts <backup file (.tar.gz for PGlite, .dump for PostgreSQL)>');
const file = path.resolve(fileArg);
if (!fs.existsSync(file)) fail(`Cannot restore: ${file} does not exist`);
const cfg = databaseConfig();

try {
  if (cfg.databaseUrl) {
    if (!file.endsWith('.dump'))
      fail(
        `Cannot restore ${file} into PostgreSQL: expected a .dump written by pg_dump (unset DATABASE_URL to restore a PGlite .tar.gz)`,
      );
    const r = await restorePostgres(cfg.databaseUrl, file);
    process.stdout.write(`restore: ${file} restored into ${redactUrl(cfg.databaseUrl)}\n${epochLine(r.epoch)}`);
  } else {
    if (!file.endsWith('.tar.gz'))
      fail(
        `Cannot restore ${file} into PGlite: expected a .tar.gz backup (set DATABASE_URL to restore a .dump into PostgreSQL)`,
      );
    const r = await restorePglite(cfg.dataDir, file);
    process.stdout.write(
      `restore: ${file} restored into ${path.join(cfg.dataDir, 'pg')}${r.movedAside ? `; the previous data is in ${r.movedAside}` : ''}\n${epochLine(r.epoch)}`,
    );
  }
} catch (err) {
  if (err instanceof DatabaseOpenError)
    fail(err.inUseBy ? `Cannot restore: ${err.message.replace(/^Cannot open database: /, '')}` : err.message);
  fail(`Cannot restore ${file}: ${errorLine(err)}`);
}

function epochLine(epoch: string | null): string {
  const what = epoch ? `new sync epoch ${epoch}` : 'a new sync epoch at the next start (the backup predates epochs)';
  return `restore: ${what}: each device downloads everything again and re-sends, from its own journal, the sales this backup lacks\n`;
}

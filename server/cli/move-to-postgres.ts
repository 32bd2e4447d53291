/**
 * `npm run move-to-postgres -- --to postgres://user:pass@host:5432/partsdesk`: copies the embedded
 * shop in DATA_DIR/pg into that EMPTY PostgreSQL database (server/db/move.ts), checks every table's
 * row count and checksum, and says what to set next. The embedded server must be stopped (it
 * holds the directory). Exit codes: 0 moved, 1 failed (nothing kept), 2 target not empty,
 * 3 the embedded server is running (docs/operations.md "Moving from PGlite to PostgreSQL").
 */
import fs from 'node:fs';
import path from 'node:path';
import { DatabaseOpenError, openDatabase, redactUrl } from '../db/database';
import { moveToPostgres, MoveRefusal, SERVER_RUNNING } from '../db/move';
import { databaseConfig } from '../config';
import { errorLine, fail, flag } from './env';

const to = flag(process.argv.slice(2), 'to');
if (!to || !/^postgres(ql)?:\/\//.test(to))
  fail('Usage: npm run move-to-postgres -- --to postgres://user:password@host:5432/database (an empty database)');
const where = redactUrl(to);
const { dataDir } = databaseConfig();
const pgDir = path.join(dataDir, 'pg');
if (!fs.existsSync(path.join(pgDir, 'PG_VERSION')))
  fail(`Cannot move: there is no embedded database at ${pgDir} (set DATA_DIR to the server's data directory)`);

let open;
try {
  open = await openDatabase({ dataDir });
} catch (err) {
  if (err instanceof DatabaseOpenError && err.inUseBy) {
    const pid = err.inUseBy.pid === null ? '' : ` (pid ${err.inUseBy.pid})`;
    process.stderr.write(
      `Cannot move: the Partsdesk server${pid} is using ${pgDir}. Stop it (Ctrl+C or systemctl stop partsdesk) and run this again; devices keep selling offline meanwhile.\n`,
    );
    process.exit(SERVER_RUNNING);
  }
  fail(err instanceof DatabaseOpenError ? err.message : `Cannot open database: ${errorLine(err)}`);
}

const log = (line: string) => process.stdout.write(`${line}\n`);
try {
  log(`move: copying ${pgDir} into ${where}...`);
  const r = await moveToPostgres({ db: open.db, pglite: open.pglite! }, to, log);
  log(
    `move: ${r.rows} rows in ${r.tables} tables and ${r.sequences} sequences copied in ${(r.ms / 1000).toFixed(1)} s; row counts and checksums match`,
  );
  log(`move: sync epoch ${r.epoch ?? '(none yet)'} kept: devices keep their data and send only what is queued`);
  log(`move: now start the server with DATABASE_URL=${where} (the embedded data in ${pgDir} is left as it was)`);
} catch (err) {
  await open.close().catch(() => undefined);
  if (err instanceof MoveRefusal) {
    process.stderr.write(`${err.message}\n`);
    process.exit(err.exitCode);
  }
  fail(`Cannot move to ${where}: ${errorLine(err)}. Nothing was kept in the target.`);
}
await open.close();

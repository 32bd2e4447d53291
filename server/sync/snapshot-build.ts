/**
 * Builds one first-sync snapshot: every change a new staff device's pull from cookie 0 would bring
 * up to a horizon H, as gzip-compressed NDJSON (src/contracts/sync-snapshot.ts): one line per page
 * of at most PAGE rows (the pull's own page and column blocks, pull-service.ts snapshotPage), then
 * an end line. docs/decisions/sync.md "First-sync snapshots".
 *
 * Must stay true (why a device that stores the file and then pulls from H ends with what a pull
 * from 0 gives): H is read under the sync_state lock, so every version <= H is committed; the pages
 * then read ranges below H one statement at a time (never one long transaction: on PGlite that
 * would stall every other request for the whole build). A row changed or deleted meanwhile has
 * left the range (its new version or tombstone is above H) and comes with the pull from H; a row
 * still at a version <= H is read exactly once, by the page whose range holds it.
 */
import zlib from 'node:zlib';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { packedReplyText } from './pull-packed';
import type { PullService } from './pull-service';
import type { Reach, Viewer } from './pull-sources';

/** Rows per line: the initial download's page (src/contracts/sync-pull.ts PULL_LIMIT_MAX). */
const PAGE = 20_000;

/**
 * Whose pull it holds: staff other than admins (cashiers and installers see the same rows; an
 * admin's products carry `cost`, so admins pull from 0 as before).
 */
export const SNAPSHOT_VIEWER: Viewer = { kind: 'staff', role: 'cashier' };

export interface BuiltSnapshot {
  version: number;
  rows: number;
  parts: number;
  body: Buffer;
}

/** The version horizon, read as a pull page reads it (pull-service.ts readPage). */
export async function readHorizon(db: Kysely<DB>): Promise<{ horizon: number; purged: number }> {
  return db.transaction().execute(async (trx) => {
    await sql`select 1 from sync_state where id = 1 for update`.execute(trx);
    const r = await sql<{ h: string; purged: string }>`
      select (select last_value from change_version) as h,
             (select tombstones_purged_through from sync_state where id = 1) as purged`.execute(trx);
    return { horizon: Number(r.rows[0]?.h ?? 0), purged: Number(r.rows[0]?.purged ?? 0) };
  });
}

/** `stopped`: asked between pages; true ends the build with an error (the server is closing). */
export async function buildSnapshot(
  db: Kysely<DB>,
  pull: PullService,
  schema: number,
  stopped: () => boolean = () => false,
): Promise<BuiltSnapshot> {
  const { horizon } = await readHorizon(db);
  const reach: Reach = { schema, only: null };
  // Level 6: the file is compressed once and sent many times; zlib works off the event loop.
  const gz = zlib.createGzip({ level: 6 });
  const out: Buffer[] = [];
  gz.on('data', (b: Buffer) => out.push(b));
  const ended = new Promise<void>((resolve, reject) => {
    gz.on('end', resolve);
    gz.on('error', reject);
  });
  const write = async (text: string) => {
    if (!gz.write(text)) await new Promise((r) => gz.once('drain', r));
  };
  let after = 0;
  let rows = 0;
  for (;;) {
    if (stopped()) {
      gz.destroy();
      throw new Error('snapshot build stopped: the server is closing');
    }
    const page = await pull.snapshotPage(SNAPSHOT_VIEWER, reach, { after, upTo: horizon }, PAGE);
    if (page.count > 0) {
      await write(packedReplyText({ changes: page.changes }, page.packed) + '\n');
      rows += page.count;
    }
    if (!page.more) break;
    after = page.lastVersion;
  }
  await write(`${JSON.stringify({ end: true, version: horizon, rows })}\n`);
  gz.end();
  await ended;
  const parts = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirst();
  return { version: horizon, rows, parts: Number(parts?.n ?? 0), body: Buffer.concat(out) };
}

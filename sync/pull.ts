/**
 * Pull: fetch pages of changes after the stored cookie and apply each page, its rebase and the
 * new cookie in ONE Dexie transaction, so a crash between pages loses nothing and never applies a
 * page twice out of step with the cookie.
 *
 * A pull from cookie 0 (a new device, or after needsFullSync dropped the cached rows) is the
 * initial download: it asks for bigger pages (`initialLimit`) and keeps its figures in meta
 * (`initialDownload`: rows stored, total announced) in the same transaction as each page, so a
 * reload resumes the download with the stored rows counted as done. Its very first page is small
 * (FIRST_DOWNLOAD_PAGE): the server's `remaining` comes with it, so the bar shows real figures
 * within a moment even on a slow link instead of "Starting…" for the seconds a 5,000-row page takes.
 *
 * Must stay true: the cookie is stored only together with the rows it covers; needsFullSync drops
 * every cached server row (never the outbox or journal) before applying the page from 0, and
 * clears `fullPullDone` with them; the last page of any pull sets `fullPullDone`.
 */
import { pullReplySchema, type PackedBlock, type PullReply, type RowChange } from '../src/contracts/sync-pull';
import type { StoreSettings } from '../src/domain/settings';
import { DEVICE_SCHEMA, type PartsdeskDb } from '../src/db/database';
import { noteDevicePrefix } from '../src/db/device-ref';
import { getMeta, setMeta } from '../src/db/meta';
import { applyServerChanges, clearServerRows, pageRows, pullStores, splitPacked } from '../src/db/tables';
import { rebase } from './rebase';
import { noteServerLast } from './recovery';
import type { MutationRegistry } from './registry';
import type { Transport } from './transport';
import type { PulledPage } from './pulled-page';
import { pullSnapshot, type SnapshotLines } from './snapshot';

export type { PulledPage } from './pulled-page';

export type PullOutcome =
  { kind: 'done'; pages: number; changes: number } | { kind: 'needsLogin' } | { kind: 'retry'; reason: string };

export interface PullOptions {
  clientId: string;
  limit: number;
  /** Page size while downloading from cookie 0 (fewer, larger transactions); `limit` when absent. */
  initialLimit?: number;
  registry: MutationRegistry;
  settings: () => StoreSettings;
  /**
   * After each stored page: rows done and still to come, and whether this is the initial
   * download (then `done` includes the pages stored before a reload).
   */
  onProgress?: (done: number, remaining: number, initial: boolean) => void;
  /** After each page's transaction committed. */
  onPage?: (page: PulledPage) => void;
  /** Safety stop for one call; the next sync continues from the stored cookie. */
  maxPages?: number;
  /** Reads a snapshot file: a device with nothing stored starts from one when offered (sync/snapshot.ts). */
  snapshot?: SnapshotLines | undefined;
}

/**
 * Rows of the first page of an initial download (nothing stored yet). ~170 KB instead of ~1.7 MB:
 * on a link that took 6 s for the first 5,000-row page, the figures come in well under a second.
 * Capped by `initialLimit`. docs/decisions/sync.md "Progress, resume and the "initial" flag".
 */
export const FIRST_DOWNLOAD_PAGE = 500;

/** A reply as stored: `changes` in version order, the grouped tables' column blocks kept as they came (`blocks`). */
type Page = Omit<PullReply, 'packed' | 'changes'> & { changes: readonly RowChange[]; blocks: PackedBlock[] };

type Fetched = { kind: 'page'; page: Page } | { kind: 'needsLogin' } | { kind: 'retry'; reason: string };

/**
 * What a pull says of the device: the prefix it holds, and how many changes wait in its outbox as
 * it asks (the server's GET /metrics shows it as the device's queue depth).
 */
interface DeviceTags {
  prefix: string | null;
  queue?: number;
}

/** One page request; never rejects (no answer is a retry). */
async function fetchPage(
  transport: Transport,
  clientId: string,
  cookie: number,
  limit: number,
  device: DeviceTags,
  backfill?: { tables: readonly string[]; upTo: number },
): Promise<Fetched> {
  let reply;
  const only = backfill ? `&tables=${backfill.tables.map(encodeURIComponent).join(',')}&upTo=${backfill.upTo}` : '';
  const prefix = device.prefix ? `&prefix=${device.prefix}` : '';
  const queue = device.queue !== undefined ? `&queue=${device.queue}` : '';
  try {
    reply = await transport({
      method: 'GET',
      path: `/sync/pull?clientId=${clientId}&cookie=${cookie}&limit=${limit}&pack=1&schema=${DEVICE_SCHEMA}${only}${prefix}${queue}`,
    });
  } catch (err) {
    return { kind: 'retry', reason: `network: ${(err as Error).message}` };
  }
  if (reply.status === 401 || reply.status === 403) return { kind: 'needsLogin' };
  if (reply.status !== 200) return { kind: 'retry', reason: `HTTP ${reply.status}` };
  const parsed = pullReplySchema.safeParse(reply.body);
  if (!parsed.success) return { kind: 'retry', reason: 'unreadable pull reply' };
  // Column blocks (the bulk catalog tables, `pack=1`) go to the grouped stores as they came; a
  // block of another table becomes RowChanges like the rest, in version order.
  try {
    const { packed, ...page } = parsed.data;
    return { kind: 'page', page: { ...page, ...splitPacked(page.changes, packed) } };
  } catch {
    return { kind: 'retry', reason: 'unreadable pull reply' };
  }
}

/**
 * The backfill (meta `backfill`, set by a cache schema upgrade): the tables the cache gained, from
 * their own cursor up to the main cookie the device had then, before the main pull continues.
 * Everything of them above that cookie comes with the main pull, so the two never send the same
 * version, and since this runs to its end before the main pull in the same cycle, a row the main
 * pull brings later is never overwritten by an older backfill copy. Each page, the cursor and the
 * progress figures commit in one transaction (a reload resumes it). No rebase: these tables are
 * never written by mutators.
 */
async function pullBackfill(
  db: PartsdeskDb,
  transport: Transport,
  opts: PullOptions,
  prefix: string | null,
): Promise<PullOutcome> {
  let pages = 0;
  let applied = 0;
  for (;;) {
    const b = await getMeta(db, 'backfill');
    if (!b) return { kind: 'done', pages, changes: applied };
    if (await getMeta(db, 'fullSync')) {
      // The main pull starts from 0 anyway and brings these tables with the rest.
      await setMeta(db, 'backfill', null);
      return { kind: 'done', pages, changes: applied };
    }
    const fetched = await fetchPage(transport, opts.clientId, b.cookie, opts.initialLimit ?? opts.limit, { prefix }, b);
    if (fetched.kind !== 'page') return fetched;
    const page = fetched.page;
    const rows = pageRows(page.changes, page.blocks);
    const done = b.done + rows;
    const stored = await db.transaction('rw', pullStores(db), async (): Promise<boolean> => {
      const now = await getMeta(db, 'backfill');
      if (!now || now.cookie !== b.cookie) return false;
      if (page.needsFullSync) {
        // Deletions in its range are gone from the server: start the whole cache afresh.
        await setMeta(db, 'backfill', null);
        await setMeta(db, 'fullSync', true);
        return false;
      }
      await applyServerChanges(db, page.changes, page.blocks);
      await setMeta(
        db,
        'backfill',
        page.more ? { ...b, cookie: page.cookie, done, total: done + (page.remaining ?? 0) } : null,
      );
      return true;
    });
    pages++;
    if (stored) {
      applied += rows;
      opts.onProgress?.(done, page.more ? (page.remaining ?? 0) : 0, true);
    }
    if (opts.maxPages !== undefined && pages >= opts.maxPages) return { kind: 'done', pages, changes: applied };
  }
}

export async function pullAll(db: PartsdeskDb, transport: Transport, opts: PullOptions): Promise<PullOutcome> {
  let pages = 0;
  let applied = 0;
  let ahead: { cookie: number; limit: number; reply: Promise<Fetched> } | null = null;
  // The prefix this device holds, named so a restored server records it again (device-ref.ts).
  const prefix = await getMeta(db, 'devicePrefix');
  const device: DeviceTags = { prefix, queue: await db.outbox.count() };
  const backfill = await pullBackfill(db, transport, opts, prefix);
  if (backfill.kind !== 'done') return backfill;
  if ((await getMeta(db, 'backfill')) !== null) return backfill; // maxPages reached mid-backfill
  // A device holding nothing starts from the server's prebuilt snapshot when one is offered.
  if (opts.snapshot && (await getMeta(db, 'cookie')) === 0 && !(await getMeta(db, 'fullSync'))) {
    if ((await pullSnapshot(db, transport, opts.snapshot, opts)) === 'retry') {
      return { kind: 'retry', reason: 'network: snapshot' };
    }
  }
  for (;;) {
    const full = await getMeta(db, 'fullSync');
    const cookie = full ? 0 : await getMeta(db, 'cookie');
    const figures = await getMeta(db, 'initialDownload');
    const downloading = full || cookie === 0 || figures !== null;
    const pageSize = opts.initialLimit ?? opts.limit;
    const limit = !downloading ? opts.limit : figures === null ? Math.min(FIRST_DOWNLOAD_PAGE, pageSize) : pageSize;
    // A page asked for ahead counts only if it continues from what is stored now.
    const fetched: Fetched =
      ahead && ahead.cookie === cookie && ahead.limit === limit && !full
        ? await ahead.reply
        : await fetchPage(transport, opts.clientId, cookie, limit, device);
    ahead = null;
    if (fetched.kind !== 'page') return fetched;
    const page: Page = fetched.page;
    const rows = pageRows(page.changes, page.blocks);
    const cleared = page.needsFullSync === true || full;
    // Ask for the next page while this one is written: the server's work and IndexedDB's overlap.
    if (page.more && (opts.maxPages === undefined || pages + 1 < opts.maxPages)) {
      const next = downloading || cleared ? (opts.initialLimit ?? opts.limit) : opts.limit;
      ahead = {
        cookie: page.cookie,
        limit: next,
        reply: fetchPage(transport, opts.clientId, page.cookie, next, device),
      };
    }
    /** 'stale' when the page no longer fits the stored cookie; else the download's rows done, or null. */
    const stored = await db.transaction('rw', pullStores(db), async (): Promise<number | null | 'stale'> => {
      // The cookie may have moved meanwhile (another realm pulled): a stale page must not rewind it.
      const fullNow = await getMeta(db, 'fullSync');
      if (fullNow !== full || (!full && (await getMeta(db, 'cookie')) !== cookie)) return 'stale';
      if (cleared) {
        await clearServerRows(db);
        await setMeta(db, 'fullPullDone', false);
        await setMeta(db, 'backfill', null); // the pull from 0 brings every table
      }
      if (full) await setMeta(db, 'fullSync', false);
      await applyServerChanges(db, page.changes, page.blocks);
      await rebase(db, opts.registry, page.lastMutationId, opts.settings());
      await setMeta(db, 'cookie', page.cookie);
      await noteServerLast(db, page.lastMutationId, page.epoch);
      await noteDevicePrefix(db, page.devicePrefix);
      if (!page.more) await setMeta(db, 'fullPullDone', true);
      if (!downloading && !cleared) return null;
      const before = cleared ? null : await getMeta(db, 'initialDownload');
      const done = (before?.done ?? 0) + rows;
      const parts = page.catalogParts ?? before?.parts;
      await setMeta(
        db,
        'initialDownload',
        page.more ? { done, total: done + (page.remaining ?? 0), ...(parts !== undefined ? { parts } : {}) } : null,
      );
      return done;
    });
    pages++;
    if (stored !== 'stale') {
      applied += rows;
      opts.onPage?.({
        changes: page.changes,
        blocks: page.blocks,
        cleared,
        complete: !page.more,
        after: full ? 0 : cookie,
        cookie: page.cookie,
      });
      opts.onProgress?.(stored ?? applied, page.more ? (page.remaining ?? 0) : 0, stored !== null);
    }
    if (!page.more) return { kind: 'done', pages, changes: applied };
    if (opts.maxPages !== undefined && pages >= opts.maxPages) return { kind: 'done', pages, changes: applied };
  }
}

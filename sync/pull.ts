/**
 * Pull: fetch pages of changes after the stored cookie and apply each page, its rebase and the
 * new cookie in ONE Dexie transaction, so a crash between pages loses nothing and never applies a
 * page twice out of step with the cookie.
 *
 * Must stay true: the cookie is stored only together with the rows it covers; needsFullSync drops
 * every cached server row (never the outbox or journal) before applying the page from 0.
 */
import { pullReplySchema } from '../src/contracts/sync-pull';
import type { StoreSettings } from '../src/domain/settings';
import type { PartsdeskDb } from '../src/db/database';
import { getMeta, setMeta } from '../src/db/meta';
import { applyServerChange, clearServerRows, pullStores } from '../src/db/tables';
import { rebase } from './rebase';
import { noteServerLast } from './recovery';
import type { MutationRegistry } from './registry';
import type { Transport } from './transport';

export type PullOutcome =
  | { kind: 'done'; pages: number; changes: number }
  | { kind: 'needsLogin' }
  | { kind: 'retry'; reason: string };

export interface PullOptions {
  clientId: string;
  limit: number;
  registry: MutationRegistry;
  settings: () => StoreSettings;
  /** Changes applied so far and still to come, for a progress figure. */
  onProgress?: (applied: number, remaining: number) => void;
  /** Safety stop for one call; the next sync continues from the stored cookie. */
  maxPages?: number;
}

export async function pullAll(db: PartsdeskDb, transport: Transport, opts: PullOptions): Promise<PullOutcome> {
  let pages = 0;
  let applied = 0;
  for (;;) {
    const full = await getMeta(db, 'fullSync');
    const cookie = full ? 0 : await getMeta(db, 'cookie');
    let reply;
    try {
      reply = await transport({ method: 'GET', path: `/sync/pull?clientId=${opts.clientId}&cookie=${cookie}&limit=${opts.limit}` });
    } catch (err) {
      return { kind: 'retry', reason: `network: ${(err as Error).message}` };
    }
    if (reply.status === 401 || reply.status === 403) return { kind: 'needsLogin' };
    if (reply.status !== 200) return { kind: 'retry', reason: `HTTP ${reply.status}` };
    const parsed = pullReplySchema.safeParse(reply.body);
    if (!parsed.success) return { kind: 'retry', reason: 'unreadable pull reply' };
    const page = parsed.data;
    await db.transaction('rw', pullStores(db), async () => {
      // The cookie may have moved meanwhile (another realm pulled): a stale page must not rewind it.
      const fullNow = await getMeta(db, 'fullSync');
      if (fullNow !== full || (!full && (await getMeta(db, 'cookie')) !== cookie)) return;
      if (page.needsFullSync || full) await clearServerRows(db);
      if (full) await setMeta(db, 'fullSync', false);
      for (const c of page.changes) await applyServerChange(db, c);
      await rebase(db, opts.registry, page.lastMutationId, opts.settings());
      await setMeta(db, 'cookie', page.cookie);
      await noteServerLast(db, page.lastMutationId);
    });
    pages++;
    applied += page.changes.length;
    opts.onProgress?.(applied, page.remaining ?? 0);
    if (!page.more) return { kind: 'done', pages, changes: applied };
    if (opts.maxPages !== undefined && pages >= opts.maxPages) return { kind: 'done', pages, changes: applied };
  }
}

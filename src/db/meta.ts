/**
 * Typed access to the `meta` store. Keys and what they hold:
 * - clientId: this install's uuid (minted once, never changes);
 * - cookie: the pull cursor (only moves forward, except to 0 on needsFullSync);
 * - nextMutationId: the id the next mutate() takes (starts at 1, only grows);
 * - lastAckedId: highest mutation id the server answered (only grows);
 * - resendFrom: set while recovering from a server that lost acknowledged mutations;
 * - fullSync: the next pull starts from 0 and first drops every cached server row;
 * - lastSync: ISO time of the last complete push + pull;
 * - fullPullDone: a pull has reached its last page since the device last held no server rows
 *   (set with the last page; cleared, in the same transaction, whenever cached rows are dropped);
 * - initialDownload: while a pull from cookie 0 is under way, the rows its stored pages hold and
 *   the total the last page announced (done + remaining), and the catalog's parts (first page). Written in each page's transaction, so
 *   after a reload the download resumes with the rows already stored counted as done; null once
 *   the last page is stored;
 * - epoch: the server's sync epoch from the last reply that carried one (null before); a different
 *   one means the server's database was replaced (sync/recovery.ts).
 * - devicePrefix: the prefix the server gave this device ("C2"), null until a reply brought it;
 * - backfill: tables this device's cache gained (a schema upgrade) after its cookie passed their
 *   rows: pulled from `cookie` (their own cursor, from 0) up to `upTo` (the main cookie when the
 *   cache was upgraded) before the main pull continues; `done`/`total` are its progress figures.
 *   null when there is nothing to backfill (sync/pull.ts);
 * - nextOrderRef: the number the next order created here takes ("C2-0042": 42; starts at 1, only
 *   grows, taken in the order's own transaction: src/db/device-ref.ts).
 */
import type { PartsdeskDb } from './database';
import { randomUuid } from './ids';

export interface Meta {
  clientId: string;
  cookie: number;
  nextMutationId: number;
  lastAckedId: number;
  resendFrom: number | null;
  fullSync: boolean;
  lastSync: string | null;
  fullPullDone: boolean;
  initialDownload: { done: number; total: number; parts?: number } | null;
  epoch: string | null;
  devicePrefix: string | null;
  nextOrderRef: number;
  backfill: Backfill | null;
}

export interface Backfill {
  tables: string[];
  cookie: number;
  upTo: number;
  done: number;
  total: number;
}

const defaults: Omit<Meta, 'clientId'> = {
  cookie: 0,
  nextMutationId: 1,
  lastAckedId: 0,
  resendFrom: null,
  fullSync: false,
  lastSync: null,
  fullPullDone: false,
  initialDownload: null,
  epoch: null,
  devicePrefix: null,
  nextOrderRef: 1,
  backfill: null,
};

export async function getMeta<K extends keyof Meta>(db: PartsdeskDb, key: K): Promise<Meta[K]> {
  const row = await db.meta.get(key);
  if (row) return row.value as Meta[K];
  if (key === 'clientId') throw new Error('meta.clientId missing: call ensureClientId first');
  return defaults[key as Exclude<K, 'clientId'>] as unknown as Meta[K];
}

export async function setMeta<K extends keyof Meta>(db: PartsdeskDb, key: K, value: Meta[K]): Promise<void> {
  await db.meta.put({ key, value });
}

/** The install's client id, minted on first use. */
export async function ensureClientId(db: PartsdeskDb, mint: () => string = randomUuid): Promise<string> {
  return db.transaction('rw', db.meta, async () => {
    const row = await db.meta.get('clientId');
    if (row) return row.value as string;
    const id = mint();
    await db.meta.put({ key: 'clientId', value: id });
    return id;
  });
}

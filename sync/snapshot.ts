/**
 * A new device's first sync from a prebuilt snapshot (docs/decisions/sync.md "First-sync
 * snapshots"; server/sync/snapshot-service.ts): instead of computing the whole catalog page by page
 * for this device, the server hands every device the same immutable file of what a pull from 0
 * brings up to a version V; the device stores it line by line, sets its cookie to V, and the
 * ordinary pull brings what changed since.
 *
 * Must stay true: the cookie moves from 0 to V only in the transaction after the file's end line
 * was read and its row count matched (a file cut short is never taken for whole); the first line's
 * transaction drops every cached server row (a snapshot cut short by a reload is started again from
 * scratch, never mixed with an older one); each line commits its rows with the download figures, so
 * the bar moves; nothing is written while the stored cookie is not 0 or a full sync is pending.
 * Any failure (none offered, an older server, a bad line, the network) leaves the device where the
 * plain pull from 0 starts.
 */
import {
  snapshotEndSchema,
  snapshotPageSchema,
  snapshotReplySchema,
  type SnapshotInfo,
} from '../src/contracts/sync-snapshot';
import { DEVICE_SCHEMA, type PartsdeskDb } from '../src/db/database';
import { getMeta, setMeta } from '../src/db/meta';
import { applyServerChanges, clearServerRows, pageRows, pullStores, splitPacked } from '../src/db/tables';
import type { PulledPage } from './pulled-page';
import type { Transport } from './transport';

/** The lines of the file at `path` (its body, decompressed by the HTTP stack), read as they arrive. */
export type SnapshotLines = (path: string, signal?: AbortSignal) => AsyncIterable<string>;

/** Lines parsed ahead of the one being stored, so the download goes on while IndexedDB writes. */
const READ_AHEAD = 3;

/** 'retry': the network failed part-way (the next cycle tries the snapshot again). */
export type SnapshotOutcome = 'stored' | 'none' | 'stale' | 'retry';

/**
 * Splits a byte stream into lines (UTF-8), each without its '\n'; `onChunk` after every read.
 * A line is a whole page (megabytes), arriving in many reads: each read is searched for '\n' once,
 * the bytes of an unfinished line are kept as they came and joined and decoded once when its
 * '\n' arrives. Splitting on the byte is safe in UTF-8 (0x0A is never part of another character),
 * so a character cut by a read boundary is decoded whole. The final line needs no '\n'.
 * (Before: every read was appended to the unfinished line's text and the whole text searched again,
 * quadratic in a line's reads; docs/decisions/sync.md "First-sync snapshots".)
 */
export async function* linesOf(body: ReadableStream<Uint8Array>, onChunk?: () => void): AsyncGenerator<string> {
  const reader = body.getReader();
  // Invalid bytes become U+FFFD as TextDecoderStream made them: JSON.parse or the schema refuses the line.
  const decoder = new TextDecoder();
  let parts: Uint8Array[] = [];
  let size = 0;
  const line = (tail: Uint8Array): string => {
    if (parts.length === 0) return decoder.decode(tail);
    const all = new Uint8Array(size + tail.length);
    let at = 0;
    for (const p of parts) {
      all.set(p, at);
      at += p.length;
    }
    all.set(tail, at);
    parts = [];
    size = 0;
    return decoder.decode(all);
  };
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      onChunk?.();
      let from = 0;
      for (let nl = value.indexOf(10); nl >= 0; nl = value.indexOf(10, from)) {
        const text = line(value.subarray(from, nl));
        from = nl + 1;
        yield text;
      }
      if (from < value.length) {
        parts.push(value.subarray(from));
        size += value.length - from;
      }
    }
    if (size > 0) yield line(new Uint8Array(0));
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

/** No byte for this long: the connection is taken for dead (a whole file may take minutes on a slow link). */
const IDLE_MS = 30_000;

/** GET the file with the session cookie (same origin in the browser; `headers` in Node tests). */
export function fetchSnapshotLines(baseUrl: string, headers: () => Record<string, string> = () => ({})): SnapshotLines {
  return async function* (path, signal) {
    const ctrl = new AbortController();
    let idle = setTimeout(() => ctrl.abort(), IDLE_MS);
    const stop = () => ctrl.abort();
    signal?.addEventListener('abort', stop, { once: true });
    try {
      const res = await fetch(baseUrl + path, { credentials: 'include', headers: headers(), signal: ctrl.signal });
      if (res.status !== 200 || !res.body) throw new Error(`snapshot: HTTP ${res.status}`);
      yield* linesOf(res.body, () => {
        clearTimeout(idle);
        idle = setTimeout(() => ctrl.abort(), IDLE_MS);
      });
    } finally {
      clearTimeout(idle);
      signal?.removeEventListener('abort', stop);
    }
  };
}

/** Keeps up to `n` items of `source` read ahead of the consumer. */
async function* ahead<T>(source: AsyncIterable<T>, n: number): AsyncGenerator<T> {
  const it = source[Symbol.asyncIterator]();
  const queue: Promise<IteratorResult<T>>[] = [];
  try {
    for (;;) {
      while (queue.length < n) {
        const next = it.next();
        next.catch(() => undefined); // a failure read ahead is reported when its turn comes
        queue.push(next);
      }
      const r = await queue.shift()!;
      if (r.done) return;
      yield r.value;
    }
  } finally {
    // Settle what was asked for, then close the source (an abandoned fetch stops).
    await Promise.allSettled(queue);
    await it.return?.();
  }
}

async function offered(transport: Transport): Promise<SnapshotInfo | null> {
  try {
    const r = await transport({ method: 'GET', path: `/sync/snapshot?schema=${DEVICE_SCHEMA}` });
    if (r.status !== 200) return null; // an older server (404), a refusal: the plain pull decides
    const parsed = snapshotReplySchema.safeParse(r.body);
    return parsed.success ? parsed.data.snapshot : null;
  } catch {
    return null;
  }
}

/**
 * Stores the offered snapshot when the device holds nothing yet (cookie 0, no full sync pending).
 * 'stored': the cookie is the snapshot's version now; 'none': nothing offered or it failed part-way
 * (the plain pull from 0 follows); 'stale': another realm moved the cookie meanwhile.
 */
export async function pullSnapshot(
  db: PartsdeskDb,
  transport: Transport,
  lines: SnapshotLines,
  opts: {
    onPage?: ((page: PulledPage) => void) | undefined;
    onProgress?: ((done: number, remaining: number, initial: boolean) => void) | undefined;
  },
): Promise<SnapshotOutcome> {
  const info = await offered(transport);
  if (!info) return 'none';
  let done = 0;
  let first = true;
  /** Writes in one transaction while the device is still at cookie 0; false when it no longer is. */
  const atZero = (write: () => Promise<void>) =>
    db.transaction('rw', pullStores(db), async () => {
      if ((await getMeta(db, 'cookie')) !== 0 || (await getMeta(db, 'fullSync'))) return false;
      await write();
      return true;
    });
  /**
   * The line being written (its transaction started, not yet awaited): the next line is read,
   * parsed and checked while IndexedDB commits it, instead of the worker waiting for the commit
   * first. Lines are still written one after the other: a line's write starts only once the one
   * before it committed (settle), and its page is reported (onPage) only after its commit.
   */
  let writing: { stored: Promise<boolean>; committed: () => void } | null = null;
  /** Waits for the line being written; false when the device left cookie 0 meanwhile. */
  const settle = async (): Promise<boolean> => {
    const w = writing;
    writing = null;
    if (!w) return true;
    if (!(await w.stored)) return false;
    w.committed();
    return true;
  };
  /** A file that does not read as one (a bad line, cut short): the plain pull from 0, over dropped rows. */
  const unusable = async (): Promise<SnapshotOutcome> => {
    await source.return(undefined);
    if (!(await settle())) return 'stale';
    if (!first) await atZero(() => setMeta(db, 'fullSync', true));
    return 'none';
  };
  const source = ahead(lines(info.url), READ_AHEAD);
  for (;;) {
    let line: string;
    try {
      const next = await source.next();
      if (next.done) return await unusable(); // no end line: cut short
      line = next.value;
    } catch {
      // The network failed part-way: what was written stays until the next attempt starts again.
      await settle();
      return 'retry';
    }
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      return await unusable();
    }
    const end = snapshotEndSchema.safeParse(json);
    if (end.success) {
      await source.return(undefined);
      if (!(await settle())) return 'stale';
      if (end.data.rows !== done || end.data.version !== info.version) return await unusable();
      if (!(await atZero(() => setMeta(db, 'cookie', info.version)))) return 'stale';
      opts.onPage?.({
        changes: [],
        cleared: first,
        complete: false,
        after: 0,
        cookie: info.version,
        continues: !first,
      });
      return 'stored';
    }
    const page = snapshotPageSchema.safeParse(json);
    let split;
    try {
      // The grouped tables' column blocks are stored as they came; any other block as RowChanges.
      split = page.success ? splitPacked(page.data.changes, page.data.packed) : null;
    } catch {
      split = null;
    }
    if (!split) return await unusable();
    if (!(await settle())) {
      await source.return(undefined);
      return 'stale';
    }
    const cleared = first;
    const { blocks, changes } = split;
    const rows = pageRows(changes, blocks);
    const before = done;
    const stored = atZero(async () => {
      if (cleared) {
        await clearServerRows(db);
        await setMeta(db, 'fullPullDone', false);
        await setMeta(db, 'backfill', null);
      }
      await applyServerChanges(db, changes, blocks);
      const total = Math.max(info.rows, before + rows);
      await setMeta(db, 'initialDownload', { done: before + rows, total, parts: info.parts });
    });
    // Reported when settled; never an unhandled rejection while the next line is read.
    stored.catch(() => undefined);
    writing = {
      stored,
      committed: () => {
        first = false;
        done = before + rows;
        opts.onPage?.({ changes, blocks, cleared, complete: false, after: 0, cookie: 0, continues: !cleared });
        opts.onProgress?.(done, Math.max(0, info.rows - done), true);
      },
    };
  }
}

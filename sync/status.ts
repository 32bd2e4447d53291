import type { PartsdeskDb } from '../src/db/database';
import { getMeta } from '../src/db/meta';

/** What the engine reports to the UI (the status indicator reads only this). */
export interface SyncStatus {
  online: boolean;
  /** Mutations waiting for the server. */
  pending: number;
  /** Age of the oldest waiting mutation; null when none wait. */
  oldestPendingAgeMs: number | null;
  /** ISO time of the last complete push + pull. */
  lastSuccess: string | null;
  /** Rejections staff have not resolved. */
  conflicts: number;
  /** The session expired: the queue is kept, sign in to continue. */
  needsLogin: boolean;
  /** The server speaks another protocol: reload the app. */
  needsUpdate: boolean;
  /** Why the queue cannot move (blocked batch, recovery gap); null when it can. */
  error: string | null;
  /**
   * Pull progress while pages are coming in: rows stored so far and still to come. During the
   * initial download `applied` counts every stored row, including pages stored before a reload.
   */
  progress: { applied: number; remaining: number } | null;
  /** The initial catalog download while it runs (read from meta, so exact after a reload); else null. */
  download: DownloadStatus | null;
}

/**
 * The first full download of the catalog, customers and orders into this device (no pull has
 * completed since the device last held no server rows). `total` is done + what the server last
 * said remains; 0 before the first page arrived.
 */
export interface DownloadStatus {
  done: number;
  total: number;
  /** Whole percent, 0-100. */
  percent: number;
  /** Parts in the catalog being downloaded, when the server said (its first page); else null. */
  parts: number | null;
}

/** The download figures from meta: cookie 0 with no completed pull is a download not started yet. */
export function downloadStatus(
  figures: { done: number; total: number; parts?: number } | null,
  cookie: number,
  fullPullDone: boolean,
): DownloadStatus | null {
  if (figures) {
    const total = Math.max(figures.total, figures.done);
    return {
      done: figures.done,
      total,
      percent: total > 0 ? Math.min(100, Math.floor((figures.done * 100) / total)) : 0,
      parts: figures.parts ?? null,
    };
  }
  return cookie === 0 && !fullPullDone ? { done: 0, total: 0, percent: 0, parts: null } : null;
}

/** What the engine itself knows (the rest of a status is read from the device store). */
export type EngineState = Pick<SyncStatus, 'online' | 'needsLogin' | 'needsUpdate' | 'error' | 'progress'>;

/** The status the UI shows: the engine's own state with the outbox, conflicts and download read from the store. */
export async function readSyncStatus(db: PartsdeskDb, now: number, engine: EngineState): Promise<SyncStatus> {
  const [pending, oldest, conflicts, lastSuccess, figures, cookie, fullPullDone, backfill] = await Promise.all([
    db.outbox.count(),
    db.outbox.orderBy('id').first(),
    db.conflicts.filter((c) => c.seenAt === null).count(),
    getMeta(db, 'lastSync'),
    getMeta(db, 'initialDownload'),
    getMeta(db, 'cookie'),
    getMeta(db, 'fullPullDone'),
    getMeta(db, 'backfill'),
  ]);
  return {
    ...engine,
    pending,
    oldestPendingAgeMs: oldest ? Math.max(0, now - Date.parse(oldest.at)) : null,
    lastSuccess,
    conflicts,
    // A backfill (new tables after a cache upgrade) shows on the same bar with its own figures.
    download: downloadStatus(
      figures ?? (backfill ? { done: backfill.done, total: backfill.total } : null),
      cookie,
      fullPullDone,
    ),
  };
}

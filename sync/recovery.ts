/**
 * Server-loss recovery (docs/architecture.md "Server-loss recovery"; the reasoning is in
 * docs/decisions/sync.md "Sync protocol (server/sync, sync/, src/db)"). The device keeps every
 * answered mutation in `journal` for >= 7 days.
 *
 * Detection: any push or pull reply whose lastMutationId is below lastAckedId means the server
 * no longer has mutations it once acknowledged (PGlite power loss, restore from a backup). The
 * device then sets resendFrom = lastMutationId + 1, and the next pushes carry journal entries
 * resendFrom..lastAckedId ahead of the outbox, in id order. The server's counter went backwards,
 * so it sees those ids as NEW and applies them in order: that is the point, and it is safe
 * because the ids and their order are the device's own, unchanged.
 *
 * Why a false alarm is harmless: if the reply was merely stale, the server's real counter is >=
 * lastAckedId, so every resent id is <= it and comes back `skipped` with nothing written.
 *
 * The pull cookie is reset too (fullSync): see docs/decisions/sync.md "Flaws in the first protocol
 * design, and the fixes" flaw 8.
 *
 * The server epoch (docs/decisions/server.md "Server epoch, restore and retry"): replies carry a random
 * id that a restore replaces. A device that sees a different epoch than it remembers does a full
 * sync even when lastMutationId shows no loss: it may have acknowledged nothing (or nothing the
 * backup lacks) yet hold rows and a cookie from the replaced history. The resend check above runs
 * as usual against the restored counter. The first epoch a device sees is only remembered.
 *
 * Must stay true: lastAckedId never decreases (it is what the device knows was accepted once);
 * resendFrom is cleared only by a reply whose lastMutationId >= lastAckedId, and otherwise follows
 * the server's counter (lastMutationId + 1), so a resend of several batches moves on batch by batch.
 */
import type { JournalEntry, OutboxEntry, PartsdeskDb } from '../src/db/database';
import { getMeta, setMeta } from '../src/db/meta';

export interface Stuck {
  stuck: true;
  /** First id the server needs that this device no longer has (journal pruned or storage lost). */
  missing: number;
}

/**
 * Records the server's counter (and epoch, when the reply has one) from a reply: starts or ends
 * recovery. Inside a transaction over meta.
 */
export async function noteServerLast(db: PartsdeskDb, serverLast: number, epoch?: string): Promise<void> {
  const replaced = epoch !== undefined && (await noteEpoch(db, epoch));
  const acked = await getMeta(db, 'lastAckedId');
  const resendFrom = await getMeta(db, 'resendFrom');
  if (serverLast < acked) {
    const from = serverLast + 1;
    // Starts recovery, moves it back (the server lost more), or forward: a resend longer than one
    // push batch is answered a batch at a time, and the server now holds everything up to
    // serverLast, so the next batch starts after it (not at the first one again, forever).
    if (resendFrom === null || from !== resendFrom) await setMeta(db, 'resendFrom', from);
    // The version sequence went back with the data: changes the server makes now can carry
    // numbers at or below this device's cookie and would never be pulled. Start over from 0.
    if (resendFrom === null) await setMeta(db, 'fullSync', true);
  } else if (resendFrom !== null) {
    await setMeta(db, 'resendFrom', null);
  }
  if (replaced) await setMeta(db, 'fullSync', true);
}

/** Remembers the server's epoch; true when it replaces a different one (the server was restored). */
async function noteEpoch(db: PartsdeskDb, epoch: string): Promise<boolean> {
  const known = await getMeta(db, 'epoch');
  if (known === epoch) return false;
  await setMeta(db, 'epoch', epoch);
  return known !== null;
}

export type BatchEntry = (OutboxEntry | JournalEntry) & { from: 'outbox' | 'journal' };

/** The next push batch: journal entries being resent (recovery), then the outbox, consecutive ids. */
export async function nextBatch(db: PartsdeskDb, max: number): Promise<BatchEntry[] | Stuck> {
  const resendFrom = await getMeta(db, 'resendFrom');
  const acked = await getMeta(db, 'lastAckedId');
  const batch: BatchEntry[] = [];
  let expect: number | null = null;
  if (resendFrom !== null && resendFrom <= acked) {
    const journal = await db.journal.where('id').between(resendFrom, acked, true, true).limit(max).toArray();
    if (journal[0]?.id !== resendFrom) return { stuck: true, missing: resendFrom };
    for (const j of journal) {
      if (expect !== null && j.id !== expect) return { stuck: true, missing: expect };
      batch.push({ ...j, from: 'journal' });
      expect = j.id + 1;
    }
    if (batch.length < max && expect !== acked + 1) return { stuck: true, missing: expect ?? resendFrom };
  }
  const outbox = await db.outbox
    .orderBy('id')
    .limit(max - batch.length)
    .toArray();
  for (const o of outbox) {
    if (expect !== null && o.id !== expect) {
      if (batch.length) break;
      return { stuck: true, missing: expect };
    }
    batch.push({ ...o, from: 'outbox' });
    expect = o.id + 1;
  }
  return batch;
}

/** Journal entries older than the retention are dropped; the newest acked one always stays. */
export async function pruneJournal(db: PartsdeskDb, now: number, keepMs = 7 * 86_400_000): Promise<void> {
  const cutoff = new Date(now - keepMs).toISOString();
  const acked = await getMeta(db, 'lastAckedId');
  await db.journal
    .where('ackedAt')
    .below(cutoff)
    .and((j) => j.id < acked)
    .delete();
}

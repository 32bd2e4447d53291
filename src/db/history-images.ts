/**
 * Pictures of customer history entries queued on this device (docs/decisions/pos.md "Customer
 * history and uploads"). The History tab stages the picture under the entry's uuid BEFORE it runs
 * `customerHistory.add` (and drops it again when the mutation is refused), so a queued entry that
 * names a picture always has its bytes here; the sync worker uploads it before pushing the entry
 * (sync/uploads.ts) and removes it once the entry left the outbox. Not sale data and not a server
 * row: nothing of it is rebased or pulled.
 */
import type { PartsdeskDb } from './database';
import type { StagedImage } from './staged-image';

export async function stageHistoryImage(db: PartsdeskDb, image: StagedImage): Promise<void> {
  await db.historyImages.put(image);
}

export async function dropHistoryImage(db: PartsdeskDb, id: string): Promise<void> {
  await db.historyImages.delete(id);
}

/** The staged pictures of these entries (the History tab shows them until the server's thumbnail). */
export async function stagedHistoryImages(db: PartsdeskDb, ids: readonly string[]): Promise<Map<string, Blob>> {
  const rows = await db.historyImages.bulkGet([...ids]);
  return new Map(rows.filter((r): r is StagedImage => r !== undefined).map((r) => [r.id, r.blob]));
}

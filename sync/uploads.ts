/**
 * Pictures of queued customer history entries go up before their entries (docs/decisions/pos.md
 * "Customer history and uploads"). For each `customerHistory.add` of the batch that names a picture
 * and has it staged here (src/db/history-images.ts): POST /api/customer_history/image keyed by the
 * entry's uuid, so a retry after a lost answer stores nothing new on the server (exactly once).
 * A refusal (not a JPEG/PNG, too big) is final: the entry is pushed anyway and the server refuses
 * it, which shows as a conflict with its message. No answer or a 5xx: the round stops and retries.
 * Once an entry has left the outbox (answered), its staged picture is dropped.
 */
import type { PartsdeskDb } from '../src/db/database';
import type { Transport } from './transport';

interface Queued {
  name: string;
  args: unknown;
}

type Named = { id?: unknown; customer_ref?: unknown; image?: { name?: unknown } | null };

export type UploadOutcome = { kind: 'done' } | { kind: 'retry'; reason: string } | { kind: 'needsLogin' };

export async function uploadStagedImages(
  db: PartsdeskDb,
  transport: Transport,
  batch: readonly Queued[],
): Promise<UploadOutcome> {
  for (const e of batch) {
    if (e.name !== 'customerHistory.add') continue;
    const a = (e.args ?? {}) as Named;
    if (!a.image || typeof a.id !== 'string' || typeof a.customer_ref !== 'string') continue;
    const staged = await db.historyImages.get(a.id);
    if (!staged || staged.uploaded) continue;
    const form = new FormData();
    form.append('image', staged.blob, typeof a.image.name === 'string' ? a.image.name : 'image');
    let reply;
    try {
      reply = await transport({
        method: 'POST',
        path: `/api/customer_history/image?customer_id=${encodeURIComponent(a.customer_ref)}&id=${encodeURIComponent(a.id)}`,
        body: form,
      });
    } catch (err) {
      return { kind: 'retry', reason: `upload: ${(err as Error).message}` };
    }
    if (reply.status === 401) return { kind: 'needsLogin' };
    if (reply.status === 403 && (reply.body as { error?: unknown } | null)?.error === 'csrf')
      return { kind: 'needsLogin' };
    if (reply.status >= 500 || reply.status === 429) return { kind: 'retry', reason: `upload: HTTP ${reply.status}` };
    const message = (reply.body as { message?: unknown } | null)?.message;
    await db.historyImages.update(a.id, {
      uploaded:
        reply.status < 300 ? 'stored' : { refused: typeof message === 'string' ? message : `HTTP ${reply.status}` },
    });
  }
  return { kind: 'done' };
}

/** Drops the staged pictures whose entries the server has answered (no longer in the outbox). */
export async function dropAnsweredImages(db: PartsdeskDb): Promise<void> {
  await db.transaction('rw', [db.historyImages, db.outbox], async () => {
    const staged = await db.historyImages.filter((s) => s.uploaded !== undefined).primaryKeys();
    if (staged.length === 0) return;
    const pending = new Set<string>();
    await db.outbox.each((e) => {
      const id = (e.args as { id?: unknown } | null)?.id;
      if (e.name === 'customerHistory.add' && typeof id === 'string') pending.add(id);
    });
    await db.historyImages.bulkDelete(staged.filter((id) => !pending.has(id)));
  });
}

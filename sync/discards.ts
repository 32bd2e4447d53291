/**
 * Sends the conflicts staff discarded on this device to the server (POST /sync/discard), which
 * records who discarded which change and when. A discard made offline waits in its conflict row
 * (`discard.pending`) and goes with the next sync; it is never dropped for a network error.
 *
 * Must stay true: a pending discard is cleared only by a server answer about it (recorded, or
 * refused for good with the reason kept in the row); 401/CSRF keeps it and asks for a login.
 */
import type { DiscardRequest } from '../src/contracts/sync-discard';
import { discardReplySchema } from '../src/contracts/sync-discard';
import type { PartsdeskDb } from '../src/db/database';
import type { Transport } from './transport';

export type DiscardsOutcome = 'ok' | 'retry' | 'needsLogin';

export async function pushDiscards(db: PartsdeskDb, transport: Transport, clientId: string): Promise<DiscardsOutcome> {
  const pending = await db.conflicts.filter((c) => c.discard?.pending === true).toArray();
  for (const c of pending) {
    const body: DiscardRequest = {
      clientId,
      mutationId: c.id,
      name: c.name,
      args: c.args,
      discardedAt: c.seenAt ?? new Date().toISOString(),
    };
    let reply;
    try {
      reply = await transport({ method: 'POST', path: '/sync/discard', body });
    } catch {
      return 'retry';
    }
    const answer = reply.body as { error?: unknown; message?: unknown } | null;
    if (reply.status === 401 || (reply.status === 403 && answer?.error === 'csrf')) return 'needsLogin';
    if (reply.status === 200) {
      const parsed = discardReplySchema.safeParse(reply.body);
      if (!parsed.success) return 'retry';
      await db.conflicts.update(c.id, { discard: { pending: false, recordedAt: parsed.data.discardedAt } });
    } else if (reply.status >= 400 && reply.status < 500 && reply.status !== 408 && reply.status !== 429) {
      // Refused for good (not staff, unknown or applied change): keep why, stop resending.
      const why = typeof answer?.message === 'string' ? answer.message : `HTTP ${reply.status}`;
      await db.conflicts.update(c.id, { discard: { pending: false, error: why } });
    } else {
      return 'retry';
    }
  }
  return 'ok';
}

/**
 * One push round: send the next batch (<= PUSH_BATCH, recovery resends first), then record the answer in
 * one Dexie transaction: answered mutations leave the outbox for the journal, rejections become
 * conflicts, lastAckedId and recovery state follow the server's lastMutationId and epoch.
 *
 * Must stay true: an outbox entry is removed only by a reply that names its id (a reply may answer
 * only the first part of the batch: the server's deadline; the rest goes again in the next round). Network errors,
 * 5xx and anything unreadable keep everything queued ("unknown outcome" = send again; the server
 * skips what it already has).
 */
import { PROTOCOL_VERSION } from '../src/contracts/protocol-version';
import {
  PUSH_BATCH,
  mutationGapSchema,
  pushReplySchema,
  type PushRequest,
  type PushResult,
} from '../src/contracts/sync-push';
import type { PartsdeskDb } from '../src/db/database';
import { noteDevicePrefix } from '../src/db/device-ref';
import { getMeta, setMeta } from '../src/db/meta';
import { nextBatch, noteServerLast, pruneJournal, type BatchEntry } from './recovery';
import type { Transport } from './transport';
import { dropAnsweredImages, uploadStagedImages } from './uploads';

export type PushOutcome =
  | { kind: 'idle' }
  /** Some were answered; call again if more remain. */
  | { kind: 'progress'; answered: number }
  | { kind: 'needsLogin' }
  | { kind: 'needsUpdate'; message: string }
  /** The server refuses the batch for a reason a retry will not fix soon (unsupported mutation, bad request). */
  | { kind: 'blocked'; status: number; message: string }
  | { kind: 'stuck'; missing: number }
  | { kind: 'retry'; reason: string };

export async function pushOnce(
  db: PartsdeskDb,
  transport: Transport,
  clientId: string,
  now: () => number,
): Promise<PushOutcome> {
  const batch = await db.transaction('r', [db.outbox, db.journal, db.meta], () => nextBatch(db, PUSH_BATCH));
  if ('stuck' in batch) return { kind: 'stuck', missing: batch.missing };
  if (batch.length === 0) return { kind: 'idle' };
  const prefix = await getMeta(db, 'devicePrefix');
  const request: PushRequest = {
    clientId,
    protocolVersion: PROTOCOL_VERSION,
    mutations: batch.map((e) => ({
      id: e.id,
      name: e.name,
      args: e.args,
      at: e.at,
      madeBy: { id: e.actor.id, role: e.actor.role, ...(e.token ? { token: e.token } : {}) },
    })),
    ...(prefix ? { devicePrefix: prefix } : {}),
  };
  // Pictures of queued history entries first: the server needs them when it applies the entries.
  const uploaded = await uploadStagedImages(db, transport, batch);
  if (uploaded.kind === 'needsLogin') return uploaded;
  if (uploaded.kind === 'retry') return uploaded;
  let reply;
  try {
    reply = await transport({ method: 'POST', path: '/sync/push', body: request });
  } catch (err) {
    return { kind: 'retry', reason: `network: ${(err as Error).message}` };
  }
  const message = (reply.body as { message?: unknown } | null)?.message;
  const text = typeof message === 'string' ? message : `HTTP ${reply.status}`;
  if (reply.status === 200) {
    const parsed = pushReplySchema.safeParse(reply.body);
    if (!parsed.success) return { kind: 'retry', reason: 'unreadable push reply' };
    await record(
      db,
      batch,
      parsed.data.results,
      parsed.data.lastMutationId,
      now(),
      parsed.data.epoch,
      parsed.data.devicePrefix,
    );
    await dropAnsweredImages(db);
    return { kind: 'progress', answered: parsed.data.results.length };
  }
  if (reply.status === 409) {
    const gap = mutationGapSchema.extend({ results: pushReplySchema.shape.results.optional() }).safeParse(reply.body);
    if (gap.success) {
      await record(db, batch, gap.data.results ?? [], gap.data.lastMutationId, now(), gap.data.epoch);
      return { kind: 'progress', answered: gap.data.results?.length ?? 0 };
    }
    return { kind: 'needsUpdate', message: text };
  }
  if (reply.status === 401) return { kind: 'needsLogin' };
  if (reply.status === 403)
    return (reply.body as { error?: unknown } | null)?.error === 'csrf'
      ? { kind: 'needsLogin' }
      : { kind: 'blocked', status: 403, message: text };
  if (reply.status === 400 || reply.status === 422) return { kind: 'blocked', status: reply.status, message: text };
  return { kind: 'retry', reason: text };
}

async function record(
  db: PartsdeskDb,
  batch: BatchEntry[],
  results: PushResult[],
  serverLast: number,
  now: number,
  epoch: string | undefined,
  prefix?: string,
): Promise<void> {
  const byId = new Map(batch.map((e) => [e.id, e]));
  const ackedAt = new Date(now).toISOString();
  await db.transaction('rw', [db.outbox, db.journal, db.conflicts, db.meta], async () => {
    let acked = await getMeta(db, 'lastAckedId');
    for (const r of results) {
      const e = byId.get(r.id);
      if (!e) continue;
      const outcome = r.status === 'skipped' ? (r.was ?? 'applied') : r.status;
      const fresh = r.status !== 'skipped' || e.from === 'outbox';
      if (fresh) {
        await db.journal.put({
          id: e.id,
          name: e.name,
          args: e.args,
          at: e.at,
          actor: e.actor,
          ...(e.token ? { token: e.token } : {}),
          outcome,
          code: r.code ?? null,
          message: r.message ?? null,
          ackedAt,
        });
      }
      if (e.from === 'outbox') await db.outbox.where('id').equals(e.id).delete();
      // A rejection, or a change applied with a notice (a customer field another device changed
      // first, docs/decisions/sync.md "Customer edits merge by field"): staff see it with the conflicts.
      const notice = outcome === 'applied' && r.code !== undefined && r.message !== undefined;
      if ((outcome === 'rejected' || notice) && fresh && !(await db.conflicts.get(e.id))) {
        await db.conflicts.put({
          id: e.id,
          name: e.name,
          args: e.args,
          at: e.at,
          code: r.code ?? 'rejected',
          message: r.message ?? '',
          seenAt: null,
          ...(notice ? { applied: true as const } : {}),
        });
      }
      acked = Math.max(acked, r.id);
    }
    await setMeta(db, 'lastAckedId', acked);
    await noteServerLast(db, serverLast, epoch);
    await noteDevicePrefix(db, prefix);
    await pruneJournal(db, now);
  });
}

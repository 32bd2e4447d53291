/**
 * POST /sync/discard: records that staff discarded a conflict (a mutation this server rejected) on
 * a device: who (the session user of the call), when (server time, and the device's time of the
 * discard), which mutation and its args as the device held them. Once per mutation: a repeat (the
 * device did not hear the first reply) answers the recorded row and writes nothing.
 *
 * The discard also goes into the audit log (kind conflict_discard, server/commands/audit.ts), once.
 * Refused: a mutation the server has no record of (404; e.g. a restored server that has not seen
 * it again yet) and one it applied (409 not_rejected): neither is a conflict to discard.
 */
import type { Kysely } from 'kysely';
import type { DiscardReply, DiscardRequest } from '../../src/contracts/sync-discard';
import type { DB } from '../db/schema';
import { ServiceError, notFound } from '../errors';
import type { Actor } from '../commands/actor';
import { writeAudit } from '../commands/audit';

export async function recordDiscard(
  db: Kysely<DB>,
  req: DiscardRequest,
  actor: Actor,
  now: Date,
): Promise<DiscardReply> {
  const sdb = db;
  return sdb.transaction().execute(async (trx) => {
    const m = await trx
      .selectFrom('sync_mutations')
      .select(['status', 'code', 'message'])
      .where('client_id', '=', req.clientId)
      .where('mutation_id', '=', String(req.mutationId))
      .executeTakeFirst();
    if (!m) throw notFound(`The server has no record of change ${req.mutationId} from this device.`);
    if (m.status !== 'rejected')
      throw new ServiceError(
        'conflict',
        'not_rejected',
        `Change ${req.mutationId} was applied on the server; only a rejected change can be discarded.`,
      );
    const inserted = await trx
      .insertInto('sync_discards')
      .values({
        client_id: req.clientId,
        mutation_id: req.mutationId,
        name: req.name,
        args: JSON.stringify(req.args ?? null),
        code: m.code,
        message: m.message,
        discarded_by_kind: 'staff',
        discarded_by_id: actor.id,
        discarded_at: now,
        device_at: req.discardedAt,
      })
      .onConflict((oc) => oc.columns(['client_id', 'mutation_id']).doNothing())
      .returning('mutation_id')
      .execute();
    // The audit log gets the discard once, with the rest of the audited changes (server/commands/audit.ts).
    if (inserted.length) {
      await writeAudit(
        trx,
        'sync.discard',
        [
          {
            kind: 'conflict_discard',
            recordTable: 'sync_mutations',
            recordId: `${req.clientId}:${req.mutationId}`,
            orderRef: null,
            before: { name: req.name, args: req.args ?? null, code: m.code, message: m.message },
            after: null,
          },
        ],
        { actor, device: { clientId: req.clientId, mutationId: req.mutationId }, at: now.toISOString() },
      );
    }
    const row = await trx
      .selectFrom('sync_discards')
      .select(['discarded_by_id', 'discarded_at'])
      .where('client_id', '=', req.clientId)
      .where('mutation_id', '=', String(req.mutationId))
      .executeTakeFirstOrThrow();
    return {
      clientId: req.clientId,
      mutationId: req.mutationId,
      discardedBy: { kind: 'staff', id: row.discarded_by_id },
      discardedAt: new Date(row.discarded_at).toISOString(),
    };
  });
}

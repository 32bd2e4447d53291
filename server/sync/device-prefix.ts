/**
 * Device prefixes: each sync client gets a short prefix once ("C2"), which it puts in front of the
 * numbers of the orders it creates offline ("C2-0042"). Push and pull replies carry it.
 *
 * A device that already holds a prefix names it in its requests (a claim). The server records a
 * claim only for a client it has no prefix for, and only while no other client holds it: that is a
 * server restored from a backup older than the device's registration, which must not hand the
 * device's prefix to someone else later. A claim that cannot be granted gets a fresh prefix.
 *
 * Must stay true: a prefix belongs to one client for good (unique column; the sequence never
 * repeats), and a client's prefix never changes once recorded.
 */
import { sql, type Kysely } from 'kysely';
import { devicePrefixSchema } from '../../src/contracts/sync-push';
import type { Actor } from '../commands/actor';
import type { DB } from '../db/schema';
import { isIntegrityViolation } from '../commands/errors';

/** The client's row, created on first contact (the same row the push registers). */
export async function registerClient(db: Kysely<DB>, clientId: string, actor: Actor, now: Date): Promise<void> {
  await db
    .insertInto('sync_clients')
    .values({
      client_id: clientId,
      user_kind: actor.kind,
      staff_user_id: actor.kind === 'staff' ? Number(actor.id) : null,
      customer_uuid: actor.kind === 'customer' ? actor.id : null,
      created_at: now,
      last_seen_at: now,
    })
    .onConflict((oc) => oc.column('client_id').doNothing())
    .execute();
}

/**
 * Gives the client its prefix when it has none yet: the claimed one when free, else the next from
 * the sequence (skipping values claimed meanwhile). Returns the client's prefix, or null when the
 * client row belongs to another account (then nothing is written).
 */
export async function assignPrefix(
  db: Kysely<DB>,
  clientId: string,
  actor: Actor,
  claimed: string | undefined,
  now: Date,
): Promise<string | null> {
  await registerClient(db, clientId, actor, now);
  for (let attempt = 0; attempt < 20; attempt++) {
    const row = await db
      .selectFrom('sync_clients')
      .select(['device_prefix', 'user_kind', 'customer_uuid'])
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    if (!row || row.user_kind !== actor.kind || (actor.kind === 'customer' && row.customer_uuid !== actor.id))
      return null;
    if (row.device_prefix) return row.device_prefix;
    const claim =
      attempt === 0 && claimed !== undefined && devicePrefixSchema.safeParse(claimed).success ? claimed : null;
    const value = claim === null ? sql<string>`'C' || nextval('device_prefix_seq')` : sql<string>`${claim}`;
    try {
      const set = await db
        .updateTable('sync_clients')
        .set({ device_prefix: value })
        .where('client_id', '=', clientId)
        .where('device_prefix', 'is', null)
        .returning('device_prefix')
        .executeTakeFirst();
      if (set?.device_prefix) return set.device_prefix;
    } catch (err) {
      // Taken by another client (a claim, or a sequence value a claim got first): try the next.
      if (!isIntegrityViolation(err)) throw err;
    }
  }
  throw new Error(`no free device prefix for client ${clientId} after 20 attempts`);
}

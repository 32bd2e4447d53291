/**
 * The store an order is rung up at, stamped by the server (docs/decisions/domain.md "Tax rates by
 * location"): `order.create` takes the acting staff member's store (staff_users.location_id),
 * whatever the device sent. A device sends the same, from its session (the session's locationId
 * is that column), so the total it showed offline is the one the server re-derives; when the two
 * differ (the staff member was moved meanwhile) the server's wins and the pull brings it back.
 * The server's own flows (the storefront's checkout) and staff without a store: null, the default
 * store's rates.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Actor } from '../actor';
import type { Applier } from './types';

/** The acting staff member's store, or null. */
export async function storeOfActor(trx: Kysely<DB>, actor: Actor): Promise<number | null> {
  if (actor.kind !== 'staff' || !/^[1-9]\d{0,9}$/.test(actor.id)) return null;
  const row = await trx
    .selectFrom('staff_users')
    .select('location_id')
    .where('user_id', '=', Number(actor.id))
    .executeTakeFirst();
  return row?.location_id ?? null;
}

export function atActorsStore(inner: Applier): Applier {
  return {
    access: inner.access,
    async apply(args, ctx) {
      // Args that are not an object go on as they are: the schema refuses them with its own message.
      if (typeof args !== 'object' || args === null || Array.isArray(args)) return inner.apply(args, ctx);
      return inner.apply({ ...args, location_id: await storeOfActor(ctx.trx, ctx.actor) }, ctx);
    },
  };
}

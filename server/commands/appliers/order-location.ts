/**
 * order.create's store (docs/decisions/pos.md "Receipt and invoice"): the server does not take the
 * device's word for where a sale was made. A staff member's order is sold at their store
 * (staff_users.location_id); when they have none, the device's choice stands if it names an active
 * store; else none (receipts then print the default store). A shopper's order names none.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Actor } from '../actor';
import type { Applier } from './types';

async function storeOf(trx: Kysely<DB>, actor: Actor, asked: unknown): Promise<number | null> {
  if (actor.kind === 'staff' && /^\d{1,9}$/.test(actor.id)) {
    const u = await trx
      .selectFrom('staff_users')
      .select('location_id')
      .where('user_id', '=', Number(actor.id))
      .executeTakeFirst();
    if (u?.location_id != null) return u.location_id;
  }
  if (actor.kind !== 'staff' || typeof asked !== 'number' || !Number.isInteger(asked)) return null;
  const loc = await trx
    .selectFrom('locations')
    .select('location_id')
    .where('location_id', '=', asked)
    .where('status', '=', true)
    .executeTakeFirst();
  return loc?.location_id ?? null;
}

export function locatedOrder(inner: Applier): Applier {
  return {
    access: inner.access,
    async apply(args, ctx) {
      if (typeof args !== 'object' || args === null || Array.isArray(args)) return inner.apply(args, ctx);
      const sent = args as Record<string, unknown>;
      const location_id = await storeOf(ctx.trx, ctx.actor, sent.location_id);
      return inner.apply({ ...sent, location_id }, ctx);
    },
  };
}

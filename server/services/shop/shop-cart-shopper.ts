/**
 * Who the shopper is, for the cart, compare and wishlist calls (docs/decisions/storefront.md
 * "Shopper cart"). A guest is an anonymous cookie (pd_shopper, 32 random bytes; only its sha256 is
 * stored), created on the guest's first change, never on a read. A customer is their account. When
 * a request carries both (a guest who just signed in), the guest's cart lines and compare list move
 * into the account's (quantities of the same line add up, capped at 10000) and the guest row and
 * cookie go, so a shared computer never keeps a signed-out shopper's cart under the cookie.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { COMPARE_LIMIT } from '../../../src/contracts/shop-lists';
import { DEFAULT_MAX_QUANTITY } from '../../../src/domain/quantity';
import type { DB } from '../../db/schema';

export const SHOPPER_COOKIE = 'pd_shopper';
/** The guest cookie outlives a browsing session, like a remembered cart should. */
export const SHOPPER_COOKIE_MAX_AGE_S = 30 * 86_400;

export interface ShopperKey {
  /** The signed-in customer's uuid, else null. */
  customerUuid: string | null;
  /** The pd_shopper cookie's value, else null. */
  token: string | null;
}

/** The shopper's row id, and what to do with the cookie afterwards (undefined: leave it). */
export interface ResolvedShopper {
  id: string | null;
  cookie?: string | null;
}

type Tx = Transaction<DB> | Kysely<DB>;

const hashToken = (t: string): string => createHash('sha256').update(t).digest('hex');
/** Only well-formed cookies are looked up; anything else is treated as no cookie. */
const validToken = (t: string | null): t is string => t !== null && /^[A-Za-z0-9_-]{43}$/.test(t);

async function guestRow(trx: Tx, token: string | null): Promise<string | null> {
  if (!validToken(token)) return null;
  const row = await trx
    .selectFrom('shop_shoppers')
    .select('id')
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  return row?.id ?? null;
}

async function customerRow(trx: Tx, customerUuid: string, create: boolean): Promise<string | null> {
  const row = await trx
    .selectFrom('shop_shoppers')
    .select('id')
    .where('customer_uuid', '=', customerUuid)
    .executeTakeFirst();
  if (row || !create) return row?.id ?? null;
  const id = randomUUID();
  await trx
    .insertInto('shop_shoppers')
    .values({ id, customer_uuid: customerUuid, token_hash: null })
    .onConflict((oc) => oc.column('customer_uuid').doNothing())
    .execute();
  const again = await trx
    .selectFrom('shop_shoppers')
    .select('id')
    .where('customer_uuid', '=', customerUuid)
    .executeTakeFirstOrThrow();
  return again.id;
}

/** Moves a guest's lines and compare list into the account's shopper, then deletes the guest. */
async function mergeInto(trx: Tx, guestId: string, ownerId: string): Promise<void> {
  // Lines both carts hold add up (capped); the guest's other lines move over keeping their keys.
  await sql`
    update shop_cart_items o
       set quantity = least(o.quantity + g.quantity, ${DEFAULT_MAX_QUANTITY}), apply_labor = o.apply_labor or g.apply_labor
      from shop_cart_items g
     where o.shopper_id = ${ownerId}::uuid and g.shopper_id = ${guestId}::uuid
       and g.product_id = o.product_id and g.option_key = o.option_key`.execute(trx);
  await sql`
    update shop_cart_items g set shopper_id = ${ownerId}::uuid
     where g.shopper_id = ${guestId}::uuid and not exists (
       select 1 from shop_cart_items o where o.shopper_id = ${ownerId}::uuid and o.product_id = g.product_id and o.option_key = g.option_key)`.execute(
    trx,
  );
  await sql`
    insert into shop_compare (shopper_id, product_id, added_at)
    select ${ownerId}::uuid, product_id, added_at from shop_compare where shopper_id = ${guestId}::uuid
    on conflict do nothing`.execute(trx);
  // The compare table keeps its newest COMPARE_LIMIT, as an add does.
  await sql`
    delete from shop_compare where shopper_id = ${ownerId}::uuid and product_id not in (
      select product_id from shop_compare where shopper_id = ${ownerId}::uuid order by added_at desc, product_id desc limit ${COMPARE_LIMIT})`.execute(
    trx,
  );
  // Gift certificate codes the guest applied come along (checkout re-checks each balance).
  await sql`
    insert into shop_cart_codes (shopper_id, code, added_at)
    select ${ownerId}::uuid, code, added_at from shop_cart_codes where shopper_id = ${guestId}::uuid
    on conflict do nothing`.execute(trx);
  await trx.deleteFrom('shop_shoppers').where('id', '=', guestId).execute();
}

/**
 * Guests idle longer than their cookie lives can never come back: each new guest removes up to 100
 * of them (indexed on updated_at), so the table stays bounded without a scheduled job.
 */
async function pruneIdleGuests(trx: Tx): Promise<void> {
  const cutoff = new Date(Date.now() - SHOPPER_COOKIE_MAX_AGE_S * 1000);
  await sql`delete from shop_shoppers where id in (
    select id from shop_shoppers where token_hash is not null and updated_at < ${cutoff} limit 100)`.execute(trx);
}

/**
 * The shopper of a request; with `create`, a guest without a row gets one (and a new cookie).
 * Runs inside the caller's transaction so the merge and the change that follows commit together.
 */
export async function resolveShopper(trx: Tx, key: ShopperKey, create: boolean): Promise<ResolvedShopper> {
  const guestId = await guestRow(trx, key.token);
  if (key.customerUuid !== null) {
    const ownerId = await customerRow(trx, key.customerUuid, create || guestId !== null);
    if (guestId !== null && ownerId !== null) await mergeInto(trx, guestId, ownerId);
    return key.token !== null ? { id: ownerId, cookie: null } : { id: ownerId };
  }
  if (guestId !== null) {
    await trx.updateTable('shop_shoppers').set({ updated_at: new Date() }).where('id', '=', guestId).execute();
    // The row's idle clock slides, so the cookie's Max-Age does too: an active guest keeps the cart.
    return { id: guestId, cookie: key.token as string };
  }
  if (!create) return key.token !== null ? { id: null, cookie: null } : { id: null };
  const token = randomBytes(32).toString('base64url');
  const id = randomUUID();
  await trx
    .insertInto('shop_shoppers')
    .values({ id, token_hash: hashToken(token), customer_uuid: null })
    .execute();
  await pruneIdleGuests(trx);
  return { id, cookie: token };
}

/**
 * Gift certificate codes on the shopper cart (src/domain/cart-codes.ts says what a code is; coupons
 * do not exist). A shopper's cart is not an order yet, so applying a code only records it: the
 * cart shows what the certificate would redeem now ('Gift Certificate (CODE)' and the balance
 * left, after the total, as the staff cart does), and checkout redeems it for real as a voucher
 * payment under the certificate's row lock (server/services/shop/shop-checkout-service.ts). A code whose
 * certificate was used up or voided meanwhile silently drops off the cart.
 */
import type { Kysely } from 'kysely';
import { CODE_MESSAGES, redemptionAmount, type AppliedCode, type CodeType } from '../../../src/domain/cart-codes';
import { decimal, roundMoney, type Money } from '../../../src/domain/money';
import { NO_BALANCE_DUE } from '../../../src/domain/mutations/transactions';
import type { DB } from '../../db/schema';
import { ServiceError } from '../../errors';
import { activeVoucher } from '../pos/pos-cart-codes';

const invalidCode = () =>
  new ServiceError('not_found', 'invalid_code', CODE_MESSAGES.invalid, { code: [CODE_MESSAGES.invalid] });
const same = (a: string, b: string): boolean => a.toUpperCase() === b.trim().toUpperCase();

/** The shopper's codes with the certificate's balance now; codes no longer valid are removed. */
export async function liveCodes(
  trx: Kysely<DB>,
  shopperId: string | null,
): Promise<{ code: string; balance: Money }[]> {
  if (shopperId === null) return [];
  const rows = await trx
    .selectFrom('shop_cart_codes')
    .select('code')
    .where('shopper_id', '=', shopperId)
    .orderBy('added_at')
    .orderBy('code')
    .execute();
  const out: { code: string; balance: Money }[] = [];
  for (const r of rows) {
    const v = await activeVoucher(trx, r.code);
    if (v) out.push(v);
    else
      await trx.deleteFrom('shop_cart_codes').where('shopper_id', '=', shopperId).where('code', '=', r.code).execute();
  }
  return out;
}

/** What each code redeems against `total`, in the order applied (each takes what is still due). */
export function redemptions(codes: readonly { code: string; balance: Money }[], total: Money): AppliedCode[] {
  let due = total;
  return codes.map((c) => {
    const amount = redemptionAmount(c.balance, due);
    due = roundMoney(decimal(due).minus(amount));
    return { type: 'voucher' as const, code: c.code, amount, transactionIds: [] };
  });
}

export async function applyShopCode(
  trx: Kysely<DB>,
  shopperId: string | null,
  type: CodeType,
  code: string,
  remainingDue: Money,
): Promise<string> {
  if (type !== 'voucher' || shopperId === null) throw invalidCode();
  const mine = await trx.selectFrom('shop_cart_codes').select('code').where('shopper_id', '=', shopperId).execute();
  if (mine.some((m) => same(m.code, code)))
    throw new ServiceError('conflict', 'code_applied', CODE_MESSAGES.alreadyApplied);
  const voucher = await activeVoucher(trx, code);
  if (!voucher) throw invalidCode();
  if (remainingDue.lte(0)) throw new ServiceError('conflict', 'no_balance_due', NO_BALANCE_DUE);
  await trx.insertInto('shop_cart_codes').values({ shopper_id: shopperId, code: voucher.code }).execute();
  return CODE_MESSAGES.applied(voucher.code);
}

/** removeCode (one code), or every code of a type for GET index.php?route=checkout/{type}/remove. */
export async function removeShopCode(
  trx: Kysely<DB>,
  shopperId: string | null,
  type: CodeType,
  code: string | null,
): Promise<string> {
  if (type !== 'voucher' || shopperId === null) throw invalidCode();
  const mine = await trx.selectFrom('shop_cart_codes').select('code').where('shopper_id', '=', shopperId).execute();
  const gone = code === null ? mine : mine.filter((m) => same(m.code, code));
  if (gone.length === 0) throw invalidCode();
  await trx
    .deleteFrom('shop_cart_codes')
    .where('shopper_id', '=', shopperId)
    .where(
      'code',
      'in',
      gone.map((g) => g.code),
    )
    .execute();
  return gone.length === 1 ? CODE_MESSAGES.removed(gone[0]!.code) : 'Gift certificates have been removed.';
}

/**
 * A gift certificate as this device holds it (docs/decisions/pos.md "Gift certificate lookup"):
 * the pulled `vouchers` lookup rows carry code, status, issued amount, balance and (since migration
 * 0029-c) the recipient, but not the
 * order that sold it nor its payments, so offline the lookup screen shows these and says the
 * history needs the network. An active one's balance is what this device may still spend
 * (findCachedVoucher: the last synced balance less this device's unsynced voucher payments).
 */
import { moneyString, type MoneyString } from '../domain/money';
import type { PartsdeskDb } from './database';
import { findCachedVoucher } from './vouchers';

export interface DeviceGiftCertificate {
  code: string;
  status: 'active' | 'void';
  original_amount: MoneyString;
  balance: MoneyString;
  /** '' on a row pulled before migration 0029-c (the next pull brings it). */
  recipient_name: string;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

export async function findDeviceGiftCertificate(db: PartsdeskDb, code: string): Promise<DeviceGiftCertificate | null> {
  const wanted = code.trim().toUpperCase();
  if (!wanted) return null;
  const hit = await db.lookups
    .where('[table+k]')
    .between(['vouchers', ''], ['vouchers', '\uffff'])
    .filter((r) => str(r.row.code).toUpperCase() === wanted)
    .first();
  if (!hit) return null;
  const v = hit.row;
  const active = v.status === 'active';
  const spendable = active ? await findCachedVoucher(db, wanted) : undefined;
  return {
    code: str(v.code),
    status: active ? 'active' : 'void',
    original_amount: moneyString(str(v.original_amount) || '0'),
    balance: spendable?.amount ?? moneyString(str(v.balance) || '0'),
    recipient_name: str(v.to_name),
  };
}

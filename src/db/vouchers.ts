/**
 * Gift certificates on a staff device: the server's `vouchers` rows, pulled into `lookups`
 * (table 'vouchers', keyed by id; no schema version needed), so a voucher is looked up and taken
 * while offline. The balance a device may spend is the server's last balance adjusted by this
 * device's own voucher payments the server has not answered yet (live = base + pending):
 * - a voucher payment written optimistically (dirty, approved here, not approved in `base`) lowers it;
 * - a void written optimistically of a payment the server holds as approved gives it back.
 * Only dirty keys can differ from the server, so only they are read. Two devices offline can still
 * both spend the same balance: the server re-checks when they push and rejects the second
 * (a conflict for staff, server/commands/appliers/vouchers.ts).
 * Read inside a transaction over writeStores()/pullStores() (both hold lookups, base and dirty).
 */
import { decimal, moneyString, toWire, type MoneyString } from '../domain/money';
import type { PartsdeskDb } from './database';

export interface CachedVoucher {
  code: string;
  /** What this device may still spend. */
  amount: MoneyString;
  original_amount: MoneyString;
  description: string;
  message: string;
  voucher_theme: string;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The active voucher with this code (case-insensitive) and the balance this device may spend. */
export async function findCachedVoucher(db: PartsdeskDb, code: string): Promise<CachedVoucher | undefined> {
  const wanted = code.trim().toUpperCase();
  if (!wanted) return undefined;
  const hit = await db.lookups
    .where('[table+k]')
    .between(['vouchers', ''], ['vouchers', '\uffff'])
    .filter((r) => str(r.row.code).toUpperCase() === wanted && r.row.status === 'active')
    .first();
  if (!hit) return undefined;
  const v = hit.row;
  let balance = decimal(str(v.balance) || '0');
  for (const d of await db.dirty
    .where('[table+k]')
    .between(['transactions', ''], ['transactions', '\uffff'])
    .toArray()) {
    const live = await db.transactions.get(d.k);
    const base = (await db.base.get(['transactions', d.k]))?.row;
    const approved = (t: Record<string, unknown> | null | undefined) =>
      !!t &&
      t.transaction_type === 'voucher' &&
      str(t.voucher_code).toUpperCase() === wanted &&
      t.status === 'approved';
    const amount = (t: Record<string, unknown>) => decimal(str(t.amount) || '0');
    if (approved(live) && !approved(base)) balance = balance.minus(amount(live!));
    if (!approved(live) && approved(base)) balance = balance.plus(amount(base!));
  }
  return {
    code: str(v.code),
    amount: toWire(balance.lt(0) ? decimal(0) : balance),
    original_amount: moneyString(str(v.original_amount) || '0'),
    description: str(v.description),
    message: str(v.message),
    voucher_theme: str(v.voucher_theme),
  };
}

/**
 * Selling a gift certificate (cart.addVoucher): its code must be free across the shop, checked when
 * the sale reaches the server (a device offline cannot know), so a duplicate is refused with a
 * reason the device shows (its conflicts panel) instead of failing later at completion.
 * Taken = an issued voucher with that code, or a voucher line on another order that is not voided.
 * docs/decisions/pos.md "Gift certificates at the counter".
 */
import { sql } from 'kysely';
import { refuse } from '../../../src/domain/refusal';
import type { ApplierExtension } from './domain-applier';
import { codeTakenMessage } from './vouchers';

const codeOf = (args: unknown): string => {
  const a = (typeof args === 'object' && args !== null ? args : {}) as Record<string, unknown>;
  return typeof a.code === 'string' ? a.code.trim().toUpperCase() : '';
};

export const giftCodeFree: ApplierExtension = {
  async load() {},
  async write(state, changes, { trx }) {
    const order = changes.order;
    if (!order) return null;
    const before = new Set((state.order?.lines ?? []).map((l) => l.id));
    for (const line of order.lines) {
      if (line.kind !== 'voucher' || before.has(line.id)) continue;
      const code = line.code.trim().toUpperCase();
      const issued = await trx
        .selectFrom('vouchers')
        .select('id')
        .where(sql<string>`upper(code)`, '=', code)
        .executeTakeFirst();
      const sold = await trx
        .selectFrom('order_lines as l')
        .innerJoin('orders as o', 'o.id', 'l.order_ref')
        .select('l.id')
        .where('l.kind', '=', 'voucher')
        .where(sql<string>`upper(l.data->>'code')`, '=', code)
        .where('l.order_ref', '<>', order.id)
        .where('o.status', '<>', 'voided')
        .executeTakeFirst();
      if (issued || sold) return refuse('invalid_args', codeTakenMessage(codeOf({ code: line.code })));
    }
    return null;
  },
};

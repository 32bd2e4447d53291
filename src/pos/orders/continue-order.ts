import type { OrderRow } from '../../contracts/orders-list';
import { CONTINUE_ORDER_MESSAGE, continueOrderSchema } from '../../domain/forms/continue-order';
import { continueRefusal } from '../../domain/cart-lifecycle';
import { ORDER_COMPLETE } from '../../domain/mutations/guards';

export type ContinueTarget = { ok: true; href: string } | { ok: false; message: string };

/**
 * Continue Order (spec §5): exactly one ticked order, and one that may still change (§4: a
 * complete order has no Continue; a voided one neither). The resume screen takes the human number
 * once the server gave one, else the client uuid, like every other order link.
 */
export function continueTarget(selected: ReadonlySet<string>, rows: readonly OrderRow[]): ContinueTarget {
  const ids = continueOrderSchema.safeParse([...selected]);
  if (!ids.success) return { ok: false, message: ids.error.issues[0]?.message ?? CONTINUE_ORDER_MESSAGE };
  const row = rows.find((r) => r.id === ids.data[0]);
  if (!row) return { ok: false, message: CONTINUE_ORDER_MESSAGE };
  const refused = continueRefusal(row.status) ?? (row.pos_status === 'complete' ? ORDER_COMPLETE : null);
  if (refused !== null) return { ok: false, message: refused };
  return { ok: true, href: `/pos/order/continue?order_id=${encodeURIComponent(String(row.order_id ?? row.id))}` };
}

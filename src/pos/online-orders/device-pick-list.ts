/**
 * The pick list from the device cache (docs/decisions/pos.md "The pick list offline"): what
 * GET /api/online_order/pick_list answers, built from the pulled online order (its `online` part:
 * fulfilment, printed shipping address, the shipping line, the shopper's contact), the order
 * statuses and the stores. No steps: Ready for pickup, the hand-over and Shipped are the server's.
 */
import type { PickListReply } from '../../contracts/online-orders';
import type { PartsdeskDb } from '../../db/database';
import { lookupRows } from '../../db/queries';
import { formatUSD } from '../../domain/money';
import { loadOrderDetail, statusOf } from '../../features/pos-order/order-data';

/** Null when the device has no such online order (not pulled yet, a counter sale, or pulled before `online` was sent). */
export async function devicePickList(db: PartsdeskDb, orderId: number): Promise<PickListReply | null> {
  const detail = await loadOrderDetail(db, String(orderId));
  const o = detail?.order;
  if (!detail || !o?.online || o.order_id === null) return null;
  const online = o.online;
  const storeId = o.fulfilment_location_id ?? 0;
  const stores = await lookupRows<{ location_id: number; name: string }>(db, 'locations');
  // As the server: product lines and custom lines, never the shipping charge's line.
  const picked = o.lines.filter(
    (l) => l.kind === 'product' || (l.kind === 'custom' && l.id !== online.shipping_line_ref),
  );
  return {
    order_id: o.order_id,
    date_added: o.created_at,
    order_status_id: o.order_status_id ?? 0,
    order_status: statusOf(detail.statuses, o.order_status_id)?.name ?? '',
    fulfilment: online.fulfilment,
    store: { location_id: storeId, name: stores.find((s) => s.location_id === storeId)?.name ?? '' },
    customer: { name: o.customer_name ?? '', email: online.email, telephone: online.telephone },
    shipping_address: online.shipping_address,
    lines: picked.map((l) =>
      l.kind === 'product'
        ? {
            name: l.name,
            model: l.model,
            mpn: l.mpn,
            options: l.options.map((x) => `${x.name}: ${x.value}`.trim()),
            quantity: l.quantity,
          }
        : { name: l.name, model: '', mpn: '', options: [], quantity: l.quantity },
    ),
    total_items: picked.reduce((n, l) => n + l.quantity, 0),
    total_text: formatUSD(o.totals.order_total),
    actions: [],
  };
}

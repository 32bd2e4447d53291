import { findOrder, lookupRows, type OrderView } from '../../db/queries';
import type { PartsdeskDb } from '../../db/database';

export interface OrderStatusRow {
  order_status_id: number;
  name: string;
  status_color: string;
  status_text_color: string;
}

export interface HistoryRow {
  id: string;
  order_ref: string;
  order_status_id: number;
  comment: string;
  notify_customer: boolean;
  date_added: string;
}

export interface OrderDetail extends OrderView {
  statuses: OrderStatusRow[];
  history: HistoryRow[];
}

/** Everything the detail screen shows, from the device cache (works offline). */
export async function loadOrderDetail(db: PartsdeskDb, ref: string): Promise<OrderDetail | null> {
  const view = await findOrder(db, ref);
  if (!view) return null;
  const statuses = await lookupRows<OrderStatusRow>(db, 'order_statuses');
  // History rows arrive with the pull (table order_history) into the shared lookups store.
  const history = (await lookupRows<HistoryRow>(db, 'order_history'))
    .filter((h) => h.order_ref === view.order.id)
    .sort((a, b) => a.date_added.localeCompare(b.date_added));
  return { ...view, statuses, history };
}

export function statusOf(statuses: readonly OrderStatusRow[], id: number | null): OrderStatusRow | null {
  return statuses.find((s) => s.order_status_id === id) ?? null;
}

import { findOrder, lookupRows, orderHistoryRows, type OrderView } from '../../db/queries';
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
  // Pulled entries plus the ones added on this device and not yet answered (device schema v2).
  const history = await orderHistoryRows<HistoryRow>(db, view.order.id);
  return { ...view, statuses, history };
}

export function statusOf(statuses: readonly OrderStatusRow[], id: number | null): OrderStatusRow | null {
  return statuses.find((s) => s.order_status_id === id) ?? null;
}

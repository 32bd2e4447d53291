import { z } from 'zod';
import { limitParam, pageParam } from './paging';

/** Tabs of /pos/order, chosen by the status query parameter (pos-back-office.md §2, §4). */
export const orderTabs = ['all', 'saved', 'kiosk', 'outstanding_balance', 'complete'] as const;
export const orderTabSchema = z.enum(orderTabs);
export type OrderTab = z.infer<typeof orderTabSchema>;

/** GET /api/order — status, sort=o.date_added, from_pos=1, filters, paging (order desc, limit 20). */
export const ordersListQuerySchema = z.object({
  status: orderTabSchema.catch('all'),
  sort: z.enum(['o.date_added', 'o.order_id', 'customer', 'total']).catch('o.date_added'),
  order: z.enum(['asc', 'desc']).catch('desc'),
  page: pageParam,
  limit: limitParam(20, 100),
  from_pos: z.string().optional(),
  filter_order_id: z.coerce.number().int().positive().optional().catch(undefined),
  filter_customer: z.string().trim().max(100).optional(),
  filter_order_status_id: z.coerce.number().int().positive().optional().catch(undefined),
  filter_date_from: z.iso.date().optional().catch(undefined),
  filter_date_to: z.iso.date().optional().catch(undefined),
});
export type OrdersListQuery = z.infer<typeof ordersListQuerySchema>;

const money = z.string().regex(/^-?\d+\.\d{2}$/);

export const orderRowSchema = z.object({
  /** Client-minted uuid; the key for every call until the server has numbered the order. */
  id: z.string(),
  /** Human number "Order # 1042", assigned by the server on first sync. */
  order_id: z.number().int().nullable(),
  customer: z.string(),
  customer_id: z.number().int().nullable(),
  email: z.string(),
  telephone: z.string(),
  date_added: z.string(),
  order_status: z.string(),
  order_status_id: z.number().int(),
  status_color: z.string(),
  status_text_color: z.string(),
  pos_status: z.string(),
  total_items: z.number().int(),
  order_total: money,
  paid_amount: money,
  balance_due: money,
});
export type OrderRow = z.infer<typeof orderRowSchema>;

export const ordersListReplySchema = z.object({
  orders: z.array(orderRowSchema),
  total_items: z.number().int(),
  total_pages: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  counts: z.record(orderTabSchema, z.number().int()),
});
export type OrdersListReply = z.infer<typeof ordersListReplySchema>;

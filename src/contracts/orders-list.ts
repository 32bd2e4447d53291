import { z } from 'zod';
import type { OrderStatus } from '../domain/mutations/records';
import { limitParam, pageParam } from './paging';

/** Tabs of /pos/order, chosen by the status query parameter (pos-back-office.md §2, §4). */
export const orderTabs = ['all', 'saved', 'kiosk', 'outstanding_balance', 'complete', 'online'] as const;
/*
 * 'online' (ours, issue 23): storefront orders waiting at the counter, "Online — to pick" or "Ready
 * for pickup" (order_status_id, src/domain/online-orders.ts ONLINE_OPEN_STATUSES).
 */
export const orderTabSchema = z.enum(orderTabs);
export type OrderTab = z.infer<typeof orderTabSchema>;

/** Every tab's count at zero, in tab order (the start of the reply's `counts`). */
export const zeroTabCounts = (): Record<OrderTab, number> =>
  Object.fromEntries(orderTabs.map((tab) => [tab, 0])) as Record<OrderTab, number>;

/** The sorts the list accepts (the orders table's sortable columns). */
export const orderSorts = ['o.date_added', 'o.order_id', 'customer', 'total'] as const;

/** Longest customer filter the server reads; a longer one is ignored, like any bad filter. */
export const FILTER_CUSTOMER_MAX = 100;

/** Items listed per order in the list reply; the rest are only counted (line_count). */
export const ORDER_ROW_ITEMS_MAX = 10;

/**
 * GET /api/order — status, sort=o.date_added, from_pos=1, filters, paging (order desc, limit 20).
 * Every parameter falls back (to its default, or to "no filter") when it is missing or malformed:
 * a hand-edited link lists orders instead of failing.
 */
export const ordersListQuerySchema = z.object({
  status: orderTabSchema.catch('all'),
  sort: z.enum(orderSorts).catch('o.date_added'),
  order: z.enum(['asc', 'desc']).catch('desc'),
  page: pageParam,
  limit: limitParam(20, 100),
  from_pos: z.string().optional().catch(undefined),
  filter_order_id: z.coerce.number().int().positive().max(2_147_483_647).optional().catch(undefined),
  /** Part of the customer's name, email or telephone (case-insensitive; digits match any phone format). */
  filter_customer: z.string().trim().min(1).max(FILTER_CUSTOMER_MAX).optional().catch(undefined),
  filter_order_status_id: z.coerce.number().int().positive().max(32_767).optional().catch(undefined),
  /** Y-m-d, a day in the shop's time zone; both ends are inclusive. */
  filter_date_from: z.iso.date().optional().catch(undefined),
  filter_date_to: z.iso.date().optional().catch(undefined),
});
export type OrdersListQuery = z.infer<typeof ordersListQuerySchema>;

/** The filter parameters of the list (the Filter panel's fields). */
export const orderFilterKeys = [
  'filter_order_id',
  'filter_customer',
  'filter_order_status_id',
  'filter_date_from',
  'filter_date_to',
] as const;
export type OrderFilterKey = (typeof orderFilterKeys)[number];
export type OrderFilters = Pick<OrdersListQuery, OrderFilterKey>;

/** Business states of an order (src/domain), as the row reports them. */
const orderStates = [
  'draft',
  'saved',
  'quote',
  'kiosk',
  'complete',
  'voided',
] as const satisfies readonly OrderStatus[];

const money = z.string().regex(/^-?\d+\.\d{2}$/);

export const orderRowItemSchema = z.object({ name: z.string(), quantity: z.number().int() });
export type OrderRowItem = z.infer<typeof orderRowItemSchema>;

export const orderRowSchema = z.object({
  /** Client-minted uuid; the key for every call until the server has numbered the order. */
  id: z.string(),
  /** Human number "Order # 1042", assigned by the server on first sync. */
  order_id: z.number().int().nullable(),
  /** Business state (draft, saved, quote, kiosk, complete, voided): what may still be done to it. */
  status: z.enum(orderStates),
  customer: z.string(),
  customer_id: z.number().int().nullable(),
  /** The order's contact, else the customer's (orders made at the counter copy neither). */
  email: z.string(),
  telephone: z.string(),
  date_added: z.string(),
  order_status: z.string(),
  order_status_id: z.number().int(),
  status_color: z.string(),
  status_text_color: z.string(),
  pos_status: z.string(),
  total_items: z.number().int(),
  /** The first ORDER_ROW_ITEMS_MAX lines in cart order (name and quantity). */
  items: z.array(orderRowItemSchema),
  /** Number of lines on the order; line_count - items.length are not listed. */
  line_count: z.number().int(),
  order_total: money,
  paid_amount: money,
  balance_due: money,
});
export type OrderRow = z.infer<typeof orderRowSchema>;

/** A named status the shop knows (order_statuses): the Order Status filter's options. */
export const orderStatusOptionSchema = z.object({ order_status_id: z.number().int(), name: z.string() });
export type OrderStatusOption = z.infer<typeof orderStatusOptionSchema>;

export const ordersListReplySchema = z.object({
  orders: z.array(orderRowSchema),
  total_items: z.number().int(),
  total_pages: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  counts: z.record(orderTabSchema, z.number().int()),
  statuses: z.array(orderStatusOptionSchema),
});
export type OrdersListReply = z.infer<typeof ordersListReplySchema>;

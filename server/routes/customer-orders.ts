/**
 * The customer admin's Orders and Returns tabs and an order's returns (pos-back-office.md §7
 * "GET /api/customer_order; GET /api/order/delete?order_id={id}; GET /api/customer_return"; the
 * return itself, POST /api/order/return?order_id=, is ours: §7 does not show it).
 * docs/decisions/pos.md "Returns". Staff only; a return and a deletion are counter rights.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { allow } from '../auth/permissions';
import { parse } from '../http/parse';
import { staffActor } from '../commands/actor';
import { ORDER_SORTS, RETURN_SORTS } from '../../src/domain/customer-orders';
import { CUSTOMER_NOT_FOUND } from '../../src/domain/mutations/guards';
import type { CustomerOrdersService } from '../services/customers/customer-orders-service';
import type { ReturnService } from '../services/pos/return-service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ORDER_NOT_FOUND = 'The order could not be found.';

/** A number (42, "42") or a uuid; anything else is refused with `message` before any query. */
const numberOrUuid = (message: string) =>
  z.union([z.number(), z.string()], { error: message }).transform((v, ctx) => {
    const s = String(v).trim();
    if (/^\d{1,10}$/.test(s) && Number(s) > 0 && Number(s) <= 2_147_483_647) return Number(s);
    if (UUID.test(s)) return s.toLowerCase();
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  });

const sortOrder = z
  .string()
  .transform((s) => s.toLowerCase())
  .pipe(z.enum(['asc', 'desc'], { error: 'order must be asc or desc.' }))
  .default('asc');

/** §9: page 1, limit 10, ascending by order_id / return_id. `customer_id` (or the garage's `customerId`). */
const listBase = {
  customer_id: numberOrUuid(CUSTOMER_NOT_FOUND).optional(),
  customerId: numberOrUuid(CUSTOMER_NOT_FOUND).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  order: sortOrder,
};
const withCustomer = <
  T extends { customer_id?: string | number | undefined; customerId?: string | number | undefined },
>(
  q: T,
  ctx: z.RefinementCtx,
) => {
  const id = q.customer_id ?? q.customerId;
  if (id === undefined) ctx.addIssue({ code: 'custom', message: CUSTOMER_NOT_FOUND, path: ['customer_id'] });
};

export const customerOrderListSchema = z
  .object({ ...listBase, sort: z.enum(ORDER_SORTS, { error: 'Unknown sort.' }).default('order_id') })
  .superRefine(withCustomer);
export const customerReturnListSchema = z
  .object({ ...listBase, sort: z.enum(RETURN_SORTS, { error: 'Unknown sort.' }).default('return_id') })
  .superRefine(withCustomer);
export const orderDeleteSchema = z.object({
  order_id: z.coerce
    .number({ error: ORDER_NOT_FOUND })
    .int(ORDER_NOT_FOUND)
    .positive(ORDER_NOT_FOUND)
    .max(2_147_483_647, ORDER_NOT_FOUND),
});
export const orderReturnQuerySchema = z.object({ order_id: numberOrUuid(ORDER_NOT_FOUND) });
export const orderReturnBodySchema = z.object({
  id: z.uuid().optional(),
  refund_method: z.enum(['cash', 'check', 'card', 'store_credit'], { error: 'Choose how to refund.' }),
  lines: z
    .array(
      z.object({
        id: z.uuid().optional(),
        line_id: z.uuid({ error: 'The item could not be found on this order.' }),
        quantity: z.number({ error: 'Quantity must be a whole number.' }).int().min(1).max(10000),
        reason: z.string().trim().min(1, 'Choose a reason.').max(64),
        condition: z.string().trim().min(1, 'Choose a condition.').max(64),
        restock: z.boolean().default(false),
      }),
    )
    .min(1, 'Choose at least one item to return.')
    .max(200),
});

export function customerOrderRoutes(
  app: FastifyInstance,
  deps: { lists: CustomerOrdersService; returns: ReturnService },
): void {
  app.get('/api/customer_order', { config: { access: allow('customer.read') } }, (req) => {
    const { customer_id, customerId, ...q } = parse(customerOrderListSchema, req.query ?? {});
    return deps.lists.orders({ ...q, customer_id: (customer_id ?? customerId)! });
  });
  app.get('/api/customer_return', { config: { access: allow('customer.read') } }, (req) => {
    const { customer_id, customerId, ...q } = parse(customerReturnListSchema, req.query ?? {});
    return deps.lists.returns({ ...q, customer_id: (customer_id ?? customerId)! });
  });
  // A GET that deletes (the spec's path): it carries the CSRF token like a POST (server/auth/guard.ts).
  app.get('/api/order/delete', { config: { access: allow('order.void'), changesState: true } }, (req) =>
    deps.lists.deleteOrder(parse(orderDeleteSchema, req.query ?? {}).order_id),
  );
  app.post('/api/order/return', { config: { access: allow('payment.void') } }, (req) => {
    const q = parse(orderReturnQuerySchema, req.query ?? {});
    const body = parse(orderReturnBodySchema, req.body ?? {});
    return deps.returns.record(staffActor(req.user), q.order_id, body);
  });
}

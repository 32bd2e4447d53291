/**
 * Store credit in customer admin (pos-back-office.md §7): GET /api/customer_credit (list plus
 * balance) for staff, POST /api/customer_credit/add?customer_id={id} (description, amount) for
 * counter staff (cashier, admin: store credit is money, server/auth/permissions.ts
 * 'customer.privileged'). docs/decisions/payments.md "Store credit: Add Credit".
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { allow } from '../auth/permissions';
import { parse } from '../http/parse';
import { staffActor } from '../commands/actor';
import type { CreditService } from '../services/customers/credit-service';
import { creditFormSchema } from '../../src/domain/forms/credit';
import { CUSTOMER_NOT_FOUND } from '../../src/domain/mutations/guards';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A customer's number (42, "42") or id (a UUID); anything else is refused before any query. */
const customerId = z.union([z.number(), z.string()], { error: CUSTOMER_NOT_FOUND }).transform((v, ctx) => {
  const s = String(v).trim();
  if (/^\d{1,10}$/.test(s) && Number(s) > 0 && Number(s) <= 2_147_483_647) return Number(s);
  if (UUID.test(s)) return s.toLowerCase();
  ctx.addIssue({ code: 'custom', message: CUSTOMER_NOT_FOUND });
  return z.NEVER;
});

/** §9 "Customer admin tables: default page 1, limit 10 ... default sorts ascending by date_added". */
export const creditListSchema = z.object({
  customer_id: customerId,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  sort: z.enum(['date_added', 'description', 'amount']).default('date_added'),
  order: z
    .string()
    .transform((s) => s.toLowerCase())
    .pipe(z.enum(['asc', 'desc']))
    .default('asc'),
});

export const creditAddQuerySchema = z.object({ customer_id: customerId });
/** The entry's uuid is optional: a client that retries with the same one is refused (409), never credited twice. */
export const creditAddBodySchema = creditFormSchema.extend({ id: z.uuid().optional() });

export function customerCreditRoutes(app: FastifyInstance, credits: CreditService): void {
  app.get('/api/customer_credit', { config: { access: allow('customer.read') } }, (req) =>
    credits.list(parse(creditListSchema, req.query ?? {})),
  );
  app.post('/api/customer_credit/add', { config: { access: allow('customer.privileged') } }, (req) => {
    const q = parse(creditAddQuerySchema, req.query ?? {});
    const body = parse(creditAddBodySchema, req.body ?? {});
    return credits.add(staffActor(req.user), q.customer_id, body, body.id);
  });
}

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
import { customerId, customerTablePageSchema } from './customer-params';
import { staffActor } from '../commands/actor';
import type { CreditService } from '../services/customers/credit-service';
import { creditFormSchema } from '../../src/domain/forms/credit';

export const creditListSchema = customerTablePageSchema.extend({
  sort: z.enum(['date_added', 'description', 'amount']).default('date_added'),
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

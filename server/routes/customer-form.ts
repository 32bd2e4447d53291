/**
 * The customer form's calls (pos-back-office.md §7): GET /api/customer/get (sort=custname →
 * customers; ?customerId= one customer), POST /api/customer/save (optional ?customerId=) with
 * form-encoded customer fields → { success, error, customer, result, redirect }, staff only; and
 * GET /api/localization/ → { countries, zones } (public: a shopper's address form needs them too).
 * A refusal answers 4xx `{error, message, fields}` whose message is the form's own text
 * (docs/api.md). docs/decisions/pos.md "Customer form".
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { allow } from '../auth/permissions';
import { staffActor } from '../commands/actor';
import { parse } from '../http/parse';
import type { CustomerFormService } from '../services/customers/customer-form-service';
import { CUSTOMER_NOT_FOUND } from '../../src/domain/mutations/guards';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A customer's number (42) or id (a UUID); anything else is 404 before any query. */
const customerId = z.union([z.number(), z.string()], { error: CUSTOMER_NOT_FOUND }).transform((v, ctx) => {
  const s = String(v).trim();
  if (/^\d{1,10}$/.test(s) && Number(s) > 0 && Number(s) <= 2_147_483_647) return Number(s);
  if (UUID.test(s)) return s.toLowerCase();
  ctx.addIssue({ code: 'custom', message: CUSTOMER_NOT_FOUND });
  return z.NEVER;
});

/** Listing values that do not parse fall back to their defaults (docs/api.md). */
export const customerGetSchema = z.object({
  customerId: customerId.optional(),
  sort: z.enum(['custname', 'date_added', 'email']).catch('custname'),
  order: z
    .string()
    .transform((s) => s.toLowerCase())
    .pipe(z.enum(['asc', 'desc']))
    .catch('asc'),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  limit: z.coerce.number().int().min(1).max(100).catch(20),
});

export const customerSaveQuerySchema = z.object({ customerId: customerId.optional() });

export function customerFormRoutes(app: FastifyInstance, customers: CustomerFormService): void {
  app.get('/api/localization/', { config: { access: allow('public.read') } }, () => customers.localization());
  app.get('/api/customer/get', { config: { access: allow('customer.read') } }, (req) => {
    const q = parse(customerGetSchema, req.query ?? {});
    return q.customerId === undefined ? customers.list(q) : customers.get(q.customerId);
  });
  app.post('/api/customer/save', { config: { access: allow('customer.edit') } }, (req) => {
    const q = parse(customerSaveQuerySchema, req.query ?? {});
    const body = req.body;
    const form =
      typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
    return customers.save(staffActor(req.user), q.customerId, form);
  });
}

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
import { customerId } from './customer-params';
import type { CustomerFormService } from '../services/customers/customer-form-service';

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

/**
 * Query fields the customer admin calls share (pos-back-office.md §7): the customer named by its
 * number or id, and a page of one of its tables (§9).
 */
import { z } from 'zod';
import { CUSTOMER_NOT_FOUND } from '../../src/domain/mutations/guards';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A customer's number (42, "42") or id (a UUID); anything else is refused before any query. */
export const customerId = z.union([z.number(), z.string()], { error: CUSTOMER_NOT_FOUND }).transform((v, ctx) => {
  const s = String(v).trim();
  if (/^\d{1,10}$/.test(s) && Number(s) > 0 && Number(s) <= 2_147_483_647) return Number(s);
  if (UUID.test(s)) return s.toLowerCase();
  ctx.addIssue({ code: 'custom', message: CUSTOMER_NOT_FOUND });
  return z.NEVER;
});

/**
 * §9 "Customer admin tables: default page 1, limit 10 ... default sorts ascending by date_added";
 * each table adds its own `sort` keys.
 */
export const customerTablePageSchema = z.object({
  customer_id: customerId,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  order: z
    .string()
    .transform((s) => s.toLowerCase())
    .pipe(z.enum(['asc', 'desc']))
    .default('asc'),
});

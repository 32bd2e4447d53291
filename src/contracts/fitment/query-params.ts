/**
 * Query-string parameters of the vehicle fitment service (/ymm/json/, storefront.md §7), shared by
 * its calls' query schemas (option-lists.ts, vehicle.ts, validate-fitment.ts).
 */
import { z } from 'zod';

/** A required id in a query string: missing and malformed values get their own message. */
export const idParam = (name: string) =>
  z
    .string({ error: `${name} is required.` })
    .trim()
    .min(1, `${name} is required.`)
    .regex(/^\d{1,10}$/, `${name} must be a positive whole number.`)
    .transform(Number)
    .refine((n) => n > 0 && n <= 2_147_483_647, `${name} must be a positive whole number.`);

export const yearParam = z
  .string({ error: 'Year is required.' })
  .trim()
  .min(1, 'Year is required.')
  .regex(/^\d{4}$/, 'Year must be a four-digit year.')
  .transform(Number);

/** An empty value means 'not chosen' (a form posts its empty selects too). */
export const blankIsAbsent = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());
export const optionalId = (name: string) => blankIsAbsent(idParam(name));

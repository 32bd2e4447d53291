import * as z from 'zod/mini';

/**
 * Every refused call answers with this body and a 4xx (or 5xx for the server's own faults).
 * `message` is what a user may be shown (the spec's wording where it has one); `fields` maps
 * a field path ("username", "products.0.quantity") to its messages for form display.
 * (zod/mini: part of the storefront's first load; see contracts/paging.ts.)
 */
export const apiErrorSchema = z.object({
  error: z.string(),
  message: z.string(),
  fields: z.optional(z.record(z.string(), z.array(z.string()))),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

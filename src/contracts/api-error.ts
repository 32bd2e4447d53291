import { z } from 'zod';

/**
 * Every refused call answers with this body and a 4xx (or 5xx for the server's own faults).
 * `message` is what a user may be shown (the spec's wording where it has one); `fields` maps
 * a field path ("username", "products.0.quantity") to its messages for form display.
 */
export const apiErrorSchema = z.object({
  error: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.array(z.string())).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

import type { z } from 'zod';

/** First message per path of a failed parse ({} when it passes). */
export function errors(schema: z.ZodType, input: unknown): Record<string, string> {
  const r = schema.safeParse(input);
  if (r.success) return {};
  const out: Record<string, string> = {};
  for (const i of r.error.issues) out[i.path.join('.')] ??= i.message;
  return out;
}

/** Turn a failed zod parse into the refusal carrying the first issue's message. */
import type { z } from 'zod';
import { refuse, type Refusal } from '../refusal';

export function parseOrRefuse<S extends z.ZodType>(
  schema: S,
  input: unknown,
): { ok: true; value: z.output<S> } | Refusal {
  const r = schema.safeParse(input);
  if (r.success) return { ok: true, value: r.data };
  return refuse('invalid_args', r.error.issues[0]?.message ?? 'Invalid input');
}

import type { z } from 'zod';
import { invalid } from './errors';

/** Parse untrusted input with a contract schema; a failure is a 400 with the field messages. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw invalid(result.error);
  return result.data;
}

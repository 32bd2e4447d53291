import { z } from 'zod';
import { invalid } from './errors';

/** Parse untrusted input with a contract schema; a failure is a 400 with the field messages. */
export function parse<S extends z.core.$ZodType>(schema: S, value: unknown): z.infer<S> {
  // Classic and zod/mini contracts alike (contracts/paging.ts says why some are mini).
  const result = z.safeParse(schema, value);
  if (!result.success) throw invalid(result.error);
  return result.data;
}

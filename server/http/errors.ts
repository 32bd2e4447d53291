import type { ZodError } from 'zod';

/**
 * A refusal the client can act on: status 4xx, a stable `code`, a `message` a user may read, and
 * per-field messages for forms. The error handler turns it into the ApiError body of
 * src/contracts/api-error.ts; anything else that escapes a handler is logged and answered 500.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string[]>,
  ) {
    super(message);
  }
}

export const unauthorized = (message = 'Please log in to continue.') => new HttpError(401, 'unauthenticated', message);
export const forbidden = (message = 'You do not have permission to do that.') => new HttpError(403, 'forbidden', message);
export const notFound = (message = 'Not found.') => new HttpError(404, 'not_found', message);

export function fieldsOf(error: ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}

export function invalid(error: ZodError): HttpError {
  const fields = fieldsOf(error);
  const first = Object.values(fields)[0]?.[0] ?? 'Invalid input.';
  return new HttpError(400, 'invalid_input', first, fields);
}

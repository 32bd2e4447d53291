import type { ZodError } from 'zod';

/**
 * What went wrong, in the server's own words; server/http/errors.ts maps each kind to its HTTP
 * status in one table (docs/architecture.md "Layers and dependency rules": services and commands
 * never import server/http).
 * - invalid: the input is malformed;
 * - unauthenticated: nobody is signed in (or the credentials are wrong);
 * - declined: a payment was declined;
 * - forbidden: the caller may not do this;
 * - not_found: a record the input names does not exist (or is not the caller's);
 * - conflict: the records' current state forbids the change;
 * - refused: well-formed input a shop rule refuses;
 * - rate_limited: too many tries;
 * - internal: the server's own failure;
 * - upstream_failed: an outside service (mail, SMS, terminal) failed;
 * - unavailable: an outside service is not set up or not reachable right now.
 */
export type ErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'declined'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'refused'
  | 'rate_limited'
  | 'internal'
  | 'upstream_failed'
  | 'unavailable';

/**
 * A refusal the client can act on: a kind, a stable `code`, a `message` a user may read, and
 * per-field messages for forms. The error handler turns it into the ApiError body of
 * src/contracts/api-error.ts; anything else that escapes a handler is logged and answered 500.
 */
export class ServiceError extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string[]>,
  ) {
    super(message);
  }
}

export const unauthorized = (message = 'Please log in to continue.') =>
  new ServiceError('unauthenticated', 'unauthenticated', message);
export const forbidden = (message = 'You do not have permission to do that.') =>
  new ServiceError('forbidden', 'forbidden', message);
export const notFound = (message = 'Not found.') => new ServiceError('not_found', 'not_found', message);

export function fieldsOf(error: ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}

export function invalid(error: ZodError): ServiceError {
  const fields = fieldsOf(error);
  const first = Object.values(fields)[0]?.[0] ?? 'Invalid input.';
  return new ServiceError('invalid', 'invalid_input', first, fields);
}

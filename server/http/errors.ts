import { ServiceError, type ErrorKind } from '../errors';

export { fieldsOf, forbidden, invalid, notFound, unauthorized } from '../errors';

/** The one table from an error's kind (server/errors.ts) to the HTTP status it is answered with. */
export const STATUS_OF_KIND: Record<ErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  declined: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  refused: 422,
  rate_limited: 429,
  internal: 500,
  upstream_failed: 502,
  unavailable: 503,
};

const KIND_OF_STATUS = new Map(Object.entries(STATUS_OF_KIND).map(([kind, status]) => [status, kind as ErrorKind]));

/**
 * A refusal named by its HTTP status, for code that speaks HTTP (routes, the guard, the sync
 * routes); services throw ServiceError with a kind instead.
 */
export class HttpError extends ServiceError {
  constructor(
    readonly status: number,
    code: string,
    message: string,
    fields?: Record<string, string[]>,
  ) {
    super(KIND_OF_STATUS.get(status) ?? 'internal', code, message, fields);
  }
}

/** The status a ServiceError (or an HttpError) is answered with. */
export const statusOf = (err: ServiceError): number =>
  err instanceof HttpError ? err.status : STATUS_OF_KIND[err.kind];

import type { ApiError as ApiErrorBody } from '../contracts/api-error';

/**
 * A refused or failed call. `status` is the HTTP status (0 when the network failed before any
 * reply); `code` and `message` come from the server's `{error, message, fields?}` body, so
 * screens show `message` as the spec's text and map `fields` onto form inputs.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string[]>;

  constructor(status: number, body: ApiErrorBody) {
    super(body.message);
    this.name = 'ApiError';
    this.status = status;
    this.code = body.error;
    this.fields = body.fields ?? {};
  }

  get isNetwork(): boolean {
    return this.status === 0;
  }
}

/** Spec wording for a call that never reached the server. */
export const NETWORK_FAILURE_MESSAGE = 'Something went wrong!';

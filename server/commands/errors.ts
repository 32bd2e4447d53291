/** How a database error during a push is handled: retried here, retried by the client, or final. */

/** Serialization failure / deadlock: the transaction lost a race; running it again is correct. */
export function isRetryable(err: unknown): boolean {
  const code = sqlState(err);
  return code === '40001' || code === '40P01';
}

/**
 * Integrity violations (class 23: unique, foreign key, check, not null) come from the data the
 * mutation carries, so a retry can never succeed: the mutation is recorded as rejected instead of
 * blocking the client's queue forever.
 */
export function isIntegrityViolation(err: unknown): boolean {
  return sqlState(err)?.startsWith('23') ?? false;
}

/**
 * Data exceptions (class 22: numeric overflow, invalid text representation, string too long, a
 * character text cannot hold) also come from the mutation's data: a retry meets the same error.
 */
export function isDataError(err: unknown): boolean {
  return sqlState(err)?.startsWith('22') ?? false;
}

export function sqlState(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

/** Thrown by a saver whose upsert met a row of another owner (docs/decisions/sync.md "Trust at the mutation door"). */
export class RecordOwnedElsewhere extends Error {
  constructor(table: string, id: string) {
    super(`${table} ${id} belongs to another owner; not overwritten`);
  }
}

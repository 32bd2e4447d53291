/**
 * Running a transaction again when it lost a race (SQLSTATE 40001 serialization failure, 40P01
 * deadlock: ./errors.ts isRetryable). Running it again is correct because the transaction wrote
 * nothing that committed; every other error is the caller's to handle.
 */
import { isRetryable } from './errors';

/** How many times a lost race is retried before the error is let through (after the first try). */
export const MAX_RETRIES = 5;

export async function withRetry<T>(fn: () => Promise<T>, maxRetries = MAX_RETRIES): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if (!isRetryable(err) || attempt >= maxRetries) throw err;
      // Backoff with jitter, so two losers of the same race do not meet again at once.
      await new Promise((r) => setTimeout(r, 5 * 2 ** attempt + Math.random() * 10));
    }
  }
}

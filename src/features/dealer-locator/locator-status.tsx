import type { UseQueryResult } from '@tanstack/react-query';
import { ApiError } from '../../api/api-error';
import styles from './dealer-locator.module.css';

/** Where a store search is: loading, failed (the server's message), or found no store. */
export function LocatorStatus({
  query,
  found,
  noneText = 'There are no results.',
}: {
  query: Pick<UseQueryResult<unknown>, 'isPending' | 'isError' | 'isSuccess' | 'error'>;
  /** How many stores the search found. */
  found: number;
  noneText?: string;
}) {
  return (
    <>
      {query.isPending && (
        <p className={styles.status} role="status">
          Loading stores...
        </p>
      )}
      {query.isError && (
        <p className={styles.error} role="alert">
          {query.error instanceof ApiError ? query.error.message : 'There was an error!'}
        </p>
      )}
      {query.isSuccess && found === 0 && (
        <p className={styles.status} role="status">
          {noneText}
        </p>
      )}
    </>
  );
}

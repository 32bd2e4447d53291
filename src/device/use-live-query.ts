import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';

export interface LiveResult<T> {
  data: T | undefined;
  /** True until the first answer for the current deps. */
  loading: boolean;
  error: Error | null;
}

/**
 * Runs a Dexie query and re-runs it whenever a table it read changes, in this tab or in the sync
 * worker (Dexie 4 broadcasts changes between realms): `useLiveQuery(() => findOrder(db, id), [id])`.
 */
export function useLiveQuery<T>(query: () => Promise<T>, deps: readonly unknown[]): LiveResult<T> {
  const [state, setState] = useState<LiveResult<T> & { key: string }>({
    data: undefined,
    loading: true,
    error: null,
    key: '',
  });
  const key = JSON.stringify(deps);
  useEffect(() => {
    const sub = liveQuery(query).subscribe({
      next: (data) => setState({ data, loading: false, error: null, key }),
      error: (err: unknown) =>
        setState({ data: undefined, loading: false, error: err instanceof Error ? err : new Error(String(err)), key }),
    });
    return () => sub.unsubscribe();
    // The query closes over deps; `key` is their serialised form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  if (state.key !== key) return { data: undefined, loading: true, error: null };
  return { data: state.data, loading: state.loading, error: state.error };
}

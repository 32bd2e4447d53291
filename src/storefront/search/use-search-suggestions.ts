/**
 * The suggestions for the (debounced) text: from the sync worker's offline index on a POS device
 * whose catalog is downloaded (works with no network, and answers in milliseconds), else from
 * GET /api/search/autocomplete. Failures are logged only (storefront.md §8 "Other calls").
 */
import { useQuery } from '@tanstack/react-query';
import type { Remote } from 'comlink';
import { useEffect, useState } from 'react';
import type { SyncWorkerApi } from '../../../sync/api';
import { getSearchAutocomplete } from '../../api/get-search-autocomplete';
import { useMode } from '../../app/mode';
import type { SearchAutocompleteReply } from '../../contracts/search-autocomplete';

/** The tab's sync worker on a POS device (staff signed in); null elsewhere or until it started. */
function useDeviceWorker(): Remote<SyncWorkerApi> | null {
  const pos = useMode() === 'pos';
  const [api, setApi] = useState<Remote<SyncWorkerApi> | null>(null);
  useEffect(() => {
    if (!pos) return;
    let alive = true;
    // Loaded only here: a shopper's phone never downloads the device cache's code.
    import('../../app/sync/sync-connection')
      .then(({ openSyncConnection }) => {
        // The same one worker the POS shell uses (sync-connection.ts keeps one per tab).
        const connection = openSyncConnection();
        return connection.ready.then(() => alive && setApi(() => connection.api));
      })
      .catch((err: unknown) => console.error('search: no sync worker on this device', err));
    return () => {
      alive = false;
    };
  }, [pos]);
  return pos ? api : null;
}

export interface Suggestions {
  data: SearchAutocompleteReply | undefined;
  isFetching: boolean;
  isError: boolean;
  /** The answer came from the device's catalog. */
  offline: boolean;
}

export function useSearchSuggestions(text: string, width: number): Suggestions {
  const worker = useDeviceWorker();
  const q = text.trim();
  const query = useQuery({
    queryKey: ['search-autocomplete', q, width, worker ? 'device' : 'server'] as const,
    enabled: q.length > 0,
    staleTime: 60_000,
    retry: false,
    queryFn: async ({ signal }) => {
      if (worker) {
        const { searchOffline } = await import('./offline-search');
        const local = await searchOffline(worker, q, width);
        if (local) return { reply: local, offline: true };
      }
      return { reply: await getSearchAutocomplete(q, width, signal), offline: false };
    },
    placeholderData: (prev) => prev,
  });
  const { isError, error } = query;
  useEffect(() => {
    if (isError) console.error('search suggestions failed', error);
  }, [isError, error]);
  return { data: query.data?.reply, isFetching: query.isFetching, isError, offline: query.data?.offline ?? false };
}

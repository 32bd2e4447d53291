/**
 * The suggestions for the (debounced) text: from the sync worker's offline index on a POS or kiosk
 * device whose catalog is downloaded (works with no network, and answers in milliseconds), else from
 * GET /api/search/autocomplete. Failures are logged only (storefront.md §8 "Other calls").
 */
import { useQuery } from '@tanstack/react-query';
import type { Remote } from 'comlink';
import { useEffect, useState } from 'react';
import type { SyncWorkerApi } from '../../../sync/api';
import { getSearchAutocomplete } from '../../api/get-search-autocomplete';
import { useMode } from '../../features/session/mode';
import { useSession } from '../../features/session/use-session';
import { useOnline } from '../../device/use-online';
import type { SearchAutocompleteReply } from '../../contracts/search-autocomplete';

/**
 * The tab's sync worker on a POS device (staff signed in) or a kiosk device (its catalog was
 * downloaded while staff set it up; a catalog-only worker, nothing synced without staff); null
 * elsewhere or when it could not start, 'starting' until it answers.
 */
function useDeviceWorker(): Remote<SyncWorkerApi> | 'starting' | null {
  const mode = useMode();
  const device = mode === 'pos' || mode === 'kiosk';
  const catalogOnly = mode === 'kiosk';
  const [state, setState] = useState<{ api: Remote<SyncWorkerApi> | null; catalogOnly: boolean } | null>(null);
  useEffect(() => {
    if (!device) return;
    let alive = true;
    // Loaded only here: a shopper's phone never downloads the device cache's code.
    import('../../device/sync-connection')
      .then(({ openSyncConnection }) => {
        // The same one worker the POS shell uses (sync-connection.ts keeps one per tab).
        const connection = openSyncConnection({ catalogOnly });
        return connection.ready.then(() => alive && setState({ api: connection.api, catalogOnly }));
      })
      .catch((err: unknown) => {
        console.error('search: no sync worker on this device', err);
        if (alive) setState({ api: null, catalogOnly });
      });
    return () => {
      alive = false;
    };
  }, [device, catalogOnly]);
  if (!device) return null;
  // A worker opened for the other mode may have been ended (staff signed in or out): not used.
  return state?.catalogOnly === catalogOnly ? state.api : 'starting';
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
  const online = useOnline();
  const signedIn = useSession().user !== null;
  const q = text.trim();
  // With no network the server cannot answer: a device whose worker is still starting waits for it,
  // and one whose index is still being built (read out of IndexedDB at the worker's start) waits
  // for the build, rather than failing the search (docs/decisions/storefront.md "Search on a device
  // with no network").
  const source = worker === null ? 'server' : worker === 'starting' ? 'starting' : online ? 'device' : 'device-only';
  const query = useQuery({
    queryKey: ['search-autocomplete', q, width, source, signedIn] as const,
    enabled: q.length > 0 && !(source === 'starting' && !online),
    staleTime: 60_000,
    retry: false,
    queryFn: async ({ signal }) => {
      if (worker !== null && worker !== 'starting') {
        const { searchOffline } = await import('./offline-search');
        const local = await searchOffline(worker, q, width, signedIn, !online);
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

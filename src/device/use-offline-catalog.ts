/**
 * A storefront page's second source: when its server read failed because the server could not be
 * reached (not a refusal, not a 5xx) and this device answers from its own catalog
 * (offline-answers.ts: a kiosk), the same page read from the device store. The answer is cached
 * under its own key, never the server read's, so a device copy is never taken for the server's
 * (docs/decisions/storefront.md "Kiosk pages offline").
 */
import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { ApiError } from '../api/api-error';
import { offlineCatalog, onOfflineCatalog, type OfflineCatalog } from './offline-answers';

/** Shown above a page the device answered. */
export const OFFLINE_COPY_NOTE =
  "You are offline: this is this kiosk's copy of the catalog. Compare, store stock and Contact for Availability need the connection.";

const unreachable = (error: unknown): boolean => error instanceof ApiError && error.isNetwork;

/**
 * A server read that never reached the server (the network failed before any reply): failed so,
 * or waiting to retry after such a failure (react-query pauses retries while the browser says it
 * is offline, src/app/query-client.ts, so an offline read stays pending).
 */
export const unreachableRead = (q: {
  status: string;
  error: unknown;
  fetchStatus: string;
  failureReason: unknown;
}): boolean =>
  (q.status === 'error' && unreachable(q.error)) || (q.fetchStatus === 'paused' && unreachable(q.failureReason));

export interface OfflineAnswer<T> {
  /** The device's answer (null: the device does not have it), once read. */
  data: T | undefined;
  /** The device is reading. */
  waiting: boolean;
}

/** `failed`: the server read is `unreachableRead`; `key` names the read (after 'device-catalog'). */
export function useOfflineCatalog<T>(
  failed: boolean,
  key: readonly unknown[],
  read: (c: OfflineCatalog) => Promise<T>,
): OfflineAnswer<T> {
  const catalog = useSyncExternalStore(onOfflineCatalog, offlineCatalog, () => null);
  const enabled = failed && catalog !== null;
  const q = useQuery({
    queryKey: ['device-catalog', ...key],
    queryFn: () => read(catalog!),
    enabled,
    retry: false,
    // A device read: the browser's online flag does not matter.
    networkMode: 'always',
  });
  return { data: enabled ? q.data : undefined, waiting: enabled && q.isPending };
}

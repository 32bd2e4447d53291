import type { Remote } from 'comlink';
import { useEffect } from 'react';
import type { SyncWorkerApi } from '../../sync/api';
import { listenForSyncRequests } from './listen-for-sync-requests';
import { registerBackgroundSync } from './register-background-sync';

/**
 * The page's sync triggers (the worker hears `online` itself, but has no document): sync now when
 * the network returns, when the tab becomes visible, and when the service worker relays a
 * Background Sync event. While changes wait offline, Background Sync is registered as a bonus
 * trigger for when this tab is closed or asleep.
 */
export function useSyncTriggers(api: Remote<SyncWorkerApi> | null, waitingOffline: boolean): void {
  useEffect(() => {
    if (!api) return;
    const syncNow = () => void api.syncNow().catch(() => undefined); // the outcome shows in status()
    const onVisible = () => {
      if (document.visibilityState === 'visible') syncNow();
    };
    // Back online: the worker may not hear `online` itself (not every browser fires it in workers),
    // and a request stalled on the dead connection must not hold the first push back.
    const onOnline = () => void api.reconnected().catch(() => undefined);
    window.addEventListener('online', onOnline);
    document.addEventListener('visibilitychange', onVisible);
    const stopListening = listenForSyncRequests(syncNow);
    return () => {
      window.removeEventListener('online', onOnline);
      document.removeEventListener('visibilitychange', onVisible);
      stopListening();
    };
  }, [api]);

  useEffect(() => {
    if (waitingOffline) void registerBackgroundSync();
  }, [waitingOffline]);
}

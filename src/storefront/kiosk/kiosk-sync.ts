/**
 * The kiosk's sync worker (docs/decisions/storefront.md "Kiosk"): the catalog's lookups for offline
 * search and part data, and an engine that pushes the kiosk's Submit to Buy orders from the outbox
 * and pulls nothing (sync/engine.ts pushOnly). It acts for the kiosk device account once the
 * session names it; until then (offline start) orders wait in the outbox.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { sessionQueryOptions } from '../../api/get-session';
import { openSyncConnection, type SyncConnection } from '../../device/sync-connection';

/** The kiosk's worker, started once per tab; null where the browser cannot run one. */
export function kioskConnection(): SyncConnection | null {
  try {
    return openSyncConnection({ kiosk: true });
  } catch {
    return null;
  }
}

/** Starts the worker with the frame and tells it who the kiosk is; forwards `online` (a cycle at once). */
export function useKioskSync(): void {
  const session = useQuery(sessionQueryOptions).data;
  const kioskUser = session?.user?.role === 'kiosk' ? session.user : null;
  const csrf = session?.csrfToken ?? null;
  useEffect(() => {
    const c = kioskConnection();
    if (!c) return;
    const online = () => void c.api.reconnected().catch(() => undefined);
    window.addEventListener('online', online);
    if (kioskUser)
      void c.ready
        .then(() => c.api.setSession({ user: { id: kioskUser.id, role: 'kiosk' }, csrfToken: csrf }))
        .catch(() => undefined);
    return () => window.removeEventListener('online', online);
  }, [kioskUser, csrf]);
}

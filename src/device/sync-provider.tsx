import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Remote } from 'comlink';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { SyncWorkerApi } from '../../sync/api';
import { sessionQueryKey, sessionQueryOptions } from '../api/get-session';
import { offlineSignIn } from '../api/session-cache';
import { useOnline } from './use-online';
import { requestPersistentStorageOnce } from './request-persistent-storage';
import { SyncContext, type SyncState } from './sync-context';
import { describeSyncError, openSyncConnection } from './sync-connection';
import { useSyncTriggers } from './use-sync-triggers';
import { useWorkerState } from './use-worker-state';

/**
 * Starts the sync worker for a staff session (POS mode only: this module loads with the POS shell),
 * hands it the user and CSRF token, and shares its status through SyncContext. The worker outlives
 * this component (see sync-connection.ts); Log out ends it.
 */
export function SyncProvider({ children }: { children: ReactNode }) {
  const session = useQuery(sessionQueryOptions);
  const user = session.data?.user ?? null;
  const csrfToken = session.data?.csrfToken ?? null;
  const staff = user?.kind === 'staff';
  const [api, setApi] = useState<Remote<SyncWorkerApi> | null>(null);
  const [startError, setStartError] = useState<string | null>(null);

  useEffect(() => {
    if (!staff) return;
    let alive = true;
    void requestPersistentStorageOnce();
    try {
      const connection = openSyncConnection();
      connection.ready.then(
        // A comlink proxy is callable: pass it through an updater, or React would call it.
        () => alive && setApi(() => connection.api),
        (err: unknown) => alive && setStartError(describeSyncError(err)),
      );
    } catch (err) {
      setStartError(describeSyncError(err));
    }
    return () => {
      alive = false;
    };
  }, [staff]);

  const userId = user?.id;
  const role = user?.role;
  // Whom the worker acts for: screens get the proxy only once it knows (a change made before would
  // be refused as a guest's). A new CSRF token for the same user keeps it.
  const [handedTo, setHandedTo] = useState<string | null>(null);
  useEffect(() => {
    // csrfToken null: an offline sign-in (src/features/session/staff-sign-in.ts), confirmed at reconnect.
    if (!api || !staff || !userId || !role) return;
    let alive = true;
    api.setSession({ user: { id: userId, role }, csrfToken }).then(
      () => alive && setHandedTo(userId),
      (err: unknown) => setStartError(describeSyncError(err)),
    );
    return () => {
      alive = false;
    };
  }, [api, staff, userId, role, csrfToken]);
  const ready = api !== null && handedTo !== null && handedTo === userId;

  const worker = useWorkerState(api);
  const online = useOnline();
  useSyncTriggers(api, !online && (worker.status?.pending ?? 0) > 0);

  // Back online after an offline sign-in: the server checks the session now (src/api/get-session.ts).
  const queryClient = useQueryClient();
  useEffect(() => {
    if (online && offlineSignIn() !== null) void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
  }, [online, queryClient]);

  // A 401/CSRF refusal: ask the server who we are. Signed out -> the staff guard sends us to the
  // login screen; still signed in -> the fresh CSRF token reaches setSession above. The queue stays.
  const client = useQueryClient();
  const needsLogin = worker.status?.needsLogin ?? false;
  useEffect(() => {
    if (needsLogin) void client.invalidateQueries({ queryKey: sessionQueryKey });
  }, [needsLogin, client]);

  const value = useMemo<SyncState>(
    () => ({
      api: ready ? api : null,
      status: worker.status,
      conflicts: worker.conflicts,
      startError: startError ?? worker.error,
    }),
    [api, ready, worker, startError],
  );
  return <SyncContext.Provider value={value}>{children}</SyncContext.Provider>;
}

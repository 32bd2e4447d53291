import { createContext, useContext } from 'react';
import type { Remote } from 'comlink';
import type { SyncWorkerApi } from '../../sync/api';
import type { ConflictEntry } from '../db/database';
import type { SyncStatus } from '../../sync/status';

/** What the POS shell knows of the sync worker, refreshed on every change it reports. */
export interface SyncState {
  /** The worker proxy once init() finished and it knows the signed-in user; null while starting or when it could not start. */
  api: Remote<SyncWorkerApi> | null;
  status: SyncStatus | null;
  conflicts: ConflictEntry[];
  /** Why sync is not running on this device (no IndexedDB, worker failed to load). */
  startError: string | null;
}

export const SyncContext = createContext<SyncState | null>(null);

function useSyncState(): SyncState {
  const state = useContext(SyncContext);
  if (!state) throw new Error('useSync()/useSyncStatus() need a <SyncProvider> above them (PosLayout mounts one).');
  return state;
}

/** Status, conflicts and start error for indicators: `const { status } = useSyncStatus()`. */
export function useSyncStatus(): SyncState {
  return useSyncState();
}

/** The worker proxy for screens that change data: `await useSync()?.mutate('order.create', args)`. */
export function useSync(): Remote<SyncWorkerApi> | null {
  return useSyncState().api;
}

import { proxy, type Remote } from 'comlink';
import { useEffect, useState } from 'react';
import type { SyncWorkerApi } from '../../sync/api';
import type { SyncStatus } from '../../sync/status';
import type { ConflictEntry } from '../db/database';
import { describeSyncError } from './sync-connection';

/** How often the bar re-reads status without a change report (the pending age moves with time). */
const REFRESH_MS = 15_000;

export interface WorkerState {
  status: SyncStatus | null;
  conflicts: ConflictEntry[];
  /** A status read failed (e.g. IndexedDB could not open in the worker). */
  error: string | null;
}

/**
 * Mirrors the worker's status and open conflicts into React state: re-read on every change the
 * engine reports (subscribe), coalesced so a burst of pull-progress reports costs one read at a time.
 */
export function useWorkerState(api: Remote<SyncWorkerApi> | null): WorkerState {
  const [state, setState] = useState<WorkerState>({ status: null, conflicts: [], error: null });
  useEffect(() => {
    if (!api) return;
    let alive = true;
    let running = false;
    let again = false;
    const refresh = async () => {
      if (running) {
        again = true;
        return;
      }
      running = true;
      try {
        do {
          again = false;
          const [status, conflicts] = await Promise.all([api.status(), api.conflicts()]);
          if (alive) setState({ status, conflicts, error: null });
        } while (again && alive);
      } catch (err) {
        if (alive) setState((s) => ({ ...s, error: describeSyncError(err) }));
      } finally {
        running = false;
      }
    };
    // The unsubscribe comes back as a comlink proxy: calling it returns a promise at run time.
    let unsubscribe: (() => void) | null = null;
    const drop = (un: () => void) => void Promise.resolve(un() as unknown).catch(() => undefined);
    api
      .subscribe(proxy(() => void refresh()))
      .then((un) => {
        if (alive) unsubscribe = () => drop(un);
        else drop(un);
      })
      .catch((err: unknown) => {
        if (alive) setState((s) => ({ ...s, error: describeSyncError(err) }));
      });
    void refresh();
    const timer = setInterval(() => void refresh(), REFRESH_MS);
    return () => {
      alive = false;
      clearInterval(timer);
      unsubscribe?.();
    };
  }, [api]);
  return state;
}

/**
 * A screen's way to change data: the sync worker's mutate() (applied at once on the device, works
 * offline, queued for the server). A refusal shows its message as an error toast and changes
 * nothing; `failure` replaces the message of an invalid-input refusal with the spec's wording (of
 * every refusal with `failureOn: 'any'`, for calls whose spec names one failure message, e.g. "The
 * labor couldn't be updated."); `onRefused` receives the domain's own reason, to show by the field.
 */
import type { Remote } from 'comlink';
import { useCallback, useEffect, useRef } from 'react';
import type { SyncWorkerApi } from '../../sync/api';
import type { MutationArgsInput, MutationName } from '../domain/mutations/catalogue';
import { useMutationNotices } from './mutation-notices';
import { useSync } from './sync-context';

export interface RunOptions {
  failure?: string;
  failureOn?: 'invalid_args' | 'any';
  onRefused?: (reason: string) => void;
  duration?: number;
}

export type RunMutation = <N extends MutationName>(
  name: N,
  args: MutationArgsInput<N>,
  opts?: RunOptions,
) => Promise<boolean>;

export const DEVICE_NOT_READY = 'This device is still starting up. Try again in a moment.';
/** How long a change made while the sync worker starts (a tap right after a reload) waits for it. */
export const WORKER_START_WAIT_MS = 15_000;

type Api = Remote<SyncWorkerApi>;

/** The worker proxy now, or once it is ready (null after `ms` without it). */
function useApiWhenReady(): (ms: number) => Promise<Api | null> {
  const api = useSync();
  const current = useRef(api);
  const waiting = useRef(new Set<(a: Api) => void>());
  useEffect(() => {
    current.current = api;
    if (api) for (const wake of waiting.current) wake(api);
  }, [api]);
  return useCallback(
    (ms: number) =>
      current.current
        ? Promise.resolve(current.current)
        : new Promise<Api | null>((resolve) => {
            const wake = (a: Api | null) => {
              clearTimeout(timer);
              waiting.current.delete(wake);
              resolve(a);
            };
            const timer = setTimeout(() => wake(null), ms);
            waiting.current.add(wake);
          }),
    [],
  );
}

export function useRunMutation(): RunMutation {
  const whenReady = useApiWhenReady();
  const toast = useMutationNotices();
  return useCallback<RunMutation>(
    async (name, args, opts) => {
      // A tap made while the worker starts (right after a reload) is made once it can be, not dropped.
      const api = await whenReady(WORKER_START_WAIT_MS);
      if (!api) {
        toast.error(DEVICE_NOT_READY);
        return false;
      }
      const result = await api.mutate(name, args);
      if (!result.ok) {
        const failure =
          opts?.failure && (opts.failureOn === 'any' || result.code === 'invalid_args') ? opts.failure : null;
        const text = failure ?? result.message;
        opts?.onRefused?.(result.message);
        toast.error(text, opts?.duration ? { duration: opts.duration } : undefined);
      }
      return result.ok;
    },
    [whenReady, toast],
  );
}

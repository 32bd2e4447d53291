/**
 * A screen's way to change data: the sync worker's mutate() (applied at once on the device, works
 * offline, queued for the server). A refusal shows its message as an error toast and changes
 * nothing; `failure` replaces the message of an invalid-input refusal with the spec's wording (of
 * every refusal with `failureOn: 'any'`, for calls whose spec names one failure message, e.g. "The
 * labor couldn't be updated."); `onRefused` receives the domain's own reason, to show by the field.
 */
import { useCallback } from 'react';
import type { MutationArgsInput, MutationName } from '../../domain/mutations/catalogue';
import { useToast } from '../../ui/toast/toast-context';
import { useSync } from './sync-context';

export interface RunOptions {
  failure?: string;
  failureOn?: 'invalid_args' | 'any';
  onRefused?: (reason: string) => void;
  duration?: number;
}

export type RunMutation = <N extends MutationName>(name: N, args: MutationArgsInput<N>, opts?: RunOptions) => Promise<boolean>;

export const DEVICE_NOT_READY = 'This device is still starting up. Try again in a moment.';

export function useRunMutation(): RunMutation {
  const api = useSync();
  const toast = useToast();
  return useCallback<RunMutation>(
    async (name, args, opts) => {
      if (!api) {
        toast.error(DEVICE_NOT_READY);
        return false;
      }
      const result = await api.mutate(name, args);
      if (!result.ok) {
        const failure = opts?.failure && (opts.failureOn === 'any' || result.code === 'invalid_args') ? opts.failure : null;
        const text = failure ?? result.message;
        opts?.onRefused?.(result.message);
        toast.error(text, opts?.duration ? { duration: opts.duration } : undefined);
      }
      return result.ok;
    },
    [api, toast],
  );
}

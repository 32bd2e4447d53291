import { createContext, useContext } from 'react';

/**
 * How a refused or undeliverable change is told to staff (use-run-mutation.ts). The device layer
 * draws nothing itself, it sits below src/ui (docs/architecture.md "Layers and dependency rules"):
 * the shell provides the toasts here (src/app/root-layout.tsx).
 */
export interface MutationNotices {
  error: (text: string, opts?: { duration?: number }) => void;
}

export const MutationNoticesContext = createContext<MutationNotices | null>(null);

export function useMutationNotices(): MutationNotices {
  const notices = useContext(MutationNoticesContext);
  if (!notices)
    throw new Error('useRunMutation() needs a MutationNoticesContext provider above it (src/app/root-layout.tsx).');
  return notices;
}

import type { ReactNode } from 'react';
import { ModeContext, useModeFromSession } from '../features/session/mode';

/** Provides the app's mode (mode.ts) to every screen below it. */
export function ModeProvider({ children }: { children: ReactNode }) {
  const mode = useModeFromSession();
  return <ModeContext.Provider value={mode}>{children}</ModeContext.Provider>;
}

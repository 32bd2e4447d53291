import { useSyncExternalStore } from 'react';
import { appUpdates } from './app-updates';
import type { UpdateSnapshot } from './update-controller';

/** Whether to show "New version available — reload", and whether the reload has started. */
export function useAppUpdate(): UpdateSnapshot {
  return useSyncExternalStore(appUpdates.subscribe, appUpdates.getSnapshot, appUpdates.getSnapshot);
}

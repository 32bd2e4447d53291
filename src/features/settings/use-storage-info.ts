import { useCallback, useEffect, useState } from 'react';

export interface StorageInfo {
  /** navigator.storage.persisted(); null when the browser has no Storage API. */
  persistent: boolean | null;
  usage: number | undefined;
  quota: number | undefined;
  loading: boolean;
}

/** Reads the origin's storage figures once on mount and on refresh(). */
export function useStorageInfo(): StorageInfo & { refresh: () => void } {
  const [info, setInfo] = useState<StorageInfo>({
    persistent: null,
    usage: undefined,
    quota: undefined,
    loading: true,
  });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let alive = true;
    const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
    void (async () => {
      const [persistent, estimate] = await Promise.all([
        storage?.persisted ? storage.persisted().catch(() => null) : Promise.resolve(null),
        storage?.estimate
          ? storage.estimate().catch((): StorageEstimate => ({}))
          : Promise.resolve<StorageEstimate>({}),
      ]);
      if (alive) setInfo({ persistent, usage: estimate.usage, quota: estimate.quota, loading: false });
    })();
    return () => {
      alive = false;
    };
  }, [round]);
  const refresh = useCallback(() => setRound((r) => r + 1), []);
  return { ...info, refresh };
}

import { useCallback, useSyncExternalStore } from 'react';

/** Spec: list and grid toggle remembered in local storage under 'display'; default grid. */
export type DisplayMode = 'grid' | 'list';
const KEY = 'display';
const EVENT = 'partsdesk:display-change';

function read(): DisplayMode {
  try {
    return localStorage.getItem(KEY) === 'list' ? 'list' : 'grid';
  } catch {
    return 'grid';
  }
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

export function useDisplayMode(): [DisplayMode, (mode: DisplayMode) => void] {
  const mode = useSyncExternalStore(subscribe, read, () => 'grid' as const);
  const set = useCallback((next: DisplayMode) => {
    try {
      localStorage.setItem(KEY, next);
    } catch {
      // storage blocked: the choice lasts until reload, which is acceptable
    }
    window.dispatchEvent(new Event(EVENT));
  }, []);
  return [mode, set];
}

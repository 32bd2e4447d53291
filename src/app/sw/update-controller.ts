/**
 * The state behind "New version available — reload" (pure; tests/unit/client/sw-update-controller.test.ts).
 *
 * Invariants:
 * - nothing here reloads the page or activates a new service worker on its own: only `reload()`,
 *   which the prompt's button calls, does (a cashier mid-sale is never reloaded under their feet);
 * - once the user clicks, the page reloads exactly once: when the new worker controls the page, or
 *   after `fallbackMs` if it never says so (a reload under the old worker just shows the prompt again).
 */
export interface UpdateSnapshot {
  /** Show the prompt: a new version is waiting, or this page runs code older than the server's. */
  available: boolean;
  /** The user clicked "Reload"; the page is about to reload. */
  reloading: boolean;
}

/** Asks the waiting worker to take over; resolves when it controls this page. */
export type ActivateWaiting = () => Promise<void>;

export interface UpdateControllerDeps {
  reloadPage: () => void;
  wait: (ms: number) => Promise<void>;
  fallbackMs?: number;
}

export interface UpdateController {
  getSnapshot: () => UpdateSnapshot;
  subscribe: (listener: () => void) => () => void;
  /** A new service worker is installed and waiting (workbox-window 'waiting'). */
  newVersionWaiting: (activate: ActivateWaiting) => void;
  /** Old code is on screen: a route chunk failed to load, or another tab activated the new version. */
  staleCodeDetected: () => void;
  /** The user clicked "Reload". */
  reload: () => void;
}

export function createUpdateController({
  reloadPage,
  wait,
  fallbackMs = 4000,
}: UpdateControllerDeps): UpdateController {
  let snapshot: UpdateSnapshot = { available: false, reloading: false };
  let activate: ActivateWaiting | null = null;
  const listeners = new Set<() => void>();

  const set = (next: Partial<UpdateSnapshot>) => {
    snapshot = { ...snapshot, ...next };
    for (const l of listeners) l();
  };

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    newVersionWaiting(fn) {
      activate = fn;
      if (!snapshot.available) set({ available: true });
    },
    staleCodeDetected() {
      if (!snapshot.available && !snapshot.reloading) set({ available: true });
    },
    reload() {
      if (snapshot.reloading) return;
      set({ reloading: true });
      if (!activate) {
        reloadPage();
        return;
      }
      let done = false;
      const once = () => {
        if (done) return;
        done = true;
        reloadPage();
      };
      void Promise.race([activate().catch(() => undefined), wait(fallbackMs)]).then(once);
    },
  };
}

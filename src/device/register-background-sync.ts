import { PUSH_SYNC_TAG } from '../../sw/messages';

/** Background Sync's registration API (Chromium only; not in TypeScript's DOM lib). */
interface SyncManager {
  register(tag: string): Promise<void>;
}

/**
 * Asks the browser to fire Background Sync `partsdesk-push` when connectivity returns; the service
 * worker then tells the open windows to push (listen-for-sync-requests.ts). A bonus trigger only:
 * the sync engine's own triggers must push within 1 s of reconnecting without it. Resolves false
 * where unsupported (no SW yet, Firefox, Safari) or refused.
 */
export async function registerBackgroundSync(): Promise<boolean> {
  if (!('serviceWorker' in navigator)) return false;
  try {
    // getRegistration, not `ready`: `ready` never resolves where no worker is registered (dev).
    const registration = await navigator.serviceWorker.getRegistration();
    const sync = registration?.active ? syncManagerOf(registration) : undefined;
    if (!sync) return false;
    await sync.register(PUSH_SYNC_TAG);
    return true;
  } catch {
    return false;
  }
}

function syncManagerOf(registration: ServiceWorkerRegistration): SyncManager | undefined {
  return 'sync' in registration ? (registration.sync as SyncManager) : undefined;
}

import { PUSH_SYNC_TAG, SYNC_REQUESTED, type SyncRequestedMessage } from './messages';

/** The Background Sync event (Chromium only; not in TypeScript's WebWorker lib). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

/**
 * Background Sync is a bonus trigger: when the browser fires `partsdesk-push` (connectivity came
 * back), every open window is told to push now. The app's own triggers (online event, start,
 * visibility, timer) push within 1 s of reconnecting in every browser without it. With no window
 * open there is nothing to push from yet; the next app start pushes.
 */
export function listenForBackgroundSync(sw: ServiceWorkerGlobalScope): void {
  sw.addEventListener('sync', (event: Event) => {
    const sync = event as SyncEvent;
    if (sync.tag !== PUSH_SYNC_TAG) return;
    sync.waitUntil(notifyWindows(sw));
  });
}

async function notifyWindows(sw: ServiceWorkerGlobalScope): Promise<void> {
  const message: SyncRequestedMessage = { type: SYNC_REQUESTED };
  const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of windows) client.postMessage(message);
}

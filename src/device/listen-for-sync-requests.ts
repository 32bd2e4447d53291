import { isSyncRequestedMessage } from '../../sw/messages';

/**
 * Calls `push` whenever the service worker relays a Background Sync event (sw/background-sync.ts).
 * The app composes this with the sync worker's push; returns the unsubscribe function.
 */
export function listenForSyncRequests(push: () => void): () => void {
  if (!('serviceWorker' in navigator)) return () => undefined;
  const container = navigator.serviceWorker;
  const onMessage = (event: MessageEvent) => {
    if (isSyncRequestedMessage(event.data)) push();
  };
  container.addEventListener('message', onMessage);
  container.startMessages();
  return () => container.removeEventListener('message', onMessage);
}

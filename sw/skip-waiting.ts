import { isSkipWaitingMessage } from './messages';

/**
 * A waiting version activates only when a page asks (the user clicked "Reload" in the update
 * prompt; workbox-window's messageSkipWaiting). Never on install: that would swap the code of a
 * running sale.
 */
export function listenForSkipWaiting(sw: ServiceWorkerGlobalScope): void {
  sw.addEventListener('message', (event) => {
    if (isSkipWaitingMessage(event.data)) void sw.skipWaiting();
  });
}

/**
 * What the service worker and the pages say to each other (postMessage). Plain constants and types
 * only: the SW build, the app and the sync engine all import this file, in different TS libs.
 */

/** Background Sync tag the app registers when it has unpushed mutations (register-background-sync.ts). */
export const PUSH_SYNC_TAG = 'partsdesk-push';

/** SW -> window: the browser fired Background Sync; the page's sync engine should push now. */
export interface SyncRequestedMessage {
  type: 'sync-requested';
}

export const SYNC_REQUESTED: SyncRequestedMessage['type'] = 'sync-requested';

/** Window -> SW, sent by workbox-window's `messageSkipWaiting()` when the user clicks "Reload". */
export const SKIP_WAITING = 'SKIP_WAITING';

function hasType(data: unknown, type: string): boolean {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === type;
}

export function isSyncRequestedMessage(data: unknown): data is SyncRequestedMessage {
  return hasType(data, SYNC_REQUESTED);
}

export function isSkipWaitingMessage(data: unknown): boolean {
  return hasType(data, SKIP_WAITING);
}

import type { Workbox } from 'workbox-window';
import { appUpdates } from './app-updates';
import { scheduleUpdateChecks } from './schedule-update-checks';

/**
 * Registers /sw.js (scope /) in production builds where service workers exist. workbox-window is
 * imported after the page's load event, so it is never on the storefront's critical path.
 * A new version only raises the prompt (update-controller.ts); it never activates by itself.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const start = () => {
    register().catch((err: unknown) => console.warn('Service worker registration failed', err));
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

async function register(): Promise<void> {
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox('/sw.js', { scope: '/' });
  // Also fires at start when a version was already waiting (another tab found it, or a reload
  // while this tab's old worker still controls other tabs).
  wb.addEventListener('waiting', () => appUpdates.newVersionWaiting(() => activateWaiting(wb)));
  // Another tab clicked Reload: this page now runs old code under the new worker. Show the prompt
  // (no reload here). Only a worker that replaces one controlling this page is a new version: the
  // first install claiming the page is not, even when it was registered by an earlier page of this
  // tab (workbox-window calls that one "external": a fresh device showed the prompt on its first visit).
  let controller = navigator.serviceWorker.controller;
  wb.addEventListener('controlling', () => {
    const replaced = controller !== null;
    controller = navigator.serviceWorker.controller;
    if (replaced) appUpdates.staleCodeDetected();
  });
  const registration = await wb.register();
  if (registration) scheduleUpdateChecks(() => wb.update());
}

function activateWaiting(wb: Workbox): Promise<void> {
  return new Promise((resolve) => {
    wb.addEventListener('controlling', () => resolve());
    wb.messageSkipWaiting();
  });
}

/// <reference lib="webworker" />
/**
 * The Partsdesk service worker (workbox injectManifest; built by vite-plugin-pwa into dist/sw.js).
 * Rules (docs/decisions/client.md "Service worker and updates (sw/, src/app/sw)"):
 * - every built file is precached, so the shell and every route chunk open offline;
 * - navigations, and only navigations, fall back to the precached index.html;
 * - product images cache first, public catalog reads network first; nothing staff or per-user;
 * - a new version waits until the user clicks "Reload" (never skipWaiting on its own: a cashier
 *   mid-sale must not be swapped under their feet).
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { listenForBackgroundSync } from './background-sync';
import { registerNavigationFallback } from './navigation-fallback';
import { registerRuntimeCaching } from './runtime-caching';
import { listenForSkipWaiting } from './skip-waiting';

declare const self: ServiceWorkerGlobalScope;

// Order matters: precached files first, then the shell for navigations, then runtime caches.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerNavigationFallback();
registerRuntimeCaching();
listenForSkipWaiting(self);
listenForBackgroundSync(self);

// Take control of pages opened before the first install (so a tablet that loaded the app once is
// covered when the wifi drops). An update never gets here without the user's "Reload".
clientsClaim();

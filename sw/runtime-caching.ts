import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core/types';
import { CATALOG_CACHE, IMAGE_CACHE } from './cache-names';
import { VEHICLE_KEY_HEADER } from '../src/contracts/vehicle-key';
import { isPublicCatalogRead, isSameOriginImage, mayStoreCatalogReply } from './request-kinds';
import { vehicleKeyed } from './vehicle-key';

const DAY_SECONDS = 24 * 60 * 60;

/**
 * Keeps per-user (`Cache-Control: private`) and failed replies out of the catalog cache, except a
 * listing narrowed to this browser's vehicle, which vehicleKeyed files under its vehicle.
 */
const publicRepliesOnly: WorkboxPlugin = {
  cacheWillUpdate: ({ response }) =>
    Promise.resolve(
      mayStoreCatalogReply(
        response.status,
        response.headers.get('Cache-Control'),
        response.headers.get(VEHICLE_KEY_HEADER),
      )
        ? response
        : null,
    ),
};

/**
 * Runtime caches. Anything not matched here (orders, customers, session, /sync/*) is never stored
 * by the SW: staff data lives in IndexedDB, written by the sync engine.
 */
export function registerRuntimeCaching(): void {
  // Product pictures rarely change and are heavy: serve from cache, refresh by expiry.
  registerRoute(
    ({ request, url }) => isSameOriginImage(request.destination, url, self.location.origin),
    new CacheFirst({
      cacheName: IMAGE_CACHE,
      plugins: [
        new CacheableResponsePlugin({ statuses: [200] }),
        new ExpirationPlugin({ maxEntries: 2000, maxAgeSeconds: 30 * DAY_SECONDS, purgeOnQuotaError: true }),
      ],
    }),
  );

  // Prices and stock change: the network wins when it answers within 3 s, the last copy otherwise.
  registerRoute(
    ({ request, url }) => isPublicCatalogRead(request.method, url, self.location.origin),
    new NetworkFirst({
      cacheName: CATALOG_CACHE,
      networkTimeoutSeconds: 3,
      // Listings say `Vary: Cookie`; entries here are filed by URL (and vehicle key) only.
      matchOptions: { ignoreVary: true },
      plugins: [
        vehicleKeyed,
        publicRepliesOnly,
        new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 7 * DAY_SECONDS, purgeOnQuotaError: true }),
      ],
    }),
  );
}

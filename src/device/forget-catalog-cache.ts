import { CATALOG_CACHE } from '../../sw/cache-names';

/**
 * Catalog replies the service worker kept were fetched as the previous caller (a customer's prices,
 * a staff member's stock per location): a sign-in change drops them so the next caller offline
 * never sees them. Best effort: a browser without Cache Storage has nothing to drop.
 */
export function forgetCatalogCache(): void {
  if (typeof caches === 'undefined') return;
  caches.delete(CATALOG_CACHE).catch(() => undefined);
}

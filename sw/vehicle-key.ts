/**
 * One cached copy of a storefront listing per vehicle (docs/decisions/fitment.md "Listings narrowed
 * to the vehicle"). A listing narrowed to the shopper's vehicle is the same URL as the whole
 * catalog's, so the server names the vehicle in a header (a digest; src/contracts/vehicle-key.ts);
 * this plugin remembers the last key an answered listing carried and files listings under
 * the URL plus `__vehicle=key` (a cache key only, never sent). Offline, a kiosk or a shopper's phone then reads the copy made for the
 * vehicle it last chose (a vehicle cannot change offline: saving it needs the server), never the
 * unnarrowed one. The key survives a restart of the service worker in its own small cache.
 */
import type { WorkboxPlugin } from 'workbox-core/types';
import { VEHICLE_KEY_HEADER } from '../src/contracts/vehicle-key';
import { VEHICLE_KEY_CACHE } from './cache-names';

const KEY_ENTRY = '/__partsdesk/vehicle-key';

/** The listing call whose reply depends on the shopper's vehicle. */
export function isListing(url: string): boolean {
  return new URL(url).pathname === '/api/products/';
}

/** The cache key of a listing under a vehicle key ('' = no vehicle: the URL itself). */
export function keyedUrl(url: string, key: string): string {
  if (!key) return url;
  // A query parameter, not a fragment: the Cache API ignores fragments when it matches.
  const u = new URL(url);
  u.searchParams.set('__vehicle', key);
  return u.href;
}

let current: string | undefined;

async function currentKey(): Promise<string> {
  if (current !== undefined) return current;
  const hit = await (await caches.open(VEHICLE_KEY_CACHE)).match(KEY_ENTRY);
  current = hit ? await hit.text() : '';
  return current;
}

async function remember(key: string): Promise<void> {
  if (key === current) return;
  current = key;
  await (await caches.open(VEHICLE_KEY_CACHE)).put(KEY_ENTRY, new Response(key));
}

export const vehicleKeyed: WorkboxPlugin = {
  // Runs before the reply is stored, so the key below is the one this reply was made for.
  fetchDidSucceed: async ({ request, response }) => {
    if (response.status === 200 && isListing(request.url))
      await remember(response.headers.get(VEHICLE_KEY_HEADER) ?? '');
    return response;
  },
  cacheKeyWillBeUsed: async ({ request }) => {
    if (!isListing(request.url)) return request;
    const key = await currentKey();
    return key ? keyedUrl(request.url, key) : request;
  },
};

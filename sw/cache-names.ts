/**
 * Runtime cache names (precache names are workbox's own). The suffix is a version: when what a
 * cache holds changes shape, bump it and delete the old name in an `activate` listener in sw.ts,
 * or the old cache lingers in Cache Storage (v1 has no predecessor).
 */
export const IMAGE_CACHE = 'partsdesk-images-v1';
export const CATALOG_CACHE = 'partsdesk-catalog-v1';
/** The vehicle key the server last named for this browser's listings (sw/vehicle-key.ts); never expired. */
export const VEHICLE_KEY_CACHE = 'partsdesk-vehicle-v1';

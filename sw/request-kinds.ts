/**
 * Which requests the service worker may answer, as pure predicates (unit-tested in
 * tests/unit/client/sw-request-kinds.test.ts). Everything not matched here goes to the network
 * untouched: staff and authenticated replies (orders, customers, session, sync) are never stored in
 * a SW cache; the POS keeps those in IndexedDB.
 */

/**
 * Paths that are calls, never pages: a navigation to them (an address typed into the bar, a link
 * to a JSON endpoint) must reach the server, not get the app shell. The server dispatches calls
 * that share page paths (/pos/checkout) on Sec-Fetch-Mode, and only navigations get the shell.
 * Workbox's NavigationRoute tests these against `pathname + search`.
 */
export const SHELL_DENYLIST: readonly RegExp[] = [
  /^\/(?:api|sync|ymm)(?:[/?]|$)/,
  /^\/healthz(?:[/?]|$)/,
  // The device set-up page and its downloads are the server's (server/routes/device-setup.ts).
  /^\/setup\/(?:device|https-address)(?:[/?]|$)/,
  // Legacy fitment calls (/catalog/index.php?route=ymm/json/years) answer JSON even to a navigation.
  /^\/catalog\/index\.php(?:\?|$)/,
  // A file (robots.txt, sw.js, a source map): the file itself, never the shell. /index.php is a page.
  /^[^?]*\/[^/?]*\.(?!php(?:\?|$))[^/?.]+(?:\?|$)/,
];

/** Would the navigation fallback serve the app shell for this path (+ search)? */
export function shellMayServe(pathnameAndSearch: string): boolean {
  return !SHELL_DENYLIST.some((re) => re.test(pathnameAndSearch));
}

/** Fitment lookups that depend only on their query (no vehicle cookie, no state change). */
const FITMENT_LOOKUPS = /^\/ymm\/json\/(?:years|makes|models|choices|engine_mfrs|engine_family_sizes|engine_sizes)$/;

/** The storefront's public content reads (the home page, footer, blog pages; not the admin's list). */
const CONTENT_READS = /^\/api\/content\/(?:page\/home|site|blog)$/;

/**
 * Public catalog reads a shopper may see offline from the SW cache (network first). Same origin
 * and GET only. The cookie-dependent fitment calls (getVehicle, saveVehicle, validateFitment, ...)
 * are not here: their reply depends on who asks.
 */
export function isPublicCatalogRead(method: string, url: URL, origin: string): boolean {
  if (method !== 'GET' || url.origin !== origin) return false;
  return (
    url.pathname.startsWith('/api/products/') || FITMENT_LOOKUPS.test(url.pathname) || CONTENT_READS.test(url.pathname)
  );
}

/** Same-origin pictures (product images, demo media); cross-origin images are left to the browser. */
export function isSameOriginImage(destination: string, url: URL, origin: string): boolean {
  return destination === 'image' && url.origin === origin;
}

/**
 * A reply the server marked as per-user or not-to-be-stored stays out of the SW cache even on a
 * cacheable route: if the catalog ever varies by signed-in user, `Cache-Control: private` is how
 * the server says so.
 */
export function mayStoreReply(status: number, cacheControl: string | null): boolean {
  if (status !== 200) return false;
  return !/(?:^|,)\s*(?:no-store|private)\s*(?:,|$)/i.test(cacheControl ?? '');
}

/**
 * A listing narrowed to the shopper's vehicle is `private` (no shared cache may keep it) but names
 * its vehicle (`vehicleKey`): the service worker, this browser's own cache, keeps it filed under that
 * vehicle (sw/vehicle-key.ts). Staff replies carry no key and stay out.
 */
export function mayStoreCatalogReply(status: number, cacheControl: string | null, vehicleKey: string | null): boolean {
  if (mayStoreReply(status, cacheControl)) return true;
  return status === 200 && Boolean(vehicleKey) && !/(?:^|,)\s*no-store\s*(?:,|$)/i.test(cacheControl ?? '');
}

/**
 * A guest's wishlist tap kept through the login it leads to (docs/decisions/storefront.md
 * "Wishlist for guests"): the product id waits in sessionStorage (this tab only, 30 minutes), and
 * the first wishlist hook that runs for the signed-in customer adds it. The wishlist stays an
 * account's; the guest is only remembered as far as the login page.
 */
const KEY = 'partsdesk.wishlist.pending';
const KEEP_MS = 30 * 60_000;

export function keepPendingWishlist(productId: number, now = Date.now()): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ product_id: productId, at: now }));
  } catch {
    // storage blocked (private mode): the tap is lost, as before
  }
}

/** The waiting product id, once (it is removed as it is read); null when none or too old. */
export function takePendingWishlist(now = Date.now()): number | null {
  let raw: string | null;
  try {
    raw = sessionStorage.getItem(KEY);
    if (raw === null) return null;
    sessionStorage.removeItem(KEY);
  } catch {
    return null;
  }
  try {
    const v = JSON.parse(raw) as { product_id?: unknown; at?: unknown };
    const id = v.product_id;
    const at = v.at;
    if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0 || typeof at !== 'number') return null;
    return now - at <= KEEP_MS && at <= now ? id : null;
  } catch {
    return null;
  }
}

/** The login page's address that comes back here afterwards. */
export function loginHereUrl(location: { pathname: string; search: string }): string {
  return `/account/login?redirect=${encodeURIComponent(location.pathname + location.search)}`;
}

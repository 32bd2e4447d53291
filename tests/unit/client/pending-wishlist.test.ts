import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  keepPendingWishlist,
  loginHereUrl,
  takePendingWishlist,
} from '../../../src/features/shop-cart/pending-wishlist';

describe("a guest's wishlist tap kept through login", () => {
  beforeEach(() => {
    const store = new Map<string, string>();
    vi.stubGlobal('sessionStorage', {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is taken once, within 30 minutes', () => {
    keepPendingWishlist(42, 1_000);
    expect(takePendingWishlist(1_000 + 29 * 60_000)).toBe(42);
    expect(takePendingWishlist(1_000 + 29 * 60_000)).toBeNull();
    keepPendingWishlist(7, 1_000);
    expect(takePendingWishlist(1_000 + 31 * 60_000)).toBeNull();
  });

  it('ignores what it did not write', () => {
    sessionStorage.setItem('partsdesk.wishlist.pending', '{"product_id":"1","at":0}');
    expect(takePendingWishlist(0)).toBeNull();
    sessionStorage.setItem('partsdesk.wishlist.pending', 'not json');
    expect(takePendingWishlist(0)).toBeNull();
  });

  it('sends the guest to the login page and back to this page', () => {
    expect(loginHereUrl({ pathname: '/oil-filter', search: '?queryID=a&b=1' })).toBe(
      '/account/login?redirect=%2Foil-filter%3FqueryID%3Da%26b%3D1',
    );
  });
});

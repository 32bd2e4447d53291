import type { ReactNode } from 'react';
import { LazySearchBar } from '../storefront/search/lazy-search-bar';
import { PosCartAdderProvider } from '../features/pos-sale/pos-cart-adder';
import { PosTopBar } from './pos-top-bar';
import { SyncProvider } from '../device/sync-provider';

/**
 * The catalog and product pages as staff see them in POS mode (ShopLayout loads this lazily, so a
 * shopper never downloads it): the POS bar, the device's own part search, and the page itself
 * inside the sync worker's provider, with the POS sale as the cart every Add to Cart fills
 * (src/features/shop-cart/cart-adder.ts). Before, only the bar sat inside the provider and the page's
 * adds went to the shopper's session cart call.
 */
export function PosShopFrame({ children }: { children: ReactNode }) {
  return (
    <SyncProvider>
      <PosCartAdderProvider>
        <PosTopBar />
        {/* Staff over the catalog search the device's own catalog, offline too. */}
        <LazySearchBar row />
        {children}
      </PosCartAdderProvider>
    </SyncProvider>
  );
}

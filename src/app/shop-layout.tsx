import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { useMode } from './mode';
import { LazySearchBar } from '../storefront/search/lazy-search-bar';
import { StorefrontHeader } from './storefront-header';
import { LazyFitmentBlock } from './fitment/lazy-fitment-block';
import styles from './shell.module.css';

// Staff browsing the catalog keep the POS bar; shoppers never download it.
const PosTopBar = lazy(() => import('./pos-top-bar').then((m) => ({ default: m.PosTopBar })));

/** Shell of the shopper routes (catalog, cart, account, product pages), in any mode. */
export function ShopLayout() {
  const mode = useMode();
  return (
    <div className={styles.shell}>
      {mode === 'pos' ? (
        <Suspense fallback={<div className={styles.bar} aria-hidden="true" />}>
          <PosTopBar />
          {/* Staff over the catalog search the device's own catalog, offline too. */}
          <LazySearchBar row />
        </Suspense>
      ) : (
        <StorefrontHeader />
      )}
      <LazyFitmentBlock />
      <main className={styles.main} id="main">
        <Outlet />
      </main>
    </div>
  );
}

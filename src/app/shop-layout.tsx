import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { useMode } from './mode';
import { StorefrontHeader } from './storefront-header';
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
        </Suspense>
      ) : (
        <StorefrontHeader />
      )}
      <main className={styles.main} id="main">
        <Outlet />
      </main>
    </div>
  );
}

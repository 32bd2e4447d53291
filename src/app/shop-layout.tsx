import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { useMode } from '../features/session/mode';
import { StorefrontHeader } from './storefront-header';
import { LazyFitmentBlock } from '../features/fitment/lazy-fitment-block';
import styles from './shell.module.css';
import { lazyAfterPaint } from '../ui/after-paint';

// Staff browsing the catalog get the POS frame (bar, sync worker, the sale as their cart); shoppers never download it.
const PosShopFrame = lazy(() => import('./pos-shop-frame').then((m) => ({ default: m.PosShopFrame })));
// A kiosk device gets the kiosk frame (splash, idle reset, its own cart and Submit to Buy): shoppers never download it.
const KioskFrame = lazy(() => import('../storefront/kiosk/kiosk-frame').then((m) => ({ default: m.KioskFrame })));

// The footer, the pos_locked view and the tag manager: after the first paint (storefront/content/site-chrome.tsx).
const SiteChrome = lazyAfterPaint(() =>
  import('../storefront/content/site-chrome').then((m) => ({ default: m.SiteChrome })),
);

/** Shell of the shopper routes (catalog, cart, account, product pages), in any mode. */
export function ShopLayout() {
  const mode = useMode();
  const page = (
    <>
      <LazyFitmentBlock />
      <main className={styles.main} id="main">
        <Outlet />
      </main>
      <Suspense fallback={null}>
        <SiteChrome />
      </Suspense>
    </>
  );
  return (
    <div className={styles.shell}>
      {mode === 'pos' ? (
        <Suspense fallback={<div className={styles.bar} aria-hidden="true" />}>
          <PosShopFrame>{page}</PosShopFrame>
        </Suspense>
      ) : mode === 'kiosk' ? (
        <Suspense
          fallback={
            <>
              <StorefrontHeader />
              {page}
            </>
          }
        >
          <KioskFrame header={<StorefrontHeader />}>{page}</KioskFrame>
        </Suspense>
      ) : (
        <>
          <StorefrontHeader />
          {page}
        </>
      )}
    </div>
  );
}

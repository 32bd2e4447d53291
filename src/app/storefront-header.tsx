import { Suspense } from 'react';
import { lazyAfterPaint } from '../ui/after-paint';
import { Link, NavLink, useNavigate } from 'react-router';
import { useMode } from '../features/session/mode';
import { OnlineIndicator } from '../features/sync-status/online-indicator';
import { LazySearchBar } from '../storefront/search/lazy-search-bar';
import { useLogout, useSession } from '../features/session/use-session';
import { CartLinkPlaceholder } from '../storefront/cart/cart-link-placeholder';
import bar from '../ui/bar-button.module.css';
import styles from './shell.module.css';

// The cart control, its calls and the cart's contract load after the first paint.
const CartButton = lazyAfterPaint(() =>
  import('../storefront/cart/cart-button').then((m) => ({ default: m.CartButton })),
);
// The dealer locator's button and modal (docs/decisions/storefront.md "Dealer locator"): after the first paint too.
const LocatorNav = lazyAfterPaint(() => import('../features/dealer-locator/locator-nav'));

/**
 * Shopper header: brand, Catalog, Cart, Login (or the shopper's Log out). No connection indicator:
 * only staff devices show one (the POS top bar); a shopper's screens say what being offline changes
 * where it matters (the cart), docs/decisions/storefront.md "Wording a shopper sees".
 */
export function StorefrontHeader() {
  const mode = useMode();
  const { user } = useSession();
  const logout = useLogout();
  const navigate = useNavigate();

  const signOut = () => {
    logout.mutate(undefined, { onSettled: () => void navigate('/product/catalog') });
  };

  return (
    <header className={`${styles.bar} ${styles.shopBar}`}>
      <Link to="/product/catalog" className={styles.brand}>
        Partsdesk
      </Link>
      {mode === 'kiosk' && <span className={styles.badge}>Kiosk</span>}
      <nav aria-label="Main">
        <ul className={styles.nav}>
          {/* On a phone the brand alone leads to the catalog (shell.module.css .shopBar). */}
          <li className={styles.wideOnly}>
            <NavLink to="/product/catalog" className={styles.navLink}>
              Catalog
            </NavLink>
          </li>
          {user?.role === 'customer' && mode !== 'kiosk' && (
            <li>
              <NavLink to="/account/wishlist" className={styles.navLink}>
                Wishlist
              </NavLink>
            </li>
          )}
          {/* A kiosk has its own cart and no shopper sign-in (the kiosk bar, src/storefront/kiosk). */}
          {mode !== 'kiosk' && (
            <li>
              <Suspense fallback={<CartLinkPlaceholder />}>
                <CartButton />
              </Suspense>
            </li>
          )}
          {mode !== 'pos' && (
            <li>
              <Suspense
                fallback={
                  <span
                    className={bar.barButton}
                    style={{ display: 'inline-flex', alignItems: 'center' }}
                    aria-hidden="true"
                  >
                    Find A Local Dealer
                  </span>
                }
              >
                <LocatorNav />
              </Suspense>
            </li>
          )}
          {mode !== 'kiosk' && (
            <li>
              {user ? (
                <button type="button" className={bar.barButton} onClick={signOut} disabled={logout.isPending}>
                  Log out
                </button>
              ) : (
                <NavLink to="/account/login" className={styles.navLink}>
                  Login
                </NavLink>
              )}
            </li>
          )}
        </ul>
      </nav>
      <LazySearchBar />
      <div className={styles.end}>
        <OnlineIndicator offlineOnly />
      </div>
    </header>
  );
}

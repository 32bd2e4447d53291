/**
 * The showroom kiosk around the storefront pages (storefront.md §2 Kiosk, §4, §6 "Kiosk mode
 * (in_kiosk): external links disabled"; pos-back-office.md §6 "Kiosk mode: Submit to Buy";
 * docs/decisions/storefront.md "Kiosk"). Loaded lazily by ShopLayout on a kiosk device only.
 * - starts on the splash; its button goes to kiosk_homepage;
 * - idle: "Are you still there?" with the countdown and "I'm still here", then the Reset;
 * - Reset (button or idle): the kiosk cart, the shopper cart copy, compare list, wishlist and every
 *   cached read, the vehicle, the search box and the server's shopper state
 *   (GET /account/logout/clearSession) are forgotten, and the splash shows again; queued orders stay;
 * - Back and Forward buttons; links to other sites do nothing; shopper sign-in, registration,
 *   wishlist and the card checkout are not reachable (no card form on a shared screen);
 * - Add to Cart fills the kiosk's own cart, sent with Submit to Buy through the sync worker.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { clearKioskSession } from '../../api/kiosk';
import { sessionQueryKey } from '../../api/get-session';
import { forgetShopCart } from '../../api/shop-cart';
import { KIOSK_TEXTS, kioskResetText } from '../../domain/kiosk-config';
import { fitmentStore } from '../../features/fitment/fitment-store';
import { KioskCartAdderContext } from '../../features/shop-cart/cart-adder';
import { useSession } from '../../features/session/use-session';
import { answerCatalogOffline } from '../../device/offline-answers';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { useToast } from '../../ui/toast/toast-context';
import { clearKioskCart, useKioskCart } from './kiosk-cart';
import { KioskCartDialog } from './kiosk-cart-dialog';
import { useKioskConfig } from './kiosk-config-source';
import { KioskSplash } from './kiosk-splash';
import { useKioskSync } from './kiosk-sync';
import { useIdle } from './use-idle';
import { KIOSK_CART_PATH, useKioskAdder } from './use-kiosk-adder';
import styles from './kiosk.module.css';

export const EXTERNAL_LINK_DISABLED = 'Links to other sites are not available on this kiosk.';
/** Shopper pages a kiosk does not offer (§6: shopper login and wishlist hidden; no card form). */
const NOT_ON_KIOSK = /^\/(account\/(login|register|wishlist)|checkout\/(checkout|pay))(\/|$)/;
/** The device catalog's pages, a chunk of their own, loaded when the server first cannot be reached. */
const loadDevicePages = () => import('./device-pages');

export function KioskFrame({ header, children }: { header: ReactNode; children: ReactNode }) {
  const cfg = useKioskConfig();
  const navigate = useNavigate();
  const location = useLocation();
  const client = useQueryClient();
  const toast = useToast();
  const { user } = useSession();
  const lines = useKioskCart();
  const [splash, setSplash] = useState(true);
  const [cartOpen, setCartOpen] = useState(false);
  const [generation, setGeneration] = useState(0);
  useKioskSync();
  const openCart = useCallback(() => setCartOpen(true), []);
  const adder = useKioskAdder();
  // Offline, /{slug} pages and listings come from the device catalog (docs/decisions/storefront.md "Kiosk pages offline").
  const signedIn = user !== null;
  useEffect(() => {
    answerCatalogOffline({
      page: (slug) => loadDevicePages().then((m) => m.devicePage(slug, signedIn)),
      products: (q) => loadDevicePages().then((m) => m.deviceListing(q, signedIn)),
    });
    return () => answerCatalogOffline(null);
  }, [signedIn]);

  const reset = useCallback(() => {
    clearKioskCart();
    forgetShopCart();
    fitmentStore.forget();
    client.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionQueryKey[0] });
    setCartOpen(false);
    setGeneration((g) => g + 1); // remounts the pages: the search box, filters, open popovers
    setSplash(true);
    void navigate(cfg.homepage, { replace: true });
    void clearKioskSession().catch(() => undefined); // offline: the server's copy is forgotten at the next Reset
  }, [client, navigate, cfg.homepage]);

  const { phase, stillHere } = useIdle(cfg, splash, reset);

  // Pages a kiosk does not offer; the cart path (Instant Checkout, the header's cart) opens the kiosk cart.
  useEffect(() => {
    const path = location.pathname;
    if (path === KIOSK_CART_PATH) {
      openCart();
      void navigate(cfg.homepage, { replace: true });
    } else if (NOT_ON_KIOSK.test(path)) void navigate(cfg.homepage, { replace: true });
  }, [location.pathname, navigate, cfg.homepage, openCart]);

  // §6: external links disabled (a link to another origin, a new window or a download does nothing).
  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      const a = e.target instanceof Element ? e.target.closest('a[href]') : null;
      if (!(a instanceof HTMLAnchorElement)) return;
      const url = new URL(a.href, window.location.href);
      if (url.origin === window.location.origin && a.target !== '_blank' && !a.hasAttribute('download')) return;
      e.preventDefault();
      e.stopPropagation();
      toast.error(EXTERNAL_LINK_DISABLED);
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [toast]);

  const count = lines.reduce((n, l) => n + l.quantity, 0);
  return (
    <KioskCartAdderContext.Provider value={adder}>
      <div key={`h${generation}`} className={styles.page}>
        {header}
      </div>
      <nav className={styles.kioskBar} aria-label="Kiosk">
        <Button variant="secondary" onClick={() => void navigate(-1)} aria-label="Back">
          ‹ Back
        </Button>
        <Button variant="secondary" onClick={() => void navigate(1)} aria-label="Forward">
          Forward ›
        </Button>
        <Button variant="secondary" onClick={reset}>
          {KIOSK_TEXTS.reset}
        </Button>
        <span className={styles.spacer} />
        <Button onClick={openCart} aria-label={`Cart, ${count} item${count === 1 ? '' : 's'}`}>
          Cart <span data-testid="kiosk-cart-count">{count}</span>
        </Button>
        <Link to="/pos/login" className={styles.staffLink}>
          Staff sign-in
        </Link>
      </nav>
      <div key={`p${generation}`} className={styles.page}>
        {children}
      </div>
      <KioskCartDialog open={cartOpen} onOpenChange={setCartOpen} locationId={user?.locationId ?? null} />
      <Modal
        open={phase.phase === 'prompt'}
        onOpenChange={(o) => !o && stillHere()}
        title={KIOSK_TEXTS.stillThere}
        footer={<Button onClick={stillHere}>{KIOSK_TEXTS.stillHere}</Button>}
      >
        <p className={styles.countdown} role="timer" aria-live="polite">
          {kioskResetText(phase.phase === 'prompt' ? phase.secondsLeft : 0)}
        </p>
      </Modal>
      {splash && (
        <KioskSplash
          videos={cfg.videos}
          onStart={() => {
            setSplash(false);
            void navigate(cfg.homepage);
          }}
        />
      )}
    </KioskCartAdderContext.Provider>
  );
}

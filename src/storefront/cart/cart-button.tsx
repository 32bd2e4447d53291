import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { NavLink } from 'react-router';
import { shopCartQueryOptions } from '../../api/shop-cart';
import { useShopperReads } from '../../features/session/mode';
import styles from './cart-button.module.css';

// The popout's rows, totals and quantity code load on first open, not with the storefront entry.
const CartPopout = lazy(() => import('./cart-popout').then((m) => ({ default: m.CartPopout })));

/**
 * The header's cart control with the item count (§2, §4 "Cart popout visibility"): it opens the
 * popout when the store shows one ('hide' off) and the shopper may check out (guest checkout on,
 * or signed in); otherwise it is a plain link to /checkout/cart.
 */
export function CartButton() {
  // The count waits for the session: the same call answers staff with the counter's cart (mode.ts).
  const q = useQuery({ ...shopCartQueryOptions, enabled: useShopperReads() });
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // Focus goes back to the button the popout came from, so keyboard users keep their place.
  const close = useCallback(() => {
    setOpen(false);
    button.current?.focus();
  }, []);
  const cart = q.data;
  const count = cart?.total_items ?? 0;
  const label = `Cart, ${count} item${count === 1 ? '' : 's'}`;
  const popout = cart !== undefined && !cart.popout_hidden && (cart.guest_checkout || cart.logged_in);

  if (!popout) {
    return (
      <NavLink to="/checkout/cart" className={styles.button} aria-label={label}>
        Cart <span className={styles.count}>{count}</span>
      </NavLink>
    );
  }
  return (
    <div className={styles.wrap}>
      <button
        ref={button}
        type="button"
        className={styles.button}
        aria-label={label}
        aria-expanded={open}
        aria-haspopup="dialog"
        data-cart-button
        onClick={() => setOpen((o) => !o)}
      >
        Cart <span className={styles.count}>{count}</span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <CartPopout onClose={close} />
        </Suspense>
      )}
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { shopCartQueryOptions } from '../../api/shop-cart';
import { buttonClassName } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { CartLines } from './cart-lines';
import { CartTotals } from './cart-totals';
import { CART_EMPTY } from './cart-texts';
import { useCartActions } from './use-cart-actions';
import styles from './cart.module.css';

/**
 * The cart popout (§2): the cart dropdown table of products and vouchers, totals, View Cart and
 * Checkout. A panel under the header button on wide screens, a full-width sheet below 768 px.
 * Escape or a click outside closes it; focus moves into it on open.
 */
export function CartPopout({ onClose }: { onClose: () => void }) {
  const q = useQuery(shopCartQueryOptions);
  const actions = useCartActions();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    panel.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    const onDown = (e: PointerEvent) => {
      const target = e.target as Element | null;
      if (panel.current && target && !panel.current.contains(target) && !target.closest('[data-cart-button]'))
        onClose();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onDown);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onDown);
    };
  }, [onClose]);

  const cart = q.data;
  return (
    <div ref={panel} className={styles.popout} role="dialog" aria-label="Shopping cart" tabIndex={-1}>
      {!cart ? (
        <Spinner />
      ) : cart.products.length === 0 && cart.vouchers.length === 0 ? (
        <p className={styles.popoutEmpty}>{CART_EMPTY}</p>
      ) : (
        <>
          <CartLines
            cart={cart}
            busy={actions.isPending}
            compact
            onQuantity={(key, quantity) => actions.mutate({ kind: 'edit', key, quantity })}
            onRemove={(key) => actions.mutate({ kind: 'remove', key })}
          />
          <CartTotals cart={cart} />
          <div className={styles.actions}>
            <Link to="/checkout/cart" className={buttonClassName('secondary')} onClick={onClose}>
              View Cart
            </Link>
            {cart.confirm_button && (
              <Link to="/checkout/checkout" className={buttonClassName('primary')} onClick={onClose}>
                Checkout
              </Link>
            )}
          </div>
        </>
      )}
    </div>
  );
}

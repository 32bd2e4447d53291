import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { shopCartQueryOptions } from '../../api/shop-cart';
import { useOnline } from '../../device/use-online';
import { OFFLINE_CART_NOTE } from '../../features/shop-cart/shop-cart-messages';
import { Button, buttonClassName } from '../../ui/button';
import { EmptyState, ErrorState } from '../../ui/empty-state';
import { Spinner } from '../../ui/spinner';
import { CartCodeForm } from './cart-code-form';
import { CartLines } from './cart-lines';
import { CartTotals } from './cart-totals';
import { CART_EMPTY, CHECKOUT_NEEDS_LOGIN, CHECKOUT_NEEDS_STOCK, stopsCheckout } from './cart-texts';
import { useCartActions } from './use-cart-actions';
import styles from './cart.module.css';

/** /checkout/cart for shoppers (storefront.md §2 "Cart popout and cart page"). */
export function CartPage() {
  const q = useQuery(shopCartQueryOptions);
  const online = useOnline();
  const actions = useCartActions();

  if (q.isPending) return <Spinner label="Loading your cart..." />;
  if (q.isError && !q.data) {
    return (
      <ErrorState message={q.error.message}>
        <Button onClick={() => void q.refetch()}>Try again</Button>
      </ErrorState>
    );
  }
  const cart = q.data;
  const empty = cart.products.length === 0 && cart.vouchers.length === 0;
  const mayCheckout = cart.guest_checkout || cart.logged_in;
  // Only lines §8's default text marks: a line its product's own text marks (ships from the
  // distributor) does not stop checkout, so the two messages never stand on one line.
  const shortOfStock = cart.products.some(stopsCheckout);

  return (
    <section className={styles.page} aria-labelledby="cart-title">
      <h1 id="cart-title" className={styles.heading}>
        Shopping Cart
      </h1>
      {!online && (
        <p className={styles.offline} role="status">
          {OFFLINE_CART_NOTE}
        </p>
      )}
      {empty ? (
        <EmptyState title={CART_EMPTY}>
          <Link to="/product/catalog" className={buttonClassName('primary')}>
            Continue Shopping
          </Link>
        </EmptyState>
      ) : (
        <>
          <CartLines
            cart={cart}
            busy={actions.isPending || !online}
            onQuantity={(key, quantity) => actions.mutate({ kind: 'edit', key, quantity })}
            onRemove={(key) => actions.mutate({ kind: 'remove', key })}
          />
          <CartCodeForm
            busy={actions.isPending || !online}
            onApply={(code) => actions.mutate({ kind: 'apply', code })}
          />
          <CartTotals cart={cart} onRemoveCodes={() => actions.mutate({ kind: 'removeCodes' })} />
          <div className={styles.actions}>
            <Link to="/product/catalog" className={buttonClassName('secondary')}>
              Continue Shopping
            </Link>
            {!mayCheckout ? (
              <Link to="/account/login" className={buttonClassName('primary')}>
                {CHECKOUT_NEEDS_LOGIN}
              </Link>
            ) : cart.confirm_button ? (
              <Link to="/checkout/checkout" className={buttonClassName('primary')}>
                Checkout
              </Link>
            ) : (
              shortOfStock && <p className={styles.stock}>{CHECKOUT_NEEDS_STOCK}</p>
            )}
          </div>
        </>
      )}
    </section>
  );
}

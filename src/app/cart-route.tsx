import { lazy, Suspense } from 'react';
import { Navigate } from 'react-router';
import { Spinner } from '../ui/spinner';
import { useMode } from './mode';

const CartPage = lazy(() => import('../storefront/cart/cart-page').then((m) => ({ default: m.CartPage })));

/**
 * /checkout/cart: in POS mode the counter's cart lives at /pos/cart (inside the POS shell, with
 * the sync worker); removing the last item "goes to /checkout/cart", which lands there. Shoppers
 * get their cart page, loaded on demand.
 */
export function CartRoute() {
  const mode = useMode();
  if (mode === 'pos') return <Navigate to="/pos/cart" replace />;
  return (
    <Suspense fallback={<Spinner />}>
      <CartPage />
    </Suspense>
  );
}

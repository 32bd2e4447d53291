import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate } from 'react-router';
import { Spinner } from '../ui/spinner';
import { useMode } from '../features/session/mode';

const CartPage = lazy(() => import('../storefront/cart/cart-page').then((m) => ({ default: m.CartPage })));

/**
 * A shopper's page that has a POS counterpart (or none): in POS mode it sends staff to `pos`
 * instead of rendering, so the shopper's calls behind it (session cart, online checkout, compare,
 * wishlist: all refused to staff) are never made for them.
 */
export function ShopperOnly({ pos, page: Page }: { pos: string; page: ComponentType }) {
  const mode = useMode();
  if (mode === 'pos') return <Navigate to={pos} replace />;
  return (
    <Suspense fallback={<Spinner />}>
      <Page />
    </Suspense>
  );
}

/**
 * /checkout/cart: in POS mode the counter's cart lives at /pos/cart (inside the POS shell, with
 * the sync worker); removing the last item "goes to /checkout/cart", which lands there. Shoppers
 * get their cart page, loaded on demand.
 */
export function CartRoute() {
  return <ShopperOnly pos="/pos/cart" page={CartPage} />;
}

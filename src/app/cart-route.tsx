import { Navigate } from 'react-router';
import { useMode } from './mode';
import { NotBuiltYet } from './not-built-yet';

/**
 * /checkout/cart: in POS mode the counter's cart lives at /pos/cart (inside the POS shell, with
 * the sync worker); removing the last item "goes to /checkout/cart", which lands there.
 */
export function CartRoute() {
  const mode = useMode();
  if (mode === 'pos') return <Navigate to="/pos/cart" replace />;
  return <NotBuiltYet route="/checkout/cart" />;
}

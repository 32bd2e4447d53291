import { useEffect, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { findOrder } from '../../db/queries';
import { editableStatuses } from '../../domain/mutations/records';
import { setCartRef } from '../../app/pos-cart-ref';
import { deviceDb } from '../../app/sync/device-db';
import { useSession } from '../../app/use-session';
import { ErrorState } from '../../ui/empty-state';
import { Spinner } from '../../ui/spinner';

/** /pos/order/continue?order_id=: puts the order on this counter's cart and opens the cart. */
export function ContinueOrderPage() {
  const [params] = useSearchParams();
  const ref = params.get('order_id') ?? '';
  const { user } = useSession();
  // 'loading', 'ready', or the reason the order cannot be continued.
  const [state, setState] = useState<string>('loading');
  useEffect(() => {
    if (!user) return;
    let live = true;
    void findOrder(deviceDb(), ref).then((v) => {
      if (!live) return;
      if (!v) return setState('There are no results.');
      if (!editableStatuses.includes(v.order.status)) {
        return setState(v.order.status === 'voided' ? 'This order has been voided.' : 'This order is complete and can no longer be changed.');
      }
      setCartRef(user.id, v.order.id);
      setState('ready');
    });
    return () => {
      live = false;
    };
  }, [ref, user]);
  if (state === 'loading') return <Spinner label="Opening the order..." />;
  if (state === 'ready') return <Navigate to="/pos/cart" replace />;
  return <ErrorState message={state} />;
}

import { useEffect, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { findOrder } from '../../db/queries';
import { continueRefusal, replaceCartRefusal } from '../../domain/cart-lifecycle';
import { getCartRef, setCartRef } from '../../device/pos-cart-ref';
import { putAsideOrder } from '../../features/pos-order/put-aside';
import { deviceDb } from '../../device/device-db';
import { useRunMutation } from '../../device/use-run-mutation';
import { useSession } from '../../features/session/use-session';
import { buttonClassName } from '../../ui/button';
import { ErrorState } from '../../ui/empty-state';
import { Spinner } from '../../ui/spinner';

type State = { kind: 'loading' } | { kind: 'ready' } | { kind: 'refused'; message: string; toCart: boolean };

/**
 * /pos/order/continue?order_id=: puts the order on this counter's cart and opens the cart, by the
 * domain's rules (src/domain/cart-lifecycle.ts), the same the server's continue call applies: a
 * complete or voided order is refused; an unsaved draft with lines already on the cart must be
 * saved or abandoned first; anything else on the cart is put aside as Abandon would.
 */
export function ContinueOrderPage() {
  const [params] = useSearchParams();
  const ref = params.get('order_id') ?? '';
  const { user } = useSession();
  const run = useRunMutation();
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    if (!user) return;
    let live = true;
    const db = deviceDb();
    void (async () => {
      const v = await findOrder(db, ref);
      if (!live) return;
      if (!v) return setState({ kind: 'refused', message: 'There are no results.', toCart: false });
      const refused = continueRefusal(v.order.status);
      if (refused) return setState({ kind: 'refused', message: refused, toCart: false });
      const currentRef = getCartRef(user.id);
      const current = currentRef && currentRef !== v.order.id ? await findOrder(db, currentRef) : null;
      if (!live) return;
      if (current && continueRefusal(current.order.status) === null) {
        const busy = replaceCartRefusal(current.order);
        if (busy) return setState({ kind: 'refused', message: busy, toCart: true });
        if (!(await putAsideOrder(run, current.order, current.transactions)) || !live) return;
      }
      setCartRef(user.id, v.order.id);
      setState({ kind: 'ready' });
    })();
    return () => {
      live = false;
    };
  }, [ref, user, run]);
  if (state.kind === 'loading') return <Spinner label="Opening the order..." />;
  if (state.kind === 'ready') return <Navigate to="/pos/cart" replace />;
  return (
    <>
      <ErrorState message={state.message} />
      {state.toCart && (
        <Link className={buttonClassName('secondary')} to="/pos/cart">
          Go to the cart
        </Link>
      )}
    </>
  );
}

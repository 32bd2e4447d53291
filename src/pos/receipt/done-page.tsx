import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { setCartRef } from '../../device/pos-cart-ref';
import { useSession } from '../../features/session/use-session';
import { Spinner } from '../../ui/spinner';

/** /pos/order/done: the sale is finished; the counter gets an empty cart for the next customer. */
export function DonePage() {
  const { user } = useSession();
  const navigate = useNavigate();
  useEffect(() => {
    if (!user) return;
    setCartRef(user.id, null);
    void navigate('/pos/cart', { replace: true });
  }, [user, navigate]);
  return <Spinner label="Starting the next sale..." />;
}

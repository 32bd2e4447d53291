/**
 * New Transaction (pos-back-office.md §2 "Customer form / admin screen: Form actions"): a sale for
 * this customer on this counter, then the cart. The counter's current sale is reused only while it
 * is still empty (an editable draft without lines), so nothing rung up for someone else changes
 * hands; otherwise a new draft is created with the customer and becomes the counter's sale (the
 * previous one stays as it was, resumable from the orders list once saved). Works offline.
 * docs/decisions/pos.md "Customer form".
 */
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { findOrder } from '../../db/queries';
import { uuidv7 } from '../../db/ids';
import { deviceDb } from '../../device/device-db';
import { getCartRef, setCartRef } from '../../device/pos-cart-ref';
import { useRunMutation } from '../../device/use-run-mutation';
import { editableStatuses } from '../../domain/mutations/records';
import { useSession } from '../session/use-session';

export function useNewTransaction(): (customerRef: string) => Promise<boolean> {
  const { user } = useSession();
  const run = useRunMutation();
  const navigate = useNavigate();
  return useCallback(
    async (customerRef: string) => {
      if (!user) return false;
      const ref = getCartRef(user.id);
      const current = ref ? await findOrder(deviceDb(), ref) : null;
      const empty = current && editableStatuses.includes(current.order.status) && current.order.lines.length === 0;
      if (empty) {
        if (!(await run('order.setCustomer', { order_ref: current.order.id, customer_ref: customerRef }))) return false;
      } else {
        const id = uuidv7();
        const made = await run('order.create', {
          id,
          device_ref: null,
          customer_ref: customerRef,
          location_id: user.locationId ?? null,
        });
        if (!made) return false;
        setCartRef(user.id, id);
      }
      void navigate('/pos/cart');
      return true;
    },
    [navigate, run, user],
  );
}

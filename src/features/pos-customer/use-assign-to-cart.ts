/**
 * Assign to cart (§2 Customers list): attaches the customer to this counter's sale (creating the
 * draft order when there is none) with the same `order.setCustomer` mutation the cart's customer
 * search runs, then opens the cart. Works offline (the sync queue sends it later).
 */
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { deviceDb } from '../../device/device-db';
import { useRunMutation } from '../../device/use-run-mutation';
import { ensureSale } from '../pos-sale/add-to-sale';
import { useSession } from '../session/use-session';
import { useToast } from '../../ui/toast/toast-context';

export function useAssignToCart(): (customerRef: string) => Promise<boolean> {
  const { user } = useSession();
  const run = useRunMutation();
  const toast = useToast();
  const navigate = useNavigate();
  return useCallback(
    async (customerRef: string) => {
      if (!user) return false;
      const deps = { db: deviceDb(), run, userId: user.id, locationId: user.locationId ?? null, refuse: toast.error };
      const orderRef = await ensureSale(deps);
      if (!orderRef || !(await run('order.setCustomer', { order_ref: orderRef, customer_ref: customerRef })))
        return false;
      void navigate('/pos/cart');
      return true;
    },
    [navigate, run, toast, user],
  );
}

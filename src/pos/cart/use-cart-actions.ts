/**
 * Cart changes through the sync worker (useRunMutation). The first change of an empty counter
 * creates the draft order that is the cart.
 */
import { useCallback } from 'react';
import type { Order } from '../../domain/mutations/records';
import { uuidv7 } from '../../db/ids';
import type { CatalogProduct } from '../../db/queries';
import { setCartRef } from '../../app/pos-cart-ref';
import { useRunMutation, type RunMutation } from '../../app/sync/use-run-mutation';

export type { RunMutation };

export interface CartActions {
  run: RunMutation;
  /** The cart's order id, creating the draft order when the counter has none. */
  ensureCart: () => Promise<string | null>;
  addProduct: (p: CatalogProduct, quantity: number) => Promise<boolean>;
}

export function useCartActions(userId: string, cart: Order | null): CartActions {
  const run = useRunMutation();

  const ensureCart = useCallback(async (): Promise<string | null> => {
    if (cart && ['draft', 'saved', 'quote', 'kiosk'].includes(cart.status)) return cart.id;
    const id = uuidv7();
    if (!(await run('order.create', { id, device_ref: null }))) return null;
    setCartRef(userId, id);
    return id;
  }, [cart, run, userId]);

  const addProduct = useCallback(
    async (p: CatalogProduct, quantity: number): Promise<boolean> => {
      const orderRef = await ensureCart();
      if (!orderRef) return false;
      return run('cart.addProduct', {
        order_ref: orderRef,
        line_id: uuidv7(),
        product_id: p.product_id,
        name: p.name,
        model: p.model,
        mpn: p.mpn,
        aaia: p.aaia,
        price: p.price,
        quantity: Math.max(quantity, p.minimum),
        minimum: p.minimum,
        tax_class_id: p.tax_class_id,
      });
    },
    [ensureCart, run],
  );

  return { run, ensureCart, addProduct };
}

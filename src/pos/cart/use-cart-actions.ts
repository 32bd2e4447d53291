/**
 * Cart changes through the sync worker (useRunMutation). The first change of an empty counter
 * creates the draft order that is the cart. Parts go on it the way every POS add does
 * (src/features/pos-sale/add-to-sale.ts), so the part finder and the catalog agree.
 */
import { useCallback } from 'react';
import type { LineOption, Order } from '../../domain/mutations/records';
import type { CachedProduct } from '../../db/queries';
import { addToSale, ensureSale, type SaleAdded } from '../../features/pos-sale/add-to-sale';
import { deviceDb } from '../../device/device-db';
import { useRunMutation, type RunMutation } from '../../device/use-run-mutation';
import { useToast } from '../../ui/toast/toast-context';

export type { RunMutation };

export interface AddOptions {
  /** Chosen options, priced from the device's catalog copy (the server prices them again). */
  options?: LineOption[];
  /** With the part's installation labor. */
  withLabor?: boolean;
}

export interface CartActions {
  run: RunMutation;
  /** The cart's order id, creating the draft order when the counter has none. */
  ensureCart: () => Promise<string | null>;
  /** Adds the part; the spec's stock text is toasted when the sale holds more than the stores have. */
  addProduct: (p: CachedProduct, quantity: number, opts?: AddOptions) => Promise<SaleAdded | null>;
}

export function useCartActions(userId: string, cart: Order | null): CartActions {
  const run = useRunMutation();
  const toast = useToast();

  const ensureCart = useCallback(
    (): Promise<string | null> => ensureSale({ db: deviceDb(), run, userId, refuse: (m) => toast.error(m) }, cart),
    [cart, run, toast, userId],
  );

  const addProduct = useCallback(
    async (p: CachedProduct, quantity: number, opts: AddOptions = {}): Promise<SaleAdded | null> => {
      const sale = await addToSale(
        { db: deviceDb(), run, userId, refuse: (m) => toast.error(m) },
        { product: p, quantity, options: opts.options ?? [], withLabor: opts.withLabor === true },
        cart,
      );
      if (sale?.shortOfStock) toast.error(sale.shortOfStock);
      if (sale?.laborProblem) toast.error(sale.laborProblem);
      return sale;
    },
    [cart, run, toast, userId],
  );

  return { run, ensureCart, addProduct };
}

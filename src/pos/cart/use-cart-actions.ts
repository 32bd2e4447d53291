/**
 * Cart changes through the sync worker (useRunMutation). The first change of an empty counter
 * creates the draft order that is the cart. Parts go on it the way every POS add does
 * (src/features/pos-sale/add-to-sale.ts), so the part finder and the catalog agree.
 */
import { useCallback } from 'react';
import { decimal } from '../../domain/money';
import { NO_CORE_CHARGE } from '../../domain/mutations/cart';
import type { LineOption, Order } from '../../domain/mutations/records';
import { uuidv7 } from '../../db/ids';
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
  /** A core return of the part: null once added, else the reason to show (the domain's refusal included). */
  addCoreReturn: (p: CachedProduct, quantity: number) => Promise<string | null>;
}

export function useCartActions(userId: string, locationId: number | null, cart: Order | null): CartActions {
  const run = useRunMutation();
  const toast = useToast();

  const ensureCart = useCallback(
    (): Promise<string | null> =>
      ensureSale({ db: deviceDb(), run, userId, locationId, refuse: (m) => toast.error(m) }, cart),
    [cart, locationId, run, toast, userId],
  );

  const addProduct = useCallback(
    async (p: CachedProduct, quantity: number, opts: AddOptions = {}): Promise<SaleAdded | null> => {
      const sale = await addToSale(
        { db: deviceDb(), run, userId, locationId, refuse: (m) => toast.error(m) },
        { product: p, quantity, options: opts.options ?? [], withLabor: opts.withLabor === true },
        cart,
      );
      if (sale?.shortOfStock) toast.error(sale.shortOfStock);
      if (sale?.laborProblem) toast.error(sale.laborProblem);
      return sale;
    },
    [cart, locationId, run, toast, userId],
  );

  const addCoreReturn = useCallback(
    async (p: CachedProduct, quantity: number): Promise<string | null> => {
      if (!decimal(p.surcharge).gt(0)) return NO_CORE_CHARGE;
      const ref = await ensureCart();
      if (ref === null) return null;
      let refused: string | null = null;
      const ok = await run(
        'cart.addCoreReturn',
        {
          order_ref: ref,
          line_id: uuidv7(),
          product_id: p.product_id,
          name: p.name,
          mpn: p.mpn,
          aaia: p.aaia,
          quantity,
          surcharge: p.surcharge,
          tax_class_id: p.tax_class_id,
        },
        { onRefused: (reason) => (refused = reason) },
      );
      return ok ? null : (refused ?? NO_CORE_CHARGE);
    },
    [ensureCart, run],
  );

  return { run, ensureCart, addProduct, addCoreReturn };
}

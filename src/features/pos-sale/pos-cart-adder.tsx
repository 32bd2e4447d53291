/**
 * The catalog's Add to Cart, Add With {labor}, Instant Checkout and listing-card adds in POS mode
 * (useCartAdder, src/features/shop-cart/cart-adder.ts): the part goes on this counter's sale through the
 * sync worker (add-to-sale.ts), never through the shopper's session cart call, so it works offline
 * and lands on the sale the POS Cart shows. Success toasts the staff cart's wording with links to
 * the product and to the sale; a sale holding more than the stores have toasts the spec's stock
 * text instead (the part stays on: a counter sells special orders).
 */
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { addedToCart } from '../../contracts/staff-cart';
import { getCatalogProduct } from '../../db/queries';
import { productOptions } from '../../db/product-options';
import { resolveOptions, type OptionChoice, type ResolvedOptions } from '../../domain/product-options';
import type { ToastAction } from '../../ui/toast/toast-context';
import { useToast } from '../../ui/toast/toast-context';
import { PosCartAdderContext } from '../shop-cart/cart-adder';
import type { CartAddRequest, CartAdded, CartAdder } from '../shop-cart/cart-adder-types';
import { deviceDb } from '../../device/device-db';
import { useRunMutation } from '../../device/use-run-mutation';
import { useSession } from '../session/use-session';
import { addToSale, NOT_ON_DEVICE } from './add-to-sale';

export const POS_CART_PATH = '/pos/cart';
export const posCheckoutPath = (orderNumber: string): string =>
  `/pos/checkout?order_id=${encodeURIComponent(orderNumber)}`;

const chosenAny = (choice: OptionChoice): boolean =>
  Object.values(choice).some((v) => (Array.isArray(v) ? v.length > 0 : String(v).trim() !== ''));

export function PosCartAdderProvider({ children }: { children: ReactNode }) {
  const adder = usePosCartAdder();
  return <PosCartAdderContext.Provider value={adder}>{children}</PosCartAdderContext.Provider>;
}

function usePosCartAdder(): CartAdder {
  const { user } = useSession();
  const userId = user?.id ?? '';
  const locationId = user?.locationId ?? null;
  const run = useRunMutation();
  const toast = useToast();
  const [busy, setBusy] = useState(0);

  const add = useCallback(
    async (req: CartAddRequest): Promise<CartAdded | null> => {
      setBusy((n) => n + 1);
      try {
        const db = deviceDb();
        const product = await getCatalogProduct(db, req.product_id);
        if (!product) {
          toast.error(NOT_ON_DEVICE);
          return null;
        }
        const choice: OptionChoice = req.option ?? {};
        let options: ResolvedOptions = { ok: true, options: [] };
        if (product.requires_options || chosenAny(choice)) {
          const catalog = req.optionCatalog ?? (await productOptions(db, product.product_id));
          options = resolveOptions(catalog.defs, catalog.values, choice);
        }
        if (!options.ok) {
          toast.error(options.message);
          return null;
        }
        const deps = { db, run, userId, locationId, refuse: (m: string) => toast.error(m) };
        const sale = await addToSale(deps, {
          product,
          quantity: req.quantity,
          options: options.options,
          withLabor: req.apply_labor === true,
        });
        if (!sale) return null;
        const actions: ToastAction[] = [
          ...(req.link ? [{ label: 'View Product', to: req.link }] : []),
          { label: 'View Cart', to: POS_CART_PATH },
        ];
        if (sale.shortOfStock) toast.error(sale.shortOfStock, { actions });
        else toast.success(addedToCart(product.name), { actions });
        if (sale.laborProblem) toast.error(sale.laborProblem);
        return { checkoutPath: posCheckoutPath(sale.orderNumber) };
      } finally {
        setBusy((n) => n - 1);
      }
    },
    [locationId, run, toast, userId],
  );
  return useMemo(() => ({ add, isPending: busy > 0 }), [add, busy]);
}

/**
 * Add to Cart on a kiosk (useCartAdder, src/features/shop-cart/cart-adder.ts): the part goes on the
 * kiosk's own cart (kiosk-cart.ts) from the device catalog, so it works offline; its options are
 * resolved as the POS does (src/domain/product-options.ts). Nothing reaches the server until
 * Submit to Buy; "Instant Checkout" opens the kiosk cart.
 */
import { useCallback, useMemo } from 'react';
import { uuidv7 } from '../../db/ids';
import { resolveOptions, type OptionChoice, type ResolvedOptions } from '../../domain/product-options';
import type { CartAddRequest, CartAdded, CartAdder } from '../../features/shop-cart/cart-adder-types';
import { useToast } from '../../ui/toast/toast-context';
import { addKioskLine } from './kiosk-cart';
import { kioskConnection } from './kiosk-sync';

/** The part is not in this kiosk's catalog copy (staff sync the device before it goes on the floor). */
export const NOT_ON_KIOSK = 'This part cannot be ordered at this kiosk. Please ask at the counter.';
/** Where Instant Checkout goes on a kiosk: the frame opens the kiosk cart for this path. */
export const KIOSK_CART_PATH = '/checkout/cart';
/** The staff cart's success text (src/contracts/staff-cart.ts addedToCart), kept here so the kiosk chunk stays small. */
const addedToCart = (name: string): string => `${name} has been added to the cart.`;
const NOT_ORDERABLE = 'This product cannot be ordered.';
/** A product with options offered from a listing card: its page has the option form. */
const CHOOSE_OPTIONS = 'Requires options to be selected - Click to view product.';

const chosenAny = (choice: OptionChoice): boolean =>
  Object.values(choice).some((v) => (Array.isArray(v) ? v.length > 0 : String(v).trim() !== ''));

export function useKioskAdder(): CartAdder {
  const toast = useToast();
  const add = useCallback(
    async (req: CartAddRequest): Promise<CartAdded | null> => {
      // The worker's in-memory catalog (sync/catalog-index.ts): no IndexedDB code in the tab.
      const c = kioskConnection();
      const product = c ? await c.ready.then(() => c.api.getProduct(req.product_id)).catch(() => null) : null;
      if (!product) {
        toast.error(NOT_ON_KIOSK);
        return null;
      }
      if (!product.is_orderable || !product.enabled) {
        toast.error(NOT_ORDERABLE);
        return null;
      }
      const choice: OptionChoice = req.option ?? {};
      let options: ResolvedOptions = { ok: true, options: [] };
      if (product.requires_options || chosenAny(choice)) {
        if (!req.optionCatalog) {
          toast.error(CHOOSE_OPTIONS);
          return null;
        }
        options = resolveOptions(req.optionCatalog.defs, req.optionCatalog.values, choice);
      }
      if (!options.ok) {
        toast.error(options.message);
        return null;
      }
      addKioskLine({
        line_id: uuidv7(),
        product_id: product.product_id,
        name: product.name,
        model: product.model,
        mpn: product.mpn,
        aaia: product.aaia,
        price: product.price,
        options: options.options,
        quantity: Math.max(req.quantity, product.minimum),
        minimum: product.minimum,
        surcharge: product.surcharge,
        tax_class_id: product.tax_class_id,
      });
      toast.success(addedToCart(product.name));
      return { checkoutPath: KIOSK_CART_PATH };
    },
    [toast],
  );
  return useMemo(() => ({ add, isPending: false }), [add]);
}

/**
 * The one way product pages and listing cards add to a cart (storefront.md §4 "Add to cart", §8
 * "Cart add"), whoever is asking: a shopper's add is the session cart call (use-add-to-cart.ts); in
 * POS mode the part goes on the sale this device's POS Cart shows, through the sync worker, so it
 * works offline too (src/features/pos-sale, provided by the POS catalog frame, which loads lazily:
 * shoppers never download it). Callers never choose: they ask useCartAdder().
 */
import { createContext, useContext } from 'react';
import { useToast } from '../../ui/toast/toast-context';
import { useMode } from '../session/mode';
import type { CartAdder } from './cart-adder-types';
import { useShopCartAdder } from './use-add-to-cart';

/** The POS sale's adder, set by the POS catalog frame (src/features/pos-sale/pos-cart-adder.tsx). */
export const PosCartAdderContext = createContext<CartAdder | null>(null);

/** The kiosk's adder (its own cart, sent with Submit to Buy), set by the kiosk frame (src/storefront/kiosk). */
export const KioskCartAdderContext = createContext<CartAdder | null>(null);

/** Said in POS mode before the POS frame (and its sync worker) is there to take the part. */
export const SALE_NOT_READY = 'This device is still starting up. Try again in a moment.';

export function useCartAdder(): CartAdder {
  const mode = useMode();
  const pos = useContext(PosCartAdderContext);
  const kiosk = useContext(KioskCartAdderContext);
  const shop = useShopCartAdder();
  const toast = useToast();
  // A kiosk never uses the shopper's session cart: its order is queued on the device (offline too).
  if (mode === 'kiosk')
    return kiosk ?? { add: () => Promise.resolve(toast.error(SALE_NOT_READY)).then(() => null), isPending: false };
  if (mode !== 'pos') return shop;
  // Never the shopper's cart call for staff: it is a different cart from the device's sale.
  return pos ?? { add: () => Promise.resolve(toast.error(SALE_NOT_READY)).then(() => null), isPending: false };
}

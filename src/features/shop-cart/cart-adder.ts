/**
 * The one way product pages and listing cards add to a cart (storefront.md §4 "Add to cart", §8
 * "Cart add"), whoever is asking: a shopper's add is the session cart call (use-add-to-cart.ts); in
 * POS mode the part goes on the sale this device's POS Cart shows, through the sync worker, so it
 * works offline too (src/features/pos-sale, provided by the POS catalog frame, which loads lazily:
 * shoppers never download it). Callers never choose: they ask useCartAdder().
 */
import { createContext, useContext } from 'react';
import type { OptionDef, OptionValueDef } from '../../domain/product-options';
import { useToast } from '../../ui/toast/toast-context';
import { useMode } from '../session/mode';
import { useShopCartAdder } from './use-add-to-cart';

export interface CartAddRequest {
  product_id: number;
  quantity: number;
  /** product_option_id -> value id (or ids, or text), as the product page's form holds them. */
  option?: Readonly<Record<string, string | readonly string[]>>;
  /** Add the product's installation labor with it ('Add With {labor title}'). */
  apply_labor?: boolean;
  /** The product's page, for the toast's View Product (the shopper's reply carries its own). */
  link?: string;
  /** The options as the page shows them (ids, names, prices): what a POS device shows until the server prices them. */
  optionCatalog?: { defs: OptionDef[]; values: OptionValueDef[] };
}

export interface CartAdded {
  /** Where Instant Checkout goes for this cart: the online checkout, or the POS checkout of the sale. */
  checkoutPath: string;
}

export interface CartAdder {
  /** Resolves with where to check out once the item is in the cart; null when it is not (the reason was toasted). */
  add: (req: CartAddRequest) => Promise<CartAdded | null>;
  isPending: boolean;
}

/** The POS sale's adder, set by the POS catalog frame (src/features/pos-sale/pos-cart-adder.tsx). */
export const PosCartAdderContext = createContext<CartAdder | null>(null);

/** Said in POS mode before the POS frame (and its sync worker) is there to take the part. */
export const SALE_NOT_READY = 'This device is still starting up. Try again in a moment.';

export function useCartAdder(): CartAdder {
  const mode = useMode();
  const pos = useContext(PosCartAdderContext);
  const shop = useShopCartAdder();
  const toast = useToast();
  if (mode !== 'pos') return shop;
  // Never the shopper's cart call for staff: it is a different cart from the device's sale.
  return pos ?? { add: () => Promise.resolve(toast.error(SALE_NOT_READY)).then(() => null), isPending: false };
}

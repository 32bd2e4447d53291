/**
 * The product page's store line (storefront.md §2 "Dealer locator", §4 "Store locator";
 * docs/decisions/storefront.md "Dealer locator"): with a chosen store, its stock ('{n} in Stock at
 * {store}', from the inventory reply's storeInventory, which the server reads from the
 * locator_pickup_location cookie) and Change Store; without one, the first-visit popup section
 * (the shop's dealer_locator_popup_heading_text / _text) unless closed in the last 5 minutes
 * (1/288 day), else a 'Find A Local Dealer' button. Both open the locator modal for this product:
 * Add to Cart, or Ship to Store when it is already in the cart.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { inventoryQueryOptions } from '../../api/get-inventory';
import { storeInventoryText } from '../../domain/inventory';
import { dealerPopupTextQueryOptions } from '../../api/product-contact';
import { shopCartQueryOptions } from '../../api/shop-cart';
import { usePainted } from '../../ui/after-paint';
import { Button } from '../../ui/button';
import { markPopupClosed, popupMarked } from '../shopper-store/cookies';
import { useShopperStore } from '../shopper-store/use-shopper-store';
import { LocatorModal } from './locator-modal';
import styles from './dealer-locator.module.css';

export interface StoreStockProps {
  productId: number;
  viewer: string;
  quantity?: number;
}

export function StoreStock({ productId, viewer, quantity = 1 }: StoreStockProps) {
  const painted = usePainted();
  const store = useShopperStore();
  const [open, setOpen] = useState(false);
  const [popupClosed, setPopupClosed] = useState(() => popupMarked());
  const inventory = useQuery({ ...inventoryQueryOptions(productId, viewer), enabled: painted && store.id !== null });
  const popup = useQuery({ ...dealerPopupTextQueryOptions, enabled: painted && store.id === null && !popupClosed });
  const cart = useQuery({ ...shopCartQueryOptions, enabled: open });
  const inCart = cart.data?.products.some((p) => p.product_id === productId) ?? false;
  if (!painted) return null;

  // The modal keeps one place in the tree whichever line shows: choosing a store in it switches the
  // line from the popup (or the button) to the store's stock, and must not remount the open modal
  // (that lost its "... is now your store." notice).
  return (
    <>
      {store.id !== null ? (
        <div className={styles.row} data-testid="store-stock">
          <p className={styles.status} role="status">
            {storeLine(inventory.data?.storeInventory, store.name)}
          </p>
          <Button variant="ghost" onClick={() => setOpen(true)}>
            Change Store
          </Button>
        </div>
      ) : !popupClosed && popup.data ? (
        <section className={styles.popupSection} aria-labelledby="dealer-popup-heading">
          <h2 id="dealer-popup-heading">{popup.data.dealer_locator_popup_heading_text}</h2>
          <p>{popup.data.dealer_locator_popup_text}</p>
          <div className={styles.row}>
            <Button onClick={() => setOpen(true)}>Find A Local Dealer</Button>
            <Button
              variant="ghost"
              onClick={() => {
                markPopupClosed();
                setPopupClosed(true);
              }}
            >
              Close
            </Button>
          </div>
        </section>
      ) : (
        <div className={styles.row}>
          <Button variant="secondary" onClick={() => setOpen(true)}>
            Find A Local Dealer
          </Button>
        </div>
      )}
      <LocatorModal open={open} onOpenChange={setOpen} product={{ product_id: productId, quantity, inCart }} />
    </>
  );
}

function storeLine(n: number | undefined, name: string | null | undefined): string {
  const at = name ?? 'your store';
  if (n === undefined) return `Checking inventory at ${at}...`;
  return storeInventoryText(n, at);
}

/**
 * The dealer locator modal (storefront.md §2 "Dealer locator", §4 "Store locator"): a ZIP search
 * box, up to 3 stores (preferred first; only the chosen store once there is one, until the shopper
 * searches), each with its detail view and Select Store; opened from a product, also Add to Cart,
 * or Ship to Store when the item is already in the cart. 'Show all Stores' opens the locator page's
 * map. docs/decisions/storefront.md "Dealer locator".
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../api/api-error';
import { geocodeZip, locatorQueryOptions, storeLocatorAddProduct } from '../../api/dealer-locator';
import { shopCartQueryKey } from '../../api/shop-cart-key';
import { LOCATOR_SOURCE, type DealerStore } from '../../contracts/dealer-locator';
import { ZIP_MAX_LENGTH } from '../../domain/constants';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/field';
import { Modal } from '../../ui/modal';
import { useChooseStore } from '../shopper-store/use-shopper-store';
import { useShopperStoreId } from '../shopper-store/store-id';
import { StoreCard } from './store-card';
import { LocatorStatus } from './locator-status';
import styles from './dealer-locator.module.css';

export const INVALID_ZIP_TEXT = 'Invalid ZIP code. Please try again.';
export const NO_STORE_WITHIN_TEXT = "We couldn't find this product within 250 miles.";
export const LOCATOR_PAGE = '/index.php?route=module/dealer_locator';

export interface LocatorProduct {
  product_id: number;
  quantity: number;
  /** The item is already in the cart: Ship to Store instead of Add to Cart. */
  inCart: boolean;
}

export interface LocatorModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  product?: LocatorProduct | undefined;
}

export function LocatorModal({ open, onOpenChange, product }: LocatorModalProps) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Find A Local Dealer">
      {open && <LocatorModalBody product={product} onDone={() => onOpenChange(false)} />}
    </Modal>
  );
}

function LocatorModalBody({ product, onDone }: { product?: LocatorProduct | undefined; onDone: () => void }) {
  const chosen = useShopperStoreId();
  const choose = useChooseStore();
  const client = useQueryClient();
  const [zip, setZip] = useState('');
  const [point, setPoint] = useState<{ lat: number; lng: number } | null>(null);
  const [zipError, setZipError] = useState<string | undefined>();
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState<number | null>(null);
  const q = useQuery(
    locatorQueryOptions(LOCATOR_SOURCE, 'modal', point ? point : { selected_store: chosen ?? undefined }),
  );

  const search = async (e: FormEvent) => {
    e.preventDefault();
    setZipError(undefined);
    if (!zip.trim()) return setZipError(INVALID_ZIP_TEXT);
    try {
      setPoint((await geocodeZip(zip.trim())).geo);
    } catch (err) {
      setZipError(err instanceof ApiError && err.status === 400 ? err.message : INVALID_ZIP_TEXT);
    }
  };

  const select = (s: DealerStore) => {
    choose(s);
    setNotice(`${s.location_name} is now your store.`);
  };

  const addToCart = async (s: DealerStore) => {
    if (!product) return;
    setBusy(s.location_id);
    try {
      choose(s);
      await storeLocatorAddProduct(product.product_id, product.quantity);
      await client.invalidateQueries({ queryKey: shopCartQueryKey });
      setNotice(`Added to your cart for pickup at ${s.location_name}.`);
    } catch (err) {
      setNotice(err instanceof ApiError ? err.message : 'The product could not be added.');
    } finally {
      setBusy(null);
    }
  };

  const shipToStore = (s: DealerStore) => {
    choose(s);
    setNotice(`Your item will ship to ${s.location_name}.`);
  };

  const stores = q.data?.data.locations ?? [];
  return (
    <div className={styles.list}>
      <form
        className={styles.search}
        onSubmit={(e) => void search(e)}
        role="search"
        aria-label="Stores near a ZIP code"
      >
        <TextField
          label="ZIP Code"
          name="zip"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={ZIP_MAX_LENGTH}
          value={zip}
          onChange={(e) => setZip(e.target.value)}
          error={zipError}
        />
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </form>
      <LocatorStatus query={q} found={stores.length} noneText={product ? NO_STORE_WITHIN_TEXT : undefined} />
      <ul className={styles.list} aria-label="Stores">
        {stores.map((s) => {
          const isChosen = s.location_id === chosen;
          return (
            <li key={s.location_id}>
              <StoreCard
                store={s}
                chosen={isChosen}
                actions={
                  <>
                    <Button variant={isChosen ? 'secondary' : 'primary'} onClick={() => select(s)} disabled={isChosen}>
                      {isChosen ? 'My Selected Store' : 'Select Store'}
                    </Button>
                    {product && !product.inCart && (
                      <Button variant="secondary" onClick={() => void addToCart(s)} disabled={busy !== null}>
                        Add to Cart
                      </Button>
                    )}
                    {product?.inCart && (
                      <Button variant="secondary" onClick={() => shipToStore(s)}>
                        Ship to Store
                      </Button>
                    )}
                  </>
                }
              />
            </li>
          );
        })}
      </ul>
      <p className={styles.status} role="status">
        {notice}
      </p>
      <Link to={LOCATOR_PAGE} onClick={onDone}>
        Show all Stores
      </Link>
    </div>
  );
}

/**
 * The header's dealer locator control (storefront.md §2 "Dealer locator", §4 "Store locator"): a
 * button reading 'Find A Local Dealer', or 'My Selected Store' with the store's name and address
 * once one is chosen; it opens the locator modal. Loaded after the first paint (the header's
 * lazyAfterPaint), so it costs the storefront's first load nothing.
 */
import { useState } from 'react';
import bar from '../../ui/bar-button.module.css';
import { useShopperStore } from '../shopper-store/use-shopper-store';
import { LocatorModal } from './locator-modal';
import styles from './dealer-locator.module.css';

export const FIND_DEALER = 'Find A Local Dealer';
export const MY_STORE = 'My Selected Store';

export function LocatorNav() {
  const store = useShopperStore();
  const [open, setOpen] = useState(false);
  return (
    <div className={styles.nav}>
      <button type="button" className={bar.barButton} onClick={() => setOpen(true)} aria-haspopup="dialog">
        {store.id === null ? FIND_DEALER : MY_STORE}
      </button>
      {store.id !== null && store.name && (
        <span className={styles.navStore} data-testid="nav-store" title={`${store.name}, ${store.address ?? ''}`}>
          {store.name}
          <br />
          {store.address}
        </span>
      )}
      <LocatorModal open={open} onOpenChange={setOpen} />
    </div>
  );
}

export default LocatorNav;

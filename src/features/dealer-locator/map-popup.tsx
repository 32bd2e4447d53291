/**
 * The store a map marker opened (both maps, store-map.tsx and tile-map.tsx): name, address and
 * 'Make My Store' or 'My Selected Store' (§4), and Close.
 */
import type { DealerStore } from '../../contracts/dealer-locator';
import { Button } from '../../ui/button';
import styles from './dealer-locator.module.css';

export interface MapPopupProps {
  store: DealerStore;
  chosenId: number | null;
  onMakeMyStore: (store: DealerStore) => void;
  onClose: () => void;
}

export function MapPopup({ store, chosenId, onMakeMyStore, onClose }: MapPopupProps) {
  const chosen = store.location_id === chosenId;
  return (
    <div className={styles.popup} role="region" aria-label={`${store.location_name} details`}>
      <p>
        <strong>{store.location_name}</strong>
      </p>
      <p>{store.address}</p>
      <div className={styles.row}>
        <Button variant={chosen ? 'secondary' : 'primary'} disabled={chosen} onClick={() => onMakeMyStore(store)}>
          {chosen ? 'My Selected Store' : 'Make My Store'}
        </Button>
        <Button variant="ghost" onClick={onClose}>
          Close
        </Button>
      </div>
    </div>
  );
}

/**
 * One store's detail view (storefront.md §2 "Dealer locator"): name, address, distance, hours, and
 * the actions Directions, Contact (tel), Email, View Website, and the caller's own (Select Store,
 * Make My Store, Add to Cart, Ship to Store). Rendered from the reply's fields: the server's
 * info_window HTML is never inserted (docs/decisions/storefront.md "Dealer locator"). In kiosk mode
 * the external links (Directions, View Website) are not offered (§6).
 */
import type { ReactNode } from 'react';
import type { DealerStore } from '../../contracts/dealer-locator';
import { locationTypeLabel } from '../../domain/locator';
import { useMode } from '../session/mode';
import { StoreHoursToggle } from './store-hours';
import styles from './dealer-locator.module.css';

export interface StoreCardProps {
  store: DealerStore;
  chosen: boolean;
  /** The caller's buttons (Select Store, Add to Cart, ...). */
  actions?: ReactNode;
  /** A location-type link: filters the list by this store's type. */
  onType?: (type: string) => void;
  headingLevel?: 'h2' | 'h3';
}

export function StoreCard({ store, chosen, actions, onType, headingLevel: H = 'h3' }: StoreCardProps) {
  const kiosk = useMode() === 'kiosk';
  const tel = store.telephone.replace(/[^\d+]/g, '');
  return (
    <article className={styles.card} aria-label={store.location_name} data-location-id={store.location_id}>
      <H className={styles.cardTitle}>
        {store.location_name}
        {chosen && <span className={styles.badge}>My Selected Store</span>}
      </H>
      {onType ? (
        <button type="button" className={styles.typeLink} onClick={() => onType(store.location_type)}>
          {locationTypeLabel(store.location_type)}
        </button>
      ) : null}
      <p className={styles.address}>{store.address}</p>
      {store.formatted_distance && <p className={styles.distance}>{store.formatted_distance}</p>}
      <ul className={styles.links}>
        {!kiosk && (
          <li>
            <a href={store.map_link} target="_blank" rel="noopener noreferrer">
              Directions
            </a>
          </li>
        )}
        {tel && (
          <li>
            <a href={`tel:${tel}`} aria-label={`Contact ${store.formatted_telephone}`}>
              Contact
            </a>{' '}
            <span className={styles.muted}>{store.formatted_telephone}</span>
          </li>
        )}
        {store.email && (
          <li>
            <a href={`mailto:${store.email}`}>Email</a>
          </li>
        )}
        {!kiosk && store.website && (
          <li>
            <a href={store.website} target="_blank" rel="noopener noreferrer">
              View Website
            </a>
          </li>
        )}
      </ul>
      <StoreHoursToggle store={store} />
      {actions && <div className={styles.actions}>{actions}</div>}
    </article>
  );
}

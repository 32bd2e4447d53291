import { useOnline } from '../../device/use-online';
import styles from './online-indicator.module.css';

/**
 * "Online" / "Offline" with a coloured dot; announced politely when it changes. `offlineOnly`
 * (the storefront: shoppers and the kiosk) shows nothing while online — a shopper needs no
 * "Online" dot — and "Offline" when the connection is gone, so a page that cannot load more says
 * why (docs/decisions/storefront.md "Wording a shopper sees"). The live region stays in place
 * either way, so the change is announced.
 */
export function OnlineIndicator({ offlineOnly = false }: { offlineOnly?: boolean }) {
  const online = useOnline();
  if (offlineOnly && online) return <span role="status" aria-live="polite" />;
  return (
    <span className={`${styles.indicator} ${online ? '' : styles.offline}`} role="status" aria-live="polite">
      <span className={styles.dot} aria-hidden="true" />
      {online ? 'Online' : 'Offline'}
    </span>
  );
}

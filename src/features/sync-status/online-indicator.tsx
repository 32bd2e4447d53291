import { useOnline } from '../../device/use-online';
import styles from './online-indicator.module.css';

/** "Online" / "Offline" with a coloured dot; announced politely when it changes. */
export function OnlineIndicator() {
  const online = useOnline();
  return (
    <span className={`${styles.indicator} ${online ? '' : styles.offline}`} role="status" aria-live="polite">
      <span className={styles.dot} aria-hidden="true" />
      {online ? 'Online' : 'Offline'}
    </span>
  );
}

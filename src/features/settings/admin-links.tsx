/** The admin's store settings screens, linked from /pos/settings (docs/decisions/storefront.md "Kiosk settings and video report", "Custom forms admin"; docs/decisions/pos.md "Custom fields settings"). */
import { Link } from 'react-router';
import { useSession } from '../session/use-session';
import styles from './settings.module.css';

export function AdminLinks() {
  const { user } = useSession();
  if (user?.role !== 'admin') return null;
  return (
    <nav className={styles.section} aria-label="Store settings" style={{ marginTop: 'var(--space-4)' }}>
      <h2 className={styles.sectionTitle}>Store settings</h2>
      <ul>
        <li>
          <Link to="/pos/settings/kiosk">Kiosk: settings and video views</Link>
        </li>
        <li>
          <Link to="/pos/settings/forms">Custom forms and submissions</Link>
        </li>
        <li>
          <Link to="/pos/settings/custom-fields">Custom fields of the customer form</Link>
        </li>
      </ul>
    </nav>
  );
}

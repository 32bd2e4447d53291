/**
 * "Customer form" on the POS settings page, for admins: the way to the custom fields screen
 * (/pos/settings/custom-fields, docs/decisions/pos.md "Custom fields settings").
 */
import { Link } from 'react-router';
import { buttonClassName } from '../../ui/button';
import { useSession } from '../session/use-session';
import styles from './settings.module.css';

export function ShopDefinitionsSection() {
  const { user } = useSession();
  if (user?.role !== 'admin') return null;
  return (
    <section className={styles.section} aria-labelledby="shop-definitions-title">
      <h2 id="shop-definitions-title" className={styles.sectionTitle}>
        Customer form
      </h2>
      <p>Custom fields: extra questions on the customer form and on each address.</p>
      <Link className={buttonClassName('secondary')} to="/pos/settings/custom-fields">
        Custom Fields
      </Link>
    </section>
  );
}

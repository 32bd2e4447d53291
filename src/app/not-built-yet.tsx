import { Link, useLocation } from 'react-router';
import { buttonClassName } from '../ui/button';
import styles from './page.module.css';

export interface NotBuiltYetProps {
  /** The route as the spec names it, e.g. "/pos/order/view" or "index.php?route=product/search". */
  route: string;
  /** Where "Back" goes; defaults by area. */
  backTo?: string;
}

/**
 * THE placeholder for every screen a later issue builds: one component, so `grep NotBuiltYet`
 * lists exactly what is left. It says plainly that the screen does not exist yet; it never
 * pretends to work.
 */
export function NotBuiltYet({ route, backTo }: NotBuiltYetProps) {
  const { pathname } = useLocation();
  const pos = pathname.startsWith('/pos/');
  const back = backTo ?? (pos ? '/pos/order' : '/product/catalog');
  return (
    <section className={styles.page} aria-labelledby="not-built-yet-title">
      <h1 id="not-built-yet-title" className={styles.title}>
        Not available yet
      </h1>
      <p>
        The screen <span className={styles.route}>{route}</span> is not built yet.
      </p>
      <div className={styles.actions}>
        <Link to={back} className={buttonClassName('primary')}>
          {pos ? 'Back to Orders' : 'Back to the Catalog'}
        </Link>
      </div>
    </section>
  );
}

import { Link } from 'react-router';
import { buttonClassName } from '../ui/button';
import styles from './page.module.css';

export function NotFound() {
  return (
    <section className={styles.page} aria-labelledby="not-found-title">
      <h1 id="not-found-title" className={styles.title}>
        Page not found
      </h1>
      <p>The page you requested cannot be found.</p>
      <div className={styles.actions}>
        <Link to="/product/catalog" className={buttonClassName('primary')}>
          Back to the Catalog
        </Link>
      </div>
    </section>
  );
}

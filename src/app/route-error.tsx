import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Button, buttonClassName } from '../ui/button';
import styles from './page.module.css';

/**
 * Shown when a route fails to render or its lazy chunk fails to load. After a deploy an open tab
 * asks for chunks that no longer exist; reloading fetches the new build.
 */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : 'This screen could not be loaded.';
  return (
    <section className={styles.page} role="alert" aria-labelledby="route-error-title">
      <h1 id="route-error-title" className={styles.title}>
        Uh oh!
      </h1>
      <p>{message}</p>
      <div className={styles.actions}>
        <Button onClick={() => window.location.reload()}>Reload</Button>
        <Link to="/product/catalog" className={buttonClassName('secondary')}>
          Back to the Catalog
        </Link>
      </div>
    </section>
  );
}

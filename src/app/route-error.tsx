import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Button, buttonClassName } from '../ui/button';
import styles from './page.module.css';
import { isChunkLoadError } from './sw/chunk-load-error';
import { NewVersionError } from './sw/new-version-error';

/**
 * Shown when a route fails to render. A lazy chunk that fails to load (after a deploy an open tab
 * asks for chunks that no longer exist) is not a crash: it offers the new version instead.
 */
export function RouteError() {
  const error = useRouteError();
  if (isChunkLoadError(error)) return <NewVersionError />;
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : 'This screen could not be loaded.';
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

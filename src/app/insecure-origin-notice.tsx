import { useEffect, useState, useSyncExternalStore } from 'react';
import { getHttpsAddress } from '../api/get-https-address';
import styles from './insecure-origin-notice.module.css';

const never = () => () => undefined;

/**
 * On an insecure origin (a tablet on http://192.168.1.20:8080) the browser withholds the service
 * worker, crypto.randomUUID, Web Locks and persistent storage: the POS works online but cannot
 * open offline. Say so, with the shop's https address for this host (GET /setup/https-address)
 * and the set-up page, instead of failing silently (docs/operations.md "HTTPS on the shop network").
 * The server snapshot is "secure": the server-rendered first screen never shows it.
 */
export function InsecureOriginNotice() {
  const insecure = useSyncExternalStore(
    never,
    () => !window.isSecureContext,
    () => false,
  );
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!insecure) return;
    const abort = new AbortController();
    getHttpsAddress(abort.signal)
      .then((reply) => setUrl(reply.url))
      .catch(() => undefined); // offline or an older server: the notice still shows, without the address
    return () => abort.abort();
  }, [insecure]);
  if (!insecure) return null;
  return (
    <div className={styles.notice} role="alert" data-testid="insecure-origin">
      This address is not secure, so the POS cannot work offline.{' '}
      {url ? (
        <>
          Open <a href={url}>{url}</a> instead.
        </>
      ) : (
        <>Open the shop&apos;s https address instead.</>
      )}{' '}
      <a href="/setup/device">How to set up this device</a>
    </div>
  );
}

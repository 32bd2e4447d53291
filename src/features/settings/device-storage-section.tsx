import { Button } from '../../ui/button';
import { requestPersistentStorage } from '../../device/request-persistent-storage';
import { storageNearlyFull, usageText } from './storage-figures';
import { useStorageInfo } from './use-storage-info';
import styles from './settings.module.css';

/**
 * "Device storage": whether the browser may evict this device's data (unsynced sales live there),
 * and how much of the quota it uses, with a warning from 80%.
 */
export function DeviceStorageSection() {
  const info = useStorageInfo();
  const full = storageNearlyFull(info.usage, info.quota);
  const persistentText =
    info.persistent === null
      ? 'Unknown (not supported by this browser)'
      : info.persistent
        ? 'Yes'
        : 'No — the browser may clear it when space runs low';
  return (
    <section className={styles.section} aria-labelledby="device-storage-title">
      <h2 id="device-storage-title" className={styles.sectionTitle}>
        Device storage
      </h2>
      {info.loading ? (
        <p>Reading storage figures…</p>
      ) : (
        <>
          <dl className={styles.figures}>
            <dt>Persistent</dt>
            <dd data-testid="storage-persistent">{persistentText}</dd>
            <dt>Used</dt>
            <dd data-testid="storage-usage">
              {info.usage !== undefined && info.quota !== undefined ? usageText(info.usage, info.quota) : 'Unknown'}
            </dd>
          </dl>
          {full && (
            <p className={styles.warning} role="alert">
              Storage is over 80% full. Sync pending changes and free space on this device, or sales may fail to save
              offline.
            </p>
          )}
        </>
      )}
      <div className={styles.actions}>
        {info.persistent === false && (
          <Button variant="secondary" onClick={() => void requestPersistentStorage().finally(info.refresh)}>
            Ask to keep data
          </Button>
        )}
        <Button variant="secondary" onClick={info.refresh}>
          Refresh
        </Button>
      </div>
    </section>
  );
}
